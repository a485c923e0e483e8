// The small default runs the whole loop (issue 47), against a real headless editor: a client that names itself
// Claude Code, and one the table does not know, each over `bridge serve` (stdio) and over the editor's HTTP
// endpoint, list at most 30 tools (32 KB), and with only those, bridge_find and engine_run they create a scene,
// add a node, create and attach a script, play, read the running game, see its errors, stop, and undo an edit.
// bridge_find ranks the commands of a task (the addon's find.gd).
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type {CallToolResult, Tool} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'

import {useEditor} from '../../support/fixture.js'
import {serveParams} from '../../support/serve.js'

const MAX_TOOLS = 30
const MAX_BYTES = 32 * 1024

type Answer = Record<string, any>

interface Surface {
  label: string
  /** A file-name-safe tag for what this surface creates. */
  tag: string
  open(): Promise<Client>
}

describe('the small default runs the whole loop over stdio and HTTP (real editor)', function () {
  this.timeout(300_000)
  const fx = useEditor({pristine: false})
  const clients: Client[] = []
  afterEach(() => fx.game.stop())
  after(async () => {
    for (const c of clients) await c.close().catch(() => {})
  })

  const keep = async (client: Client, connect: Promise<void>) => {
    clients.push(client)
    await connect
    return client
  }
  const stdio = (name: string) => async () => {
    const client = new Client({name, version: '2.1.0'})
    return keep(client, client.connect(new StdioClientTransport(serveParams(fx)))) // no --toolsets: the default
  }
  const http = (userAgent?: string) => async () => {
    const client = new Client({name: userAgent ?? 'my-own-agent', version: '1.0.0'})
    const url = new URL(`http://127.0.0.1:${fx.editor.discovery.http_port}/mcp`) // no ?toolsets=: the default
    const headers: Record<string, string> = userAgent ? {'User-Agent': userAgent} : {}
    return keep(client, client.connect(new StreamableHTTPClientTransport(url, {requestInit: {headers}})))
  }
  const surfaces: Surface[] = [
    {label: 'stdio, as Claude Code', tag: 'stdio_claude', open: stdio('claude-code')},
    {label: 'stdio, as an unknown client', tag: 'stdio_unknown', open: stdio('my-own-agent')},
    {label: 'HTTP, as Claude Code', tag: 'http_claude', open: http('claude-code/2.1.0')},
    {label: 'HTTP, as an unknown client', tag: 'http_unknown', open: http()},
  ]

  for (const surface of surfaces)
    it(`${surface.label}: at most ${MAX_TOOLS} tools, and with them, bridge_find and engine_run the whole loop`, async () => {
      const client = await surface.open()
      const {tools} = (await client.listTools()) as {tools: Tool[]}
      const listed = new Set(tools.map((t) => t.name))
      expect(tools.length, [...listed].join(', ')).to.be.at.most(MAX_TOOLS)
      expect(Buffer.byteLength(JSON.stringify(tools)), 'bytes of tools/list').to.be.at.most(MAX_BYTES)
      expect([...listed]).to.include.members(['engine_run', 'bridge_find', 'bridge_toolsets'])
      expect(listed.has('tilemap_set_cells'), 'a command outside the core').to.equal(false)

      /** A call of a listed tool (nothing else: the loop runs on the default list alone) that must succeed. */
      const call = async (name: string, args: Record<string, unknown> = {}): Promise<Answer> => {
        expect(listed.has(name), `${name} is listed`).to.equal(true)
        const r = (await client.callTool({name, arguments: args}, undefined, {timeout: 120_000})) as CallToolResult
        const said = r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')
        expect(r.isError, `${name}: ${said}`).to.not.equal(true)
        return (r.structuredContent as Answer | undefined) ?? JSON.parse(said)
      }

      // what is not listed is found by words, with what engine_run needs
      const found = await call('bridge_find', {query: 'paint tiles on a tilemap'})
      expect(found.results.length).to.be.greaterThan(2)
      for (const r of found.results) {
        expect(r.method, r.method).to.match(/^tilemap\./)
        expect(r).to.include({tool: r.method.replace('.', '_'), listed: false})
        expect(r.input_schema.type, r.method).to.equal('object')
      }
      expect(found.results.map((r: Answer) => r.method)).to.include('tilemap.set_cells')

      // build: a scene, a node, a script created and attached, saved
      const dir = `res://core_loop_${surface.tag}`
      const scene = `${dir}/level.tscn`
      const script = `${dir}/hero.gd`
      await call('scene_create', {path: scene, root_type: 'Node2D'})
      const hero = await call('node_add', {type: 'Node2D', name: 'Hero', properties: {position: [64, 32]}})
      await call('script_create', {path: script, extends: 'Node2D', template: 'default'})
      expect((await call('script_validate', {path: script})).ok).to.equal(true)
      await call('node_script_attach', {node_path: hero.path, path: script})
      await call('scene_save')
      expect(JSON.stringify(await call('scene_tree'))).to.include('Hero')

      // play, observe, see an error, and run a command the core does not list through engine_run
      const play = await call('scene_play', {scene, display: 'headless'})
      fx.game.track(play.pid as number)
      const read = await call('runtime_get', {node_path: 'Hero', properties: ['position']})
      expect(JSON.stringify(read)).to.match(/64.*32/)
      expect(JSON.stringify(await call('runtime_tree', {max_depth: 3}))).to.include('Hero')
      const marker = `core-loop-${surface.tag}`
      await call('runtime_eval', {code: `push_error("${marker}")\nreturn 1`})
      let errors: Answer = {}
      for (let i = 0; i < 50 && !JSON.stringify(errors.entries ?? []).includes(marker); i++) {
        errors = await call('runtime_errors', {limit: 100})
        if (!JSON.stringify(errors.entries).includes(marker)) await new Promise((r) => setTimeout(r, 200))
      }
      expect(JSON.stringify(errors.entries), 'the error the game logged').to.include(marker)
      const pause = await call('bridge_find', {query: 'pause the running game', limit: 3})
      expect(pause.results.map((r: Answer) => r.method)).to.include('runtime.pause')
      const paused = await call('engine_run', {method: 'runtime.pause'})
      expect(JSON.stringify(paused)).to.include('"paused":true')
      expect((await call('runtime_status')).paused).to.equal(true)
      await call('scene_stop')
      await call('editor_errors', {limit: 20})

      // an edit, undone
      await call('node_set', {node_path: hero.path, property: 'position', value: [200, 100]})
      expect(JSON.stringify((await call('node_get', {node_path: hero.path, property: 'position'})).value)).to.match(
        /200.*100/,
      )
      await call('editor_undo')
      expect(JSON.stringify((await call('node_get', {node_path: hero.path, property: 'position'})).value)).to.match(
        /64.*32/,
      )
    })

  // bridge_find's ranking (addon/mcp/find.gd, the one implementation; serve relays it): words find the commands
  // that do the task, each with what engine_run needs to call it; bad arguments are refused by name
  it('bridge_find finds the commands of a task, a named one first, and refuses bad arguments by name', async () => {
    const client = await http()()
    const find = async (args: Record<string, unknown>) =>
      (await client.callTool({name: 'bridge_find', arguments: args})) as CallToolResult
    const results = async (args: Record<string, unknown>) =>
      ((await find(args)).structuredContent as {results: {method: string; listed: boolean; tool: string}[]}).results
    const tiles = (await find({query: 'paint tiles on a tilemap'})).structuredContent as Answer
    expect(tiles.count).to.equal(6)
    for (const r of tiles.results) expect(r.method, r.method).to.match(/^tilemap\./)
    expect(tiles.results[0]).to.include({tool: tiles.results[0].method.replace('.', '_')})
    expect(tiles.results[0].input_schema).to.be.an('object')
    expect(tiles.note).to.include('engine_run')
    expect((await results({query: 'engine.class_info'}))[0].method).to.equal('engine.class_info')
    const named = await results({query: 'scene_play', limit: 1})
    expect(named).to.have.length(1)
    expect(named[0]).to.include({method: 'scene.play', listed: true}) // in the default core
    for (const [query, method] of [
      ['add a collision shape to a body', 'physics.add_body'],
      ['record and replay a play session', 'runtime.record'],
      ['set a breakpoint', 'debug.set_breakpoint'],
    ])
      expect(
        (await results({query})).map((r) => r.method),
        query,
      ).to.include(method)
    expect(((await find({query: 'the of a'})).structuredContent as Answer).count).to.equal(0)
    for (const [args, said] of [
      [{}, /query/],
      [{query: 'x', limit: 0}, /limit/],
      [{query: 'x', other: 1}, /other/],
    ] as [Record<string, unknown>, RegExp][]) {
      const refused = await find(args)
      expect(refused.isError, JSON.stringify(args)).to.equal(true)
      expect((refused.content[0] as {text: string}).text, JSON.stringify(args)).to.match(said)
    }
  })
})
