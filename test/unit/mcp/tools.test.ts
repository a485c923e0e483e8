// serve's own part of the tool list and calls, over a stand-in link and relay (the editor's answers are proven
// against a real editor in test/e2e/mcp): the list while no editor is up, plugin shadowing, validation before
// anything is relayed, the revision's error forms, and failures as isError.
import {ProtocolError} from '@modelcontextprotocol/server'
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {UnreachableError} from '../../../src/errors.js'
import type {EditorLink} from '../../../src/mcp/editor-link.js'
import {checkContribution, type PluginTool} from '../../../src/mcp/plugin-tools.js'
import {mcpDir} from '../../../src/mcp/surface.js'
import {earlyTools} from '../../../src/mcp/early-tools.js'
import type {Relay} from '../../../src/mcp/relay.js'
import {ENGINE_RUN, Tools} from '../../../src/mcp/tools.js'

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

const DOCS = [
  doc('node.add', {
    input_schema: {
      type: 'object',
      properties: {type: {type: 'string'}, name: {type: 'string'}},
      required: ['type'],
      additionalProperties: false,
    },
    timeout_ms: 90_000,
  }),
  doc('anim_tree.add_state', {destructive: true}),
  doc('scene.tree', {read_only: true}),
]

type PluginRun = (args: Record<string, unknown>, context: {call(m: string): Promise<unknown>}) => Promise<unknown>

function plugin(name: string, run: PluginRun = async (args) => ({args})): PluginTool {
  const checked = checkContribution(
    {name, description: 'A plugin tool.', inputSchema: {type: 'object', properties: {}}, run},
    'fx',
  )
  if (typeof checked === 'string') throw new Error(checked)
  return checked
}

/** The editor's list for the stand-in: what the relay answers to tools/list. */
const LISTED = [ENGINE_RUN, {name: 'bridge_toolsets'}, {name: 'bridge_find'}, {name: 'node_add'}]

function setup(options: {typed?: boolean; plugins?: PluginTool[]; fail?: Error; down?: boolean} = {}) {
  /** [method, params, timeoutMs] of every call the plugin context made and every MCP message relayed. */
  const calls: [string, Record<string, unknown>, number][] = []
  const logs: string[] = []
  const link = {
    projectRoot: '/proj',
    commands: async () => (options.down ? undefined : DOCS),
    knownCommands: () => (options.down ? undefined : DOCS),
    refresh: async () => {},
    async call(method: string, params: Record<string, unknown>, timeoutMs: number) {
      calls.push([method, params, timeoutMs])
      return {called: method}
    },
  } as unknown as EditorLink
  const relay: Relay = async (method, params, _session, timeoutMs = 0) => {
    calls.push([method, params, timeoutMs])
    if (options.fail) throw options.fail
    if (method === 'tools/list') return {tools: LISTED}
    return {content: [{type: 'text', text: JSON.stringify({relayed: params.name})}]}
  }
  const tools = new Tools({
    link,
    relay,
    typed: options.typed ?? true,
    pluginTools: Promise.resolve(options.plugins ?? []),
    log: (m) => logs.push(m),
  })
  return {tools, calls, logs}
}

const text = (r: {content: unknown[]}) => (r.content[0] as {text: string}).text

/** A call made in the 2025-11-25 revision, where bad arguments are an isError result (SEP-1303). */
const NOW = {revision: '2025-11-25'}

async function refusedWith(call: Promise<unknown>): Promise<{code: number; message: string}> {
  try {
    await call
  } catch (error) {
    return error as {code: number; message: string}
  }
  throw new Error('expected a JSON-RPC error')
}

describe('mcp tools', () => {
  it('engine_run is addon/mcp/engine_run.json as written', () => {
    expect(ENGINE_RUN).to.deep.equal(JSON.parse(readFileSync(join(mcpDir(), 'engine_run.json'), 'utf8')))
  })

  it("lists the editor's tools for the session, then plugin tools; a plugin may not shadow an addon command", async () => {
    const {tools, logs, calls} = setup({plugins: [plugin('node_add'), plugin('engine_run'), plugin('fx_tool')]})
    expect((await tools.list()).map((t) => t.name)).to.deep.equal([
      'engine_run',
      'bridge_toolsets',
      'bridge_find',
      'node_add',
      'fx_tool',
    ])
    expect(calls.map((c) => c[0])).to.deep.equal(['tools/list'])
    expect(logs.filter((l) => l.includes('would shadow an addon command'))).to.have.length(2)
  })

  it("with no editor up, lists the addon's own list from the catalog, filtered to the session's toolsets", async () => {
    const {tools, calls} = setup({down: true})
    const listed = await tools.list()
    const catalog = new Map(earlyTools().map((t) => [t.name, t]))
    expect(listed.slice(0, 3).map((t) => t.name)).to.deep.equal(['engine_run', 'bridge_toolsets', 'bridge_find'])
    for (const tool of listed) expect(tool).to.deep.equal(catalog.get(tool.name))
    expect(listed.map((t) => t.name))
      .to.include('scene_play')
      .and.not.include('anim_tree_add_state') // the core
    expect(listed.length).to.be.below(catalog.size)
    expect(calls).to.deep.equal([])
  })

  it('--typed=false with no editor lists engine_run (and plugin tools) only, and relays a typed call unchecked', async () => {
    const {tools, calls} = setup({typed: false, down: true})
    expect((await tools.list()).map((t) => t.name)).to.deep.equal(['engine_run'])
    await tools.call('node_add', {})
    expect(calls.map((c) => c[0])).to.deep.equal(['tools/call']) // the editor names engine_run (addon/mcp/tools.gd)
  })

  it('validates typed arguments before sending, naming the parameter', async () => {
    const {tools, calls} = setup()
    const missing = await tools.call('node_add', {name: 'A'}, NOW)
    expect(missing.isError).to.equal(true)
    expect(text(missing)).to.equal("invalid arguments for node_add: missing required parameter 'type'")
    const extra = await tools.call('node_add', {type: 'Node', colour: 'red'}, NOW)
    expect(text(extra)).to.include("unknown parameter 'colour'")
    expect(calls).to.deep.equal([])
    const ok = await tools.call('node_add', {type: 'Node'})
    expect(ok.isError).to.equal(undefined)
    expect(JSON.parse(text(ok))).to.deep.equal({relayed: 'node_add'})
    expect(calls).to.deep.equal([['tools/call', {name: 'node_add', arguments: {type: 'Node'}}, 90_000]])
  })

  it('engine_run validates known methods against their schema and passes unknown ones through', async () => {
    const {tools, calls} = setup()
    const bad = await tools.call('engine_run', {method: 'node.add', params: {}}, NOW)
    expect(text(bad)).to.equal("invalid arguments for engine_run node.add: missing required parameter 'type'")
    expect(text(await tools.call('engine_run', {method: 'not a method'}, NOW))).to.include("parameter 'method'")
    await tools.call('engine_run', {method: 'custom.thing', params: {x: 1}})
    expect(calls.map((c) => c[1].name)).to.deep.equal(['engine_run'])
  })

  it('answers an unreachable editor with isError carrying the verdict', async () => {
    const {tools} = setup({fail: new UnreachableError('closed', 'cannot reach the editor on 127.0.0.1:9080')})
    const result = await tools.call('scene_tree', {})
    expect(result.isError).to.equal(true)
    expect(text(result)).to.match(/^editor closed: .*bridge launch.*verdict: closed/)
  })

  it('runs a plugin tool with a context that calls the editor; a throwing plugin is an isError result', async () => {
    const {tools, calls} = setup({
      plugins: [
        plugin('fx_probe', async (_args, context) => ({via: await context.call('scene.tree')})),
        plugin('fx_broken', async () => {
          throw new Error('plugin bug')
        }),
      ],
    })
    expect(JSON.parse(text(await tools.call('fx_probe', {})))).to.deep.equal({via: {called: 'scene.tree'}})
    expect(calls[0][0]).to.equal('scene.tree')
    const broken = await tools.call('fx_broken', {})
    expect(broken.isError).to.equal(true)
    expect(text(broken)).to.include('plugin bug')
  })

  it("passes the editor's JSON-RPC error (an unknown tool) on as it is", async () => {
    const {tools} = setup({fail: new ProtocolError(-32602, "unknown tool 'node_ad' (did you mean 'node_add'?)")})
    const error = await refusedWith(tools.call('node_ad', {}, NOW))
    expect([error.code, error.message]).to.deep.equal([-32602, "unknown tool 'node_ad' (did you mean 'node_add'?)"])
  })

  it('answers bad arguments as the revision says: a JSON-RPC error up to 2025-06-18, an isError result after', async () => {
    const {tools, calls} = setup()
    for (const revision of ['2025-03-26', '2025-06-18']) {
      const error = await refusedWith(tools.call('node_add', {name: 'A'}, {revision}))
      expect([error.code, error.message]).to.deep.equal([
        -32602,
        "invalid arguments for node_add: missing required parameter 'type'",
      ])
    }
    for (const revision of ['2025-11-25', '2026-07-28'])
      expect((await tools.call('node_add', {name: 'A'}, {revision})).isError).to.equal(true)
    expect(calls).to.deep.equal([])
  })
})
