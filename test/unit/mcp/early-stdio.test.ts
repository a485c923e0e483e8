import {expect} from 'chai'
import {PassThrough} from 'node:stream'

import {LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS as SDK_VERSIONS} from '@modelcontextprotocol/server'

import {EarlyStdioTransport} from '../../../src/mcp/early-stdio.js'
import {SUPPORTED_PROTOCOL_VERSIONS, negotiatedProtocolVersion} from '../../../src/mcp/identity.js'

function lines(out: PassThrough): unknown[] {
  return String(out.read() ?? '')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
}

describe('serve answers initialize before the MCP SDK has loaded', () => {
  it('knows the same protocol versions as the SDK, newest first', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).to.deep.equal(SDK_VERSIONS)
    expect(negotiatedProtocolVersion('1999-01-01')).to.equal(LATEST_PROTOCOL_VERSION)
    expect(negotiatedProtocolVersion('2025-06-18')).to.equal('2025-06-18')
  })

  it('answers initialize at once, queues the rest in order for the server, and drops the server’s second answer', async () => {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    const transport = new EarlyStdioTransport(stdin, stdout, '9.9.9')
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {protocolVersion: '2025-06-18', capabilities: {}},
    }
    stdin.write(JSON.stringify(init) + '\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\nnot json\n')
    await new Promise((r) => setImmediate(r))
    const early = lines(stdout) as {id: number; result: {protocolVersion: string; serverInfo: {version: string}}}[]
    expect(early).to.have.length(1)
    expect(early[0].id).to.equal(1)
    expect(early[0].result.protocolVersion).to.equal('2025-06-18')
    expect(early[0].result.serverInfo.version).to.equal('9.9.9')

    const seen: unknown[] = []
    const errors: Error[] = []
    transport.onmessage = (m) => seen.push(m)
    transport.onerror = (e) => errors.push(e)
    await transport.start()
    expect(seen.map((m) => (m as {method: string}).method)).to.deep.equal(['initialize', 'tools/list'])
    expect(errors).to.have.length(0) // a bad line before the server listens is dropped, never queued

    await transport.send({jsonrpc: '2.0', id: 1, result: {}} as never) // the server's own initialize answer
    await transport.send({jsonrpc: '2.0', id: 2, result: {tools: []}} as never)
    expect((lines(stdout) as {id: number}[]).map((m) => m.id)).to.deep.equal([2])
    await transport.close()
  })
})

describe('serve answers a 2026-07-28 server/discover before the MCP SDK has loaded', () => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': {name: 'unit', version: '1'},
    'io.modelcontextprotocol/clientCapabilities': {},
  }
  const discover = {jsonrpc: '2.0', id: 7, method: 'server/discover', params: {_meta: meta}}

  it("answers exactly what the SDK's serveStdio answers over the same surface", async () => {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    const early = new EarlyStdioTransport(stdin, stdout, '9.9.9')
    stdin.write(JSON.stringify(discover) + '\n')
    await new Promise((r) => setImmediate(r))
    const ours = lines(stdout)
    expect(ours).to.have.length(1)
    await early.close()

    // the SDK itself, serving the same surface over its own stdio transport
    const {serveStdio, StdioServerTransport} = await import('@modelcontextprotocol/server/stdio')
    const {createSurface} = await import('../../../src/mcp/index.js')
    const surface = createSurface({projectRoot: '/nonexistent', version: '9.9.9', log: () => {}})
    const sdkIn = new PassThrough()
    const sdkOut = new PassThrough()
    const handle = serveStdio(surface.factory, {transport: new StdioServerTransport(sdkIn, sdkOut)})
    sdkIn.write(JSON.stringify(discover) + '\n')
    let theirs: unknown[] = []
    for (const end = Date.now() + 3000; theirs.length === 0 && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 10))
      theirs = lines(sdkOut)
    }
    await handle.close()
    await surface.cleanup()
    expect(ours[0]).to.deep.equal(theirs[0])
  })

  it('leaves a discover for another revision to the SDK (which answers it with its own error)', async () => {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    const early = new EarlyStdioTransport(stdin, stdout, '9.9.9')
    const future = {...discover, params: {_meta: {...meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01'}}}
    stdin.write(JSON.stringify(future) + '\n')
    await new Promise((r) => setImmediate(r))
    expect(lines(stdout)).to.have.length(0)
    await early.close()
  })
})
