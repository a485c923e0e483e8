// Two bug-zoo cases that were silent where the bug-hunt prompt sends an agent (issue 46): a script that does not
// compile written through project.write_file (absent from editor.errors and engine://editor/errors, and the write
// said nothing), and a signal connected to a method that is not there (the game logs nothing, and neither did
// runtime.errors, node.signals nor analysis.signal_flow; renaming the handler warned of nothing). Each is red on
// the code before the fix and green after.
import {expect} from 'chai'

import {BUGS, sceneOf, useZooEditor} from '../../support/bug-zoo.js'
import type {Json} from '../../support/fixture.js'

const SCRIPT = 'res://zoo/written_broken.gd'
/** A missing ':' after the function's head (the engine names the line its parser stops at). */
const BROKEN = 'extends Node2D\n\n\nfunc _ready() -> void\n\tprint("ready")\n'
const FIXED = 'extends Node2D\n\n\nfunc _ready() -> void:\n\tprint("ready")\n'

const wrongSignal = BUGS.find((b) => b.kind === 'wrong signal connection')!
/** The zoo's dangling connection: Tick's timeout to the root's _on_tick_timeout, which the script lacks. */
const dangling = {scene: sceneOf(wrongSignal), node: 'Tick', signal: 'timeout', to: '.', method: '_on_tick_timeout'}

describe('bug zoo: a parse error written through project.write_file, and a dangling connection (real editor)', function () {
  this.timeout(240_000)
  const fx = useZooEditor()
  afterEach(() => fx.game.stop())

  /** editor.errors' entries that name `file` (the editor's own: where the bug-hunt prompt looks). */
  const errorsOf = async (file: string, since = 0): Promise<Json[]> => {
    const out = await fx.call('editor.errors', {since, limit: 1000})
    return (out.entries as Json[]).filter((e) => JSON.stringify(e).includes(file))
  }
  /** The engine://editor/errors resource over the editor's MCP endpoint. */
  const resourceText = async (): Promise<string> => {
    const mcp = await fx.mcpHttp('zoo-agent')
    const read = await mcp.readResource({uri: 'engine://editor/errors'})
    return read.contents.map((c) => ('text' in c ? String(c.text) : '')).join('\n')
  }

  it('a parse error written through project.write_file: the write answers compiles: false with file:line, editor.errors and engine://editor/errors list it once, and a fixing write removes it', async () => {
    const written = await fx.call('project.write_file', {path: SCRIPT, content: BROKEN})
    expect(written.compiles, JSON.stringify(written)).to.equal(false)
    const first = (written.compile_errors as Json[])[0]
    expect(first, JSON.stringify(written)).to.include({file: SCRIPT})
    const line = first.line as number
    expect(line, 'the line the parser names').to.be.within(4, 5)
    expect(first.message).to.be.a('string').and.not.equal('')

    const listed = await errorsOf(SCRIPT)
    expect(listed, `editor.errors: ${JSON.stringify(listed)}`).to.have.length(1)
    expect(listed[0]).to.include({source: 'editor', file: SCRIPT, line})
    expect(listed[0].message).to.include(first.message)
    expect(await resourceText()).to.include(`${SCRIPT}:${line}`)

    // the same error written again is still listed once; a cursor past it does not see it again
    const cursor = (await fx.call('editor.errors', {limit: 1})).next_seq as number
    const again = await fx.call('project.write_file', {path: SCRIPT, content: BROKEN + '\n', overwrite: true})
    expect(again.compiles).to.equal(false)
    expect(await errorsOf(SCRIPT), 'listed once').to.have.length(1)
    expect(await errorsOf(SCRIPT, cursor), 'nothing new past the cursor').to.deep.equal([])

    const fixed = await fx.call('project.write_file', {path: SCRIPT, content: FIXED, overwrite: true})
    expect(fixed.compiles, JSON.stringify(fixed)).to.equal(true)
    expect(fixed.compile_errors).to.equal(undefined)
    expect(await errorsOf(SCRIPT), 'the fixed script left editor.errors').to.deep.equal([])
    expect(await resourceText()).to.not.include(SCRIPT)
  })

  it('a dangling connection: scene.play warns, runtime.errors holds it, node.signals and analysis.signal_flow mark it, test.scenes_load flags it, and renaming a connected handler says which connection it breaks', async () => {
    const play = await fx.call('scene.play', {scene: dangling.scene, display: 'headless'})
    fx.game.track(play.pid as number)
    expect(JSON.stringify(play.warnings ?? null), JSON.stringify(play)).to.include('_on_tick_timeout')
    expect(play.dangling_connections as Json[]).to.deep.include({
      ...dangling,
      problem: play.dangling_connections[0].problem,
    })

    const runtime = await fx.call('runtime.errors', {limit: 100})
    const warned = (runtime.entries as Json[]).filter((e) => e.type === 'warning' && e.method === dangling.method)
    expect(warned, `runtime.errors: ${JSON.stringify(runtime)}`).to.have.length(1)
    expect(warned[0]).to.include(dangling)
    expect(await errorsOf('_on_tick_timeout'), 'editor.errors').to.have.length(1)
    await fx.game.stop()

    await fx.call('scene.open', {path: dangling.scene})
    const signals = await fx.call('node.signals', {node_path: 'Tick'})
    const out = (signals.connections as Json[]).find((c) => c.method === dangling.method)
    expect(out, JSON.stringify(signals)).to.include({dangling: true})
    expect(out!.why).to.include('_on_tick_timeout')
    const flow = await fx.call('analysis.signal_flow', {path: dangling.scene})
    const edge = (flow.connections as Json[]).find((c) => c.method === dangling.method)
    expect(edge, JSON.stringify(flow)).to.include({dangling: true})
    expect(edge!.why).to.include('_on_tick_timeout')
    const load = await fx.call('test.scenes_load', {under: 'res://zoo'})
    const failed = (load.failed as Json[]).find((f) => f.scene === dangling.scene)
    expect(JSON.stringify(failed?.connections ?? null)).to.include('_on_tick_timeout')

    // fixed: the handler is there, nothing dangles
    await fx.call('script.function_set', wrongSignal.fix.params)
    const clean = await fx.call('analysis.signal_flow', {path: dangling.scene})
    expect((clean.connections as Json[]).filter((c) => c.dangling)).to.deep.equal([])

    // renaming the connected handler says which connection it breaks; so does removing it through function_set's text
    const renamed = await fx.call('script.edit', {
      path: wrongSignal.script,
      replacements: [{find: 'func _on_tick_timeout()', replace: 'func _on_tock()'}],
    })
    expect(renamed.breaks_connections, JSON.stringify(renamed)).to.deep.equal([dangling])
    await fx.call('editor.undo')
    const kept = await fx.call('script.function_set', {
      path: wrongSignal.script,
      name: '_on_tick_timeout',
      code: 'func _on_tick_timeout() -> void:\n\tfired += 2\n',
    })
    expect(kept.breaks_connections ?? [], 'a handler kept breaks nothing').to.deep.equal([])
  })
})
