// MCP of both eras against a real headless editor, over stdio (`bridge serve`) and HTTP (the addon's POST /mcp),
// with real clients: the SDK v2 client for the stateless 2026-07-28 revision (server/discover, then requests that
// carry their version in _meta; over HTTP with the Mcp-Method/Mcp-Name headers), the 1.x client for a 2025-11-25
// initialize session, and raw JSON-RPC lines for a 2025-06-18 client (Codex CLI sends that). Each era lists the
// same tools and calls them; completion returns the open scene's node paths; the class template reads a class.
import {Client as ClientV2, StreamableHTTPClientTransport as HttpV2} from '@modelcontextprotocol/client'
import {StdioClientTransport as StdioV2} from '@modelcontextprotocol/client/stdio'
import {Client as ClientV1} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport as StdioV1} from '@modelcontextprotocol/sdk/client/stdio.js'
import {expect} from 'chai'
import {spawn} from 'node:child_process'

import {type EditorFixture, useEditor} from '../../support/fixture.js'
import {serveParams} from '../../support/serve.js'

const MODERN = '2026-07-28'

interface AnyClient {
  listTools(): Promise<{tools: {name: string}[]}>
  callTool(params: {name: string; arguments: Record<string, unknown>}): Promise<unknown>
  close(): Promise<void>
}

type ToolResult = {isError?: boolean; structuredContent?: Record<string, unknown>; content: {text?: string}[]}

/** The same exercise for every era: list, a typed read with structuredContent, a typed change, engine_run. */
async function exercise(client: AnyClient, label: string, root: string): Promise<string[]> {
  const names = (await client.listTools()).tools.map((t) => t.name)
  expect(names, label).to.include.members(['engine_run', 'bridge_toolsets', 'project_info', 'node_add'])
  const info = (await client.callTool({name: 'project_info', arguments: {}})) as ToolResult
  expect(info.isError, `${label}: ${info.content[0]?.text}`).to.not.equal(true)
  expect(info.structuredContent?.project_root, label).to.equal(root)
  const added = (await client.callTool({
    name: 'node_add',
    arguments: {type: 'Node2D', parent: '/root/Main', name: `Era${label.replaceAll(/[^A-Za-z0-9]/g, '')}`},
  })) as ToolResult
  expect(added.isError, `${label}: ${added.content[0]?.text}`).to.not.equal(true)
  const run = (await client.callTool({name: 'engine_run', arguments: {method: 'engine.version'}})) as ToolResult
  expect(run.isError, label).to.not.equal(true)
  return names
}

/** A 2025-06-18 client speaking raw JSON lines, as Codex CLI does: initialize, initialized, tools/list, a call. */
async function rawLegacySession(fx: EditorFixture): Promise<{version: string; names: string[]; info: ToolResult}> {
  const serve = serveParams(fx, ['--toolsets', 'all'])
  const child = spawn(serve.command, serve.args, {env: serve.env, stdio: ['pipe', 'pipe', 'ignore']})
  const answers = new Map<number, {result?: Record<string, unknown>; error?: unknown}>()
  let buffer = ''
  child.stdout.on('data', (d) => {
    buffer += d
    let nl
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const message = JSON.parse(buffer.slice(0, nl))
      buffer = buffer.slice(nl + 1)
      if (typeof message.id === 'number') answers.set(message.id, message)
    }
  })
  const ask = async (id: number, method: string, params: Record<string, unknown>) => {
    child.stdin.write(JSON.stringify({jsonrpc: '2.0', id, method, params}) + '\n')
    for (const end = Date.now() + 30_000; !answers.has(id) && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 20))
    const answer = answers.get(id)
    expect(answer?.error, `${method}: ${JSON.stringify(answer?.error)}`).to.equal(undefined)
    return answer!.result!
  }
  try {
    const init = await ask(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: {name: 'eras-e2e-raw', version: '1'}, // a client with no tool limit: the same list as the others
    })
    child.stdin.write(JSON.stringify({jsonrpc: '2.0', method: 'notifications/initialized'}) + '\n')
    const listed = await ask(2, 'tools/list', {})
    const info = await ask(3, 'tools/call', {name: 'project_info', arguments: {}})
    return {
      version: init.protocolVersion as string,
      names: (listed.tools as {name: string}[]).map((t) => t.name),
      info: info as unknown as ToolResult,
    }
  } finally {
    child.stdin.end()
    child.kill()
  }
}

describe('MCP of both eras: stdio and HTTP, real clients (real editor)', function () {
  this.timeout(240_000)
  // the clients add nodes to the open scene (node_add through every era) and leave them
  const fx = useEditor({pristine: false})
  const url = () => new URL(`http://127.0.0.1:${fx.editor.discovery.http_port}/mcp`)

  describe('bridge serve over stdio', () => {
    let modern: ClientV2
    let legacy: ClientV1
    before(async () => {
      modern = new ClientV2({name: 'eras-e2e', version: '1'}, {versionNegotiation: {mode: 'auto'}})
      await modern.connect(new StdioV2(serveParams(fx, ['--toolsets', 'all'])))
      legacy = new ClientV1({name: 'eras-e2e', version: '1'})
      await legacy.connect(new StdioV1(serveParams(fx, ['--toolsets', 'all'])))
    })
    after(async () => {
      await modern?.close().catch(() => {})
      await legacy?.close().catch(() => {})
    })

    it('a 2026-07-28 client (server/discover, stateless requests), a 2025-11-25 session and a 2025-06-18 one list the same tools and call them', async () => {
      expect(modern.getNegotiatedProtocolVersion()).to.equal(MODERN)
      const modernNames = await exercise(modern as unknown as AnyClient, 'stdio 2026', fx.editor.root)
      const legacyNames = await exercise(legacy as unknown as AnyClient, 'stdio 2025-11-25', fx.editor.root)
      const raw = await rawLegacySession(fx)
      expect(raw.version).to.equal('2025-06-18')
      expect(raw.info.structuredContent?.project_root).to.equal(fx.editor.root)
      expect(modernNames).to.deep.equal(legacyNames)
      expect(raw.names).to.deep.equal(legacyNames)
      const tree = JSON.stringify(await fx.tree())
      expect(tree).to.include('Erastdio2026').and.include('Erastdio20251125')
    })

    it('a 2026-07-28 client hears tools/list_changed when a toolset is enabled, and lists the new tools', async () => {
      let changed: (names: string[]) => void = () => {}
      const heard = new Promise<string[]>((resolve) => (changed = resolve))
      const client = new ClientV2(
        {name: 'eras-e2e', version: '1'},
        {
          versionNegotiation: {mode: 'auto'},
          listChanged: {tools: {onChanged: (_error, tools) => changed((tools ?? []).map((t) => t.name))}},
        },
      )
      await client.connect(new StdioV2(serveParams(fx, ['--toolsets', 'scene'])))
      try {
        expect(client.getNegotiatedProtocolVersion()).to.equal(MODERN)
        expect((await client.listTools()).tools.map((t) => t.name)).to.not.include('project_info')
        const enabled = (await client.callTool({
          name: 'bridge_toolsets',
          arguments: {action: 'enable', toolsets: ['project']},
        })) as ToolResult
        expect(enabled.isError, enabled.content[0]?.text).to.not.equal(true)
        const names = await Promise.race([
          heard,
          new Promise<string[]>((_, reject) => setTimeout(() => reject(new Error('no tools/list_changed')), 10_000)),
        ])
        expect(names).to.include('project_info')
      } finally {
        await client.close().catch(() => {})
      }
    })

    it('completion/complete offers the open scene’s node paths for spatial-placement’s target, and class names for engine://class/{name}', async () => {
      for (const [label, client] of [
        ['2026', modern],
        ['2025', legacy],
      ] as const) {
        const paths = await (client as ClientV2).complete({
          ref: {type: 'ref/prompt', name: 'spatial-placement'},
          argument: {name: 'target', value: ''},
        })
        expect(paths.completion.values, label).to.include('/root/Main')
        const typed = await (client as ClientV2).complete({
          ref: {type: 'ref/prompt', name: 'spatial-placement'},
          argument: {name: 'target', value: '/root/Main/'},
        })
        expect(typed.completion.values.length, label).to.be.greaterThan(0)
        for (const v of typed.completion.values) expect(v.startsWith('/root/Main/'), v).to.equal(true)
        const classes = await (client as ClientV2).complete({
          ref: {type: 'ref/resource', uri: 'engine://class/{name}'},
          argument: {name: 'name', value: 'CharacterBody'},
        })
        expect(classes.completion.values, label).to.include.members(['CharacterBody2D', 'CharacterBody3D'])
      }
      const {resourceTemplates} = await modern.listResourceTemplates()
      expect(resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal(['engine://class/{name}'])
      const read = await modern.readResource({uri: 'engine://class/Node2D'})
      expect(JSON.parse((read.contents[0] as {text: string}).text).class).to.equal('Node2D')
    })
  })

  describe("the addon's POST /mcp", () => {
    it('a 2026-07-28 client (Mcp-Method/Mcp-Name headers) and a 2025 session list the same tools and call them', async () => {
      const modern = new ClientV2({name: 'eras-e2e', version: '1'}, {versionNegotiation: {mode: {pin: MODERN}}})
      // every toolset, as the fixture's 2025 session below lists (a client's small default: core-loop.e2e.test.ts)
      await modern.connect(new HttpV2(new URL(`${url()}?toolsets=all`)))
      // the 1.x client's 2025 session, from the fixture (closed before the editor stops)
      const legacy = await fx.mcpHttp('eras-e2e')
      try {
        expect(modern.getNegotiatedProtocolVersion()).to.equal(MODERN)
        const modernNames = await exercise(modern as unknown as AnyClient, 'http 2026', fx.editor.root)
        const legacyNames = await exercise(legacy as unknown as AnyClient, 'http 2025', fx.editor.root)
        expect(modernNames).to.deep.equal(legacyNames)
        const paths = await modern.complete({
          ref: {type: 'ref/prompt', name: 'spatial-placement'},
          argument: {name: 'target', value: ''},
        })
        expect(paths.completion.values).to.include('/root/Main')
      } finally {
        await modern.close().catch(() => {})
        await legacy.close().catch(() => {})
      }
    })

    it('answers server/discover, stamps resultType and ttlMs/cacheScope, and refuses headers that do not mirror the body', async () => {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientInfo': {name: 'raw', version: '1'},
        'io.modelcontextprotocol/clientCapabilities': {},
      }
      const post = (body: unknown, headers: Record<string, string>) =>
        fetch(url(), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'MCP-Protocol-Version': MODERN,
            ...headers,
          },
          body: JSON.stringify(body),
        })
      const discover = await post(
        {jsonrpc: '2.0', id: 1, method: 'server/discover', params: {_meta: meta}},
        {'Mcp-Method': 'server/discover'},
      )
      expect(discover.status).to.equal(200)
      const found = (await discover.json()).result
      expect(found.supportedVersions).to.include(MODERN)
      expect(found.capabilities).to.include.keys('tools', 'resources', 'prompts', 'completions')
      expect(found).to.include({resultType: 'complete', ttlMs: 0, cacheScope: 'private'})
      const list = (
        await (
          await post({jsonrpc: '2.0', id: 2, method: 'tools/list', params: {_meta: meta}}, {'Mcp-Method': 'tools/list'})
        ).json()
      ).result
      expect(list).to.include({resultType: 'complete', ttlMs: 0, cacheScope: 'private'})
      const call = {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: {_meta: meta, name: 'project_info', arguments: {}},
      }
      const wrongName = await post(call, {'Mcp-Method': 'tools/call', 'Mcp-Name': 'node_add'})
      expect(wrongName.status).to.equal(400)
      expect((await wrongName.json()).error).to.include({code: -32020})
      const noName = await post(call, {'Mcp-Method': 'tools/call'})
      expect(noName.status).to.equal(400)
      const noMethod = await post(call, {'Mcp-Name': 'project_info'})
      expect(noMethod.status).to.equal(400)
      const right = await post(call, {'Mcp-Method': 'tools/call', 'Mcp-Name': 'project_info'})
      expect(right.status).to.equal(200)
      const answer = (await right.json()).result
      expect(answer.resultType).to.equal('complete')
      expect(answer.structuredContent.project_root).to.equal(fx.editor.root)
      const future = await post(
        {
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/list',
          params: {_meta: {...meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01'}},
        },
        {'Mcp-Method': 'tools/list'},
      )
      expect((await future.json()).error).to.include({code: -32022})
    })
  })
})
