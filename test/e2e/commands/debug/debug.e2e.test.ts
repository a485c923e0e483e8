// debug.*: breakpoints set through the script editor's gutter stop a real game launched from a headless
// editor; the paused game's stack, variables and expressions are read through the editor's debugger; step
// over/into/out and continue move it on; pause breaks in; edited scripts are hot-reloaded into the running
// game. Every game started here is stopped, also when a test fails.
import {expect} from 'chai'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

const PLAYER = 'res://scripts/player.gd'
const NOT_RUNNING = -32005

describe('debug commands (real editor, a game stopped at real breakpoints)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'debug', pristine: false})
  let original: string
  const game = fx.game
  const {call} = fx
  const breakpoints = async () => (await call('debug.breakpoints')).breakpoints
  const playerFile = () => join(fx.editor.root, 'scripts', 'player.gd')

  before(async () => {
    original = readFileSync(playerFile(), 'utf8')
  })
  afterEach(async function () {
    if (this.currentTest?.state !== 'passed') await game.stop()
  })

  it('declares every debug command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'debug.set_breakpoint',
      'debug.remove_breakpoint',
      'debug.breakpoints',
      'debug.clear_breakpoints',
      'debug.state',
      'debug.evaluate',
      'debug.step',
      'debug.continue',
      'debug.pause',
      'debug.reload_scripts',
      'debug.restart',
    ])
  })

  it('refuses the paused-game commands when no game runs, saying what to do', async () => {
    for (const method of [
      'debug.state',
      'debug.step',
      'debug.continue',
      'debug.evaluate',
      'debug.pause',
      'debug.reload_scripts',
    ]) {
      const params = method === 'debug.evaluate' ? {expression: '1'} : {}
      const error = await fx.rpcError(method, params)
      expect(error.rpcCode, method).to.equal(NOT_RUNNING)
      expect(error.message, method).to.include('scene.play')
    }
  })

  it('sets a breakpoint that shows in the script editor; bad lines and files are refused and change nothing', async () => {
    const set = await call('debug.set_breakpoint', fx.examples['debug.set_breakpoint'])
    expect(set).to.deep.include({path: PLAYER, line: 16, code: 'health -= amount', already_set: false})
    expect(await breakpoints()).to.deep.equal([{path: PLAYER, line: 16, code: 'health -= amount'}])
    const inEditor = await call('editor.run_script', {
      code: 'return Array(EditorInterface.get_script_editor().get_current_editor().get_base_editor().get_breakpointed_lines())',
    })
    expect(inEditor.result).to.deep.equal([15]) // the gutter's own 0-based line
    await fx.refusedKeeping(
      {snapshot: breakpoints},
      'debug.set_breakpoint',
      {path: PLAYER, line: 99},
      -32602,
      'there is no line 99',
    )
    await fx.refusedKeeping(
      {snapshot: breakpoints},
      'debug.set_breakpoint',
      {path: 'res://scripts/nope.gd', line: 1},
      -32001,
      'no script',
    )
    await fx.refusedKeeping(
      {snapshot: breakpoints},
      'debug.remove_breakpoint',
      {path: PLAYER, line: 3},
      -32001,
      'no breakpoint on',
    )
    const blank = await call('debug.set_breakpoint', {path: PLAYER, line: 3})
    expect(blank.warning).to.include('blank or a comment')
    await call('debug.remove_breakpoint', {path: PLAYER, line: 3})
    expect(await breakpoints()).to.have.length(1)
  })

  it('stops the launched game at the breakpoint: stack, variables and an expression from the paused frame', async () => {
    await game.play()
    const hit = await fx.rpcError('runtime.call', {node_path: 'Player', method: 'take_damage', args: [7]})
    expect(hit.message).to.include('paused at a breakpoint')
    expect((await call('scene.is_playing')).paused_at_breakpoint).to.equal(true)
    expect(hit.message).to.include(`${PLAYER}:16 in take_damage()`)
    const state = await call('debug.state', fx.examples['debug.state'])
    expect(state).to.include({paused: true, kind: 'breakpoint', reason: 'Breakpoint', frame: 0})
    expect(state.location).to.deep.include({file: PLAYER, line: 16, function: 'take_damage'})
    expect(state.stack.length).to.be.above(1) // take_damage and the bridge's call into it
    const vars = Object.fromEntries(state.variables.map((v: Json) => [v.name, v]))
    expect(vars.amount).to.deep.include({scope: 'local', type: 'int', value: 7})
    expect(vars.health).to.deep.include({scope: 'member', type: 'int', value: 100})
    expect(vars.speed).to.deep.include({scope: 'member', value: 200})
    const only = await call('debug.state', {filter: 'amo'})
    expect(only.variables.map((v: Json) => v.name)).to.deep.equal(['amount'])
    const caller = await call('debug.state', {frame: 1, scopes: ['local', 'member', 'global']})
    expect(caller.location).to.deep.equal(state.stack[1])
    expect(caller.variables.some((v: Json) => v.scope === 'global')).to.equal(true)
    const value = await call('debug.evaluate', fx.examples['debug.evaluate'])
    expect(value).to.deep.include({value: 93, expression: 'health - amount', frame: 0})
    const bad = await fx.rpcError('debug.evaluate', {expression: '1', frame: 40})
    expect(bad.message).to.include('frame 40 does not exist')
  })

  it('steps over, into and out, and continues; the game finishes the call with the real values', async () => {
    const over = await call('debug.step', fx.examples['debug.step'])
    expect(over).to.deep.include({mode: 'over', paused: true})
    expect(over.from).to.deep.include({line: 16})
    expect(over.location).to.deep.include({file: PLAYER, line: 17, function: 'take_damage'})
    expect(over.variables.find((v: Json) => v.name === 'health').value).to.equal(93)
    const into = await call('debug.step', {mode: 'into'})
    expect(into.location).to.deep.include({file: PLAYER, line: 18})
    const out = await call('debug.step', {mode: 'out'})
    expect(out.paused).to.equal(true)
    expect(out.location.function).to.not.equal('take_damage')
    expect(out.stack.some((f: Json) => f.function === 'take_damage')).to.equal(false)
    const cont = await call('debug.continue', fx.examples['debug.continue'])
    expect(cont).to.deep.include({continued: true, paused: false, playing: true})
    expect((await call('scene.is_playing')).paused_at_breakpoint).to.equal(false)
    expect((await call('runtime.get', {node_path: 'Player', properties: ['health']})).values.health).to.equal(93)
    const notPaused = await fx.rpcError('debug.step', {})
    expect(notPaused.message).to.include('it is running')
  })

  it('a breakpoint set while the game runs stops it there; removing it and continuing lets it run', async () => {
    await call('debug.set_breakpoint', {path: PLAYER, line: 11})
    const deadline = Date.now() + 5000
    while (!(await call('scene.is_playing')).paused_at_breakpoint && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100))
    const state = await call('debug.state')
    expect(state.location).to.deep.include({file: PLAYER, line: 11, function: '_physics_process'})
    const again = await call('debug.continue', {wait_ms: 2000})
    expect(again).to.deep.include({paused: true}) // _physics_process runs every frame: it stops again
    await call('debug.remove_breakpoint', fx.examples['debug.remove_breakpoint'])
    await call('debug.remove_breakpoint', {path: PLAYER, line: 11})
    expect(await breakpoints()).to.deep.equal([])
    expect(await call('debug.continue', {wait_ms: 1000})).to.deep.include({paused: false, playing: true})
    expect((await call('runtime.status')).paused).to.equal(false)
  })

  it('pauses the running game in the debugger and lets it go on', async () => {
    const paused = await call('debug.pause', fx.examples['debug.pause'])
    expect(paused.paused).to.equal(true)
    expect(paused.kind).to.equal('pause') // not a breakpoint nor an error: debug.pause broke in
    expect(paused.reason).to.include('debug.pause') // never an empty reason
    expect((await call('scene.is_playing')).paused_at_breakpoint).to.equal(true)
    const held = await fx.rpcError('runtime.status')
    expect(held.message).to.include('paused by debug.pause')
    expect(held.rpcData).to.deep.include({kind: 'pause'})
    const twice = await fx.rpcError('debug.pause')
    expect(twice.message).to.include('already paused')
    expect(await call('debug.continue', {wait_ms: 300})).to.deep.include({paused: false})
    expect((await call('runtime.eval', {code: 'return 6 * 7'})).result).to.equal(42)
  })

  it('hot-reloads an edited script into the running game; a script that does not compile is refused', async () => {
    expect((await call('runtime.call', {node_path: 'Player', method: 'take_damage', args: [3]})).result).to.equal(90)
    try {
      writeFileSync(playerFile(), original.replace('\treturn health', '\treturn health + 1000'))
      const reloaded = await call('debug.reload_scripts', fx.examples['debug.reload_scripts'])
      expect(reloaded).to.deep.include({reloaded: [PLAYER], playing: true, undoable: false})
      expect((await call('runtime.call', {node_path: 'Player', method: 'take_damage', args: [10]})).result).to.equal(
        1080,
      )
      expect((await call('runtime.get', {node_path: 'Player', properties: ['health', 'speed']})).values).to.deep.equal({
        health: 80,
        speed: 200,
      })
      writeFileSync(playerFile(), original.replace('\treturn health', '\treturn health +'))
      const broken = await fx.rpcError('debug.reload_scripts', {paths: [PLAYER]})
      expect(broken.message).to.include('does not compile')
      expect((await call('runtime.call', {node_path: 'Player', method: 'take_damage', args: [0]})).result).to.equal(
        1080,
      )
      const missing = await fx.rpcError('debug.reload_scripts', {paths: ['res://scripts/nope.gd']})
      expect(missing.rpcCode).to.equal(-32001)
    } finally {
      writeFileSync(playerFile(), original)
    }
    const all = await call('debug.reload_scripts', {})
    expect(all.reloaded).to.include(PLAYER)
    expect((await call('runtime.call', {node_path: 'Player', method: 'take_damage', args: [0]})).result).to.equal(80)
    await game.stop()
  })

  it('clears every breakpoint', async () => {
    await call('debug.set_breakpoint', {path: PLAYER, line: 16})
    await call('debug.set_breakpoint', {path: PLAYER, line: 17})
    const cleared = await call('debug.clear_breakpoints', fx.examples['debug.clear_breakpoints'])
    expect(cleared.count).to.equal(2)
    expect(await breakpoints()).to.deep.equal([])
  })
})
