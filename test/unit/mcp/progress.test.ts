// bridge serve's side of calls that wait, against a scripted editor: a client's progressToken becomes the
// request's `"progress": true`, the editor's bridge.progress notifications come back as notifications/progress,
// and a client's cancel becomes bridge.cancel for that request id — all around the relay's bridge.mcp request
// (the scripted editor answers it as addon/transport/net/jsonrpc.gd does: {result: the MCP result}).
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {CallToolResultSchema} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {WebSocketServer} from 'ws'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {serveInMemory} from '../../support/serve-in-memory.js'

const WAIT: CommandDoc = {
  method: 'slow.wait',
  summary: 'Waits ten steps.',
  params: [],
  example: {},
  read_only: true,
  destructive: false,
  input_schema: {type: 'object', properties: {}, additionalProperties: false},
}

describe('mcp progress and cancellation (scripted editor)', () => {
  let peer: WebSocketServer
  let dir: string
  let client: Client
  let cleanup: () => Promise<void>
  const requests: Record<string, unknown>[] = []
  const cancels: unknown[] = []

  before(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-progress-')))
    mkdirSync(join(dir, '.engine'))
    writeFileSync(join(dir, 'project.godot'), 'config_version=5\n')
    peer = new WebSocketServer({host: '127.0.0.1', port: 0})
    await new Promise((r) => peer.once('listening', r))
    const port = (peer.address() as {port: number}).port
    const hello = {project_root: dir, pid: process.pid, ws_port: port, started_at: '2026-01-01T00:00:00Z'}
    writeFileSync(join(dir, '.engine', 'bridge.json'), JSON.stringify(hello))
    peer.on('connection', (ws) => {
      ws.send(JSON.stringify({jsonrpc: '2.0', method: 'bridge.hello', params: hello}))
      const running = new Map<number, NodeJS.Timeout>()
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString())
        if (msg.method === 'bridge.cancel') {
          cancels.push(msg.params.id)
          clearInterval(running.get(msg.params.id))
          ws.send(JSON.stringify({jsonrpc: '2.0', id: msg.params.id, error: {code: -32007, message: 'cancelled'}}))
          return
        }
        if (msg.method === 'engine.commands') {
          ws.send(JSON.stringify({jsonrpc: '2.0', id: msg.id, result: {count: 1, commands: [WAIT]}}))
          return
        }
        requests.push(msg)
        let step = 0
        const timer = setInterval(() => {
          step++
          if (msg.progress)
            ws.send(
              JSON.stringify({
                jsonrpc: '2.0',
                method: 'bridge.progress',
                params: {id: msg.id, progress: step, total: 10},
              }),
            )
          if (step === 10) {
            clearInterval(timer)
            const answer = {content: [{type: 'text', text: JSON.stringify({steps: step})}]}
            ws.send(JSON.stringify({jsonrpc: '2.0', id: msg.id, result: {result: answer}}))
          }
        }, 20)
        running.set(msg.id, timer)
      })
    })
    ;({client, close: cleanup} = await serveInMemory(dir))
  })
  after(async () => {
    await cleanup?.()
    peer?.close()
    rmSync(dir, {recursive: true, force: true})
  })

  it("forwards the editor's progress to a client that sent a progressToken", async () => {
    const heard: {progress: number; total?: number}[] = []
    const result = await client.callTool({name: 'slow_wait', arguments: {}}, CallToolResultSchema, {
      onprogress: (p) => heard.push(p),
    })
    expect(result.isError).to.not.equal(true)
    expect(requests.at(-1)).to.include({method: 'bridge.mcp', progress: true})
    expect((requests.at(-1)!.params as {message: unknown}).message).to.deep.include({
      method: 'tools/call',
      params: {name: 'slow_wait', arguments: {}},
    })
    expect(heard.map((p) => p.progress)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(heard.every((p) => p.total === 10)).to.equal(true)
  })

  it('asks for no progress without a token, and passes a cancel on as bridge.cancel for that request', async () => {
    await client.callTool({name: 'slow_wait', arguments: {}})
    expect(requests.at(-1)).to.not.have.property('progress')
    const abort = new AbortController()
    const call = client.callTool({name: 'slow_wait', arguments: {}}, CallToolResultSchema, {signal: abort.signal})
    setTimeout(() => abort.abort(), 50)
    let failed = false
    await call.catch(() => (failed = true))
    expect(failed).to.equal(true)
    for (const end = Date.now() + 2000; cancels.length === 0 && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 10))
    expect(cancels).to.deep.equal([requests.at(-1)!.id])
  })
})
