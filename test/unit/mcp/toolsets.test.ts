// Toolsets without an engine: the shared definition (addon/mcp/toolsets.json), groups no toolset lists,
// client matching, fitting a client's limit, and a session that enables a toolset over a fake editor link and
// relay that lists what the session enables (the MCP SDK's Client over an in-memory transport). The engine-backed proof is test/e2e/mcp/toolsets.e2e.test.ts.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js'
import {Server} from '@modelcontextprotocol/server'
import {ToolListChangedNotificationSchema} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import type {EditorLink} from '../../../src/mcp/editor-link.js'
import type {Relay} from '../../../src/mcp/relay.js'
import {Tools, registerTools, toolName} from '../../../src/mcp/tools.js'
import {Selection, TOOLSETS, fitProfile, matchClient, toolsetOfGroup, toolsetsFor} from '../../../src/mcp/toolsets.js'

const doc = (method: string, extra: Partial<CommandDoc> = {}): CommandDoc => ({
  method,
  summary: `Summary of ${method}.`,
  params: [],
  example: {},
  read_only: false,
  destructive: false,
  input_schema: {type: 'object', properties: {}, additionalProperties: false},
  ...extra,
})

/** n commands of a group. */
const group = (name: string, n: number) => Array.from({length: n}, (_, i) => doc(`${name}.c${i}`))

describe('toolsets: the shared definition', () => {
  it('lists every group once, with a description, and names that fit Cursor beside godot-bridge', () => {
    const seen = new Set<string>()
    for (const t of TOOLSETS.toolsets) {
      expect(t.description, t.name).to.match(/\.$/)
      expect(t.name).to.match(/^[a-z0-9_]+$/)
      for (const g of t.groups ?? []) {
        expect(seen.has(g), `group ${g} is in two toolsets`).to.equal(false)
        seen.add(g)
      }
    }
    for (const c of TOOLSETS.clients) expect(c.toolsets.length, c.name).to.be.greaterThan(0)
    expect(TOOLSETS.tool.name).to.equal('bridge_toolsets')
  })

  it('puts a group no toolset lists into a toolset named after it, so a new group never vanishes', () => {
    expect(toolsetOfGroup('node')).to.equal('scene')
    expect(toolsetOfGroup('fluid_sim')).to.equal('fluid_sim')
    const sets = toolsetsFor([...group('node', 2), ...group('fluid_sim', 3), ...group('engine', 1)])
    expect(sets.map((s) => [s.name, s.methods.length])).to.deep.equal([
      ['scene', 2],
      ['editor', 1],
      ['fluid_sim', 3],
    ])
    expect(sets[2].description).to.include('fluid_sim.*')
  })

  it('matches clientInfo names loosely and case-insensitively; Cursor is not taken for VS Code', () => {
    expect(matchClient('Visual Studio Code')?.name).to.equal('vscode')
    expect(matchClient('Visual Studio Code - Insiders')?.name).to.equal('vscode')
    expect(matchClient('cursor-vscode')?.name).to.equal('cursor')
    expect(matchClient('CLAUDE-CODE')?.name).to.equal('claude-code')
    expect(matchClient('claude-ai')?.name).to.equal('claude-desktop')
    expect(matchClient('JetBrains AI Assistant')?.name).to.equal('jetbrains')
    expect(matchClient('my-agent')).to.equal(undefined)
    expect(matchClient(undefined)).to.equal(undefined)
  })

  it('fits the preferred toolsets under a limit in order, skipping one that would pass it', () => {
    const sets = toolsetsFor([
      ...group('node', 30),
      ...group('engine', 20),
      ...group('runtime', 50),
      ...group('project', 10),
    ])
    expect(fitProfile(sets, ['scene', 'editor', 'runtime', 'project'], 96, 2)).to.deep.equal([
      'scene',
      'editor',
      'project',
    ])
    expect(fitProfile(sets, ['scene', 'editor'], 40, 2)).to.deep.equal(['scene'])
    expect(fitProfile(sets, ['all'], undefined, 2)).to.deep.equal(['scene', 'editor', 'project', 'runtime'])
  })

  it('a selection of all also takes toolsets that appear later, minus what was disabled', () => {
    const all = new Selection(['all'])
    all.disable('runtime')
    expect([all.has('scene'), all.has('runtime'), all.has('new_group')]).to.deep.equal([true, false, true])
    const some = new Selection(['scene'])
    some.enable('physics')
    expect([some.has('scene'), some.has('physics'), some.has('editor')]).to.deep.equal([true, true, false])
    expect(new Selection(['none']).has('scene')).to.equal(false)
  })
})

describe('toolsets: a session over a fake editor', () => {
  const DOCS = [
    // the core toolset takes single commands out of their groups
    ...['scene.play', 'scene.stop', 'runtime.step', 'runtime.get', 'scene.open', 'node.add', 'node.set'].map((m) =>
      doc(m),
    ),
    ...group('node', 20),
    ...group('engine', 20),
    ...group('runtime', 30),
    doc('project.info', {
      read_only: true,
      output_schema: {type: 'object', properties: {name: {type: 'string'}}, required: ['name']},
    } as Partial<CommandDoc>),
  ]
  const link = {
    projectRoot: '/proj',
    commands: async () => DOCS,
    knownCommands: () => DOCS,
    refresh: async () => {},
    onChange: () => {},
  } as unknown as EditorLink
  /** As the editor lists (addon/mcp/tools.gd): the three fixed tools, then the enabled toolsets' commands. */
  const relay: Relay = async (method, params, session) => {
    if (method === 'tools/call' && params.name === 'bridge_toolsets') {
      // the editor decides the change (addon/mcp/toolset_changes.gd) and hands the new selection back
      const asked = (params.arguments as {toolsets?: string[]}).toolsets ?? []
      session.changedTo = [...new Set([...session.toolsets, ...asked])]
      return {content: [{type: 'text', text: '{}'}], structuredContent: {enabled: session.changedTo}}
    }
    if (method === 'tools/call')
      return {content: [{type: 'text', text: '{}'}], structuredContent: {called: params.name}}
    const enabled = toolsetsFor(DOCS).filter((set) => session.toolsets.includes(set.name))
    const typed = enabled.flatMap((set) => set.methods).map((m) => ({name: toolName(m), inputSchema: {type: 'object'}}))
    return {
      tools: ['engine_run', 'bridge_toolsets', 'bridge_find']
        .map((name) => ({name, inputSchema: {type: 'object'}}))
        .concat(typed),
    }
  }

  async function connect(clientName: string, toolsets?: string[]) {
    const logs: string[] = []
    const server = new Server({name: 'godot-bridge', version: '0'}, {capabilities: {tools: {listChanged: true}}})
    const tools = new Tools({
      link,
      relay,
      typed: true,
      pluginTools: Promise.resolve([]),
      log: (m) => logs.push(m),
      toolsets,
      clientName: () => server.getClientVersion()?.name,
      listChanged: () => void server.sendToolListChanged(),
    })
    registerTools(server, tools, link, () => {})
    const [a, b] = InMemoryTransport.createLinkedPair()
    await server.connect(b as never)
    const client = new Client({name: clientName, version: '1'})
    await client.connect(a)
    return {client, logs}
  }

  it('gives Cursor what fits in 40 tools and an unknown client the small core, saying why', async () => {
    const cursor = await connect('cursor-vscode')
    const names = (await cursor.client.listTools()).tools.map((t) => t.name)
    expect(names.length).to.equal(10) // engine_run, bridge_toolsets, bridge_find, the core's 7
    expect(names).to.include('scene_play').and.include('node_add')
    expect(cursor.logs.join('\n')).to.match(
      /toolsets core for client 'cursor-vscode' \(cursor: .*about 40\): 10 tools, at most 40/,
    )
    const other = await connect('my-agent')
    expect((await other.client.listTools()).tools.length).to.equal(10)
    expect(other.logs.join('\n')).to.include("toolsets core for client 'my-agent' (a client not in this table")
    const all = await connect('my-agent', ['all'])
    expect((await all.client.listTools()).tools.length).to.equal(DOCS.length + 3)
  })

  it('keeps the toolsets the editor answers a bridge_toolsets change with, notifies the client, and lists them next', async () => {
    const {client} = await connect('cursor-vscode')
    await client.listTools()
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    )
    const r = await client.callTool({name: 'bridge_toolsets', arguments: {action: 'enable', toolsets: ['project']}})
    expect(r.structuredContent).to.deep.equal({enabled: ['core', 'project']})
    await changed
    const names = (await client.listTools()).tools.map((t) => t.name)
    expect(names).to.include('project_info')
    const info = await client.callTool({name: 'project_info', arguments: {}})
    expect(info.structuredContent).to.deep.equal({called: 'project_info'})
  })
})
