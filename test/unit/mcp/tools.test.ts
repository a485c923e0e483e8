// The tool list and calls over a stand-in editor link (engine-backed proof is in test/e2e/serve): the shared
// naming rule, plugin shadowing, --typed=false, validation before sending, and failures as isError.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {UnreachableError} from '../../../src/errors.js'
import type {EditorLink} from '../../../src/mcp/editor-link.js'
import {checkContribution, type PluginTool} from '../../../src/mcp/plugin-tools.js'
import {mcpDir} from '../../../src/mcp/surface.js'
import {ENGINE_RUN, Tools, typedTool} from '../../../src/mcp/tools.js'

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

function setup(options: {typed?: boolean; plugins?: PluginTool[]; fail?: Error} = {}) {
  const calls: [string, Record<string, unknown>, number][] = []
  const logs: string[] = []
  const link = {
    projectRoot: '/proj',
    commands: async () => DOCS,
    knownCommands: () => DOCS,
    refresh: async () => {},
    async call(method: string, params: Record<string, unknown>, timeoutMs: number) {
      calls.push([method, params, timeoutMs])
      if (options.fail) throw options.fail
      return {called: method}
    },
  } as unknown as EditorLink
  const tools = new Tools({
    link,
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

  it('derives a typed tool by the shared rule: name, summary, schema without additionalProperties, every hint but the default title', () => {
    expect(typedTool(DOCS[1])).to.deep.equal({
      name: 'anim_tree_add_state',
      description: 'Summary of anim_tree.add_state.',
      inputSchema: {type: 'object', properties: {}},
      annotations: {openWorldHint: false},
    })
    expect(typedTool(DOCS[2]).annotations).to.include({readOnlyHint: true, openWorldHint: false})
    expect(typedTool(DOCS[0]).annotations).to.include({destructiveHint: false}).and.not.have.property('readOnlyHint')
  })

  it('lists engine_run, the typed tools and plugin tools; a plugin may not shadow an addon command', async () => {
    const {tools, logs} = setup({plugins: [plugin('node_add'), plugin('engine_run'), plugin('fx_tool')]})
    expect((await tools.list()).map((t) => t.name)).to.deep.equal([
      'engine_run',
      'bridge_toolsets',
      'bridge_find',
      'node_add', // anim_tree.add_state is not in the core, the default of a client the table does not know
      'scene_tree',
      'fx_tool',
    ])
    expect(logs.filter((l) => l.includes('would shadow an addon command'))).to.have.length(2)
  })

  it('--typed=false lists engine_run (and plugin tools) only, and points typed calls at engine_run', async () => {
    const {tools, calls} = setup({typed: false})
    expect((await tools.list()).map((t) => t.name)).to.deep.equal(['engine_run'])
    const result = await tools.call('scene_tree', {})
    expect(result.isError).to.equal(true)
    expect(text(result)).to.include("engine_run with method 'scene.tree'")
    expect(calls).to.deep.equal([])
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
    expect(JSON.parse(text(ok))).to.deep.equal({called: 'node.add'})
    expect(calls).to.deep.equal([['node.add', {type: 'Node'}, 90_000]])
  })

  it('engine_run validates known methods against their schema and passes unknown ones through', async () => {
    const {tools, calls} = setup()
    const bad = await tools.call('engine_run', {method: 'node.add', params: {}}, NOW)
    expect(text(bad)).to.equal("invalid arguments for engine_run node.add: missing required parameter 'type'")
    expect(text(await tools.call('engine_run', {method: 'not a method'}, NOW))).to.include("parameter 'method'")
    await tools.call('engine_run', {method: 'custom.thing', params: {x: 1}})
    expect(calls.map((c) => c[0])).to.deep.equal(['custom.thing'])
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

  it('answers an unknown tool with a JSON-RPC error (-32602) saying what to do, in every revision', async () => {
    const {tools} = setup()
    for (const revision of [undefined, '2025-06-18', '2025-11-25', '2026-07-28']) {
      const error = await refusedWith(tools.call('node_frobnicate', {}, {revision}))
      expect(error.code).to.equal(-32602)
      expect(error.message).to.include('list the tools again')
    }
    const typo = await refusedWith(tools.call('node_ad', {}, NOW))
    expect(typo.message).to.include("did you mean 'node_add'")
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
