// A game held in the editor's debugger says where it is and has a way out (issue 33, item 3), on a real
// headless editor: a planted null access after 30 ticks holds the game; every runtime.*, input.* and
// scenario call then answers with the kind, the reason, file:line, the stack and the next step, from the
// first stop on; debug.continue alone says it met the same error again; a fix reloaded while held (debug.continue
// --reload, or debug.reload_scripts then continue) lets the game run on; debug.restart replays the same frozen
// start in one call; an error in a runtime.eval snippet is that call's error with the snippet's line, and the
// game goes on.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import type {EngineError} from '../../../../src/errors.js'
import {type Json, useEditor} from '../../../support/fixture.js'

const BOMB_PATH = 'res://scripts/bomb.gd'
// line 10: target is null, so the 31st tick holds the game at a script error
const BOMB = `extends Node2D

var ticks := 0
var target: Node = null


func _physics_process(_delta: float) -> void:
	ticks += 1
	if ticks > 30:
		target.queue_free()
`
const FIXED = BOMB.replace('target.queue_free()', 'if target: target.queue_free()')
const SCENE = 'res://scenes/bomb.tscn'
const BOMB_SCENE = `[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="${BOMB_PATH}" id="1"]

[node name="Bomb" type="Node2D"]
script = ExtResource("1")
`
const NOT_RUNNING = -32005

describe('a game held in the debugger says where it is and has a way out (real editor, headless game)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    setup: async ({editor}) => {
      mkdirSync(join(editor.root, 'scripts'), {recursive: true})
      writeFileSync(join(editor.root, 'scripts', 'bomb.gd'), BOMB)
      writeFileSync(join(editor.root, 'scenes', 'bomb.tscn'), BOMB_SCENE)
    },
  })
  const {call, game} = fx
  const writeBomb = (content: string) => call('project.write_file', {path: BOMB_PATH, content, overwrite: true})
  const ticks = async () => (await call('runtime.eval', {code: 'return scene.ticks'})).result as number
  // plays the bomb frozen and steps it into the null access: the step itself meets the held game
  const holdAtTheNullAccess = async () => {
    await game.play({scene: SCENE, frozen: true})
    const met = await fx.rpcError('runtime.step', {frames: 40})
    expect(met.rpcCode).to.equal(NOT_RUNNING)
    return met
  }
  const expectHeldAtLine10 = (error: EngineError, method: string) => {
    const data = error.rpcData as Json
    expect(error.message, method).to.include(`${method}: the game is held at a script error`)
    expect(error.message, method).to.include(`${BOMB_PATH}:10 in _physics_process()`)
    expect(error.message, method).to.include("Cannot call method 'queue_free' on a null value")
    expect(error.message, method).to.include('debug.continue with reload: true')
    expect(data, method).to.deep.include({kind: 'error', file: BOMB_PATH, line: 10, function: '_physics_process'})
    expect(data.reason, method).to.include('on a null value')
    expect(data.stack[0], method).to.deep.include({file: BOMB_PATH, line: 10})
    expect(data.next, method).to.include('debug.restart')
  }
  afterEach(async () => {
    await game.stop()
    await writeBomb(BOMB)
  })

  it('answers every game call with the kind, reason, file:line, stack and next step, from the first stop on', async () => {
    const step = await holdAtTheNullAccess()
    expect(step.message).to.include('runtime.step')
    expect(step.rpcData).to.deep.include({kind: 'error', line: 10})
    for (const [method, params] of [
      ['runtime.status', {}],
      ['runtime.get', {node_path: '.', properties: ['ticks']}],
      ['runtime.eval', {code: 'return 1'}],
      ['input.action', {action: 'ui_accept', pressed: true}],
    ] as const)
      expectHeldAtLine10(await fx.rpcError(method, params), method)
    const state = await call('debug.state', {scopes: []})
    expect(state).to.deep.include({paused: true, kind: 'error'})
    expect(state.reason).to.include('on a null value')
    expect(state.location).to.deep.include({file: BOMB_PATH, line: 10})
    const scenario = await call('test.run_scenario', {scene: 'none', steps: [{step: 1}], stop_after: false})
    expect(scenario.ok).to.equal(false)
    expect(scenario.steps[0].error).to.include(`${BOMB_PATH}:10`)
  })

  it('says so when a continue meets the same error again; a fix reloaded by debug.continue --reload goes on', async () => {
    await holdAtTheNullAccess()
    const again = await call('debug.continue', {wait_ms: 3000})
    expect(again).to.deep.include({paused: true, repeated: true})
    expect(again.note).to.include('stopped again on the same error')
    await writeBomb(FIXED)
    const on = await call('debug.continue', {wait_ms: 1500, reload: true})
    expect(on).to.deep.include({continued: true, paused: false, playing: true})
    expect(on.reloaded).to.include(BOMB_PATH)
    expect((await call('scene.is_playing')).paused_at_breakpoint).to.equal(false)
    const before = await ticks()
    await call('runtime.step', {frames: 5})
    expect(await ticks()).to.equal(before + 5) // the fixed line runs: the game goes on
  })

  it('reloads a fixed script while the game is held (debug.reload_scripts), and the next continue runs it', async () => {
    await holdAtTheNullAccess()
    await writeBomb(FIXED)
    const reloaded = await call('debug.reload_scripts', {paths: [BOMB_PATH]})
    expect(reloaded).to.deep.include({reloaded: [BOMB_PATH], held: true})
    expect(await call('debug.continue', {wait_ms: 1500})).to.deep.include({paused: false, playing: true})
    expect(await ticks()).to.be.above(30)
  })

  it('debug.restart plays the same scene from the same frozen start in one call, also from a held game', async () => {
    const first = (await holdAtTheNullAccess()).rpcData as Json
    expect(first.kind).to.equal('error')
    const restarted = await call('debug.restart')
    expect(restarted).to.deep.include({playing: true, scene: SCENE, frozen: true})
    expect(restarted.restarted).to.deep.include({scene: SCENE, frozen: true})
    expect(await ticks()).to.equal(0) // frozen before its first tick, as the first play was
    expect((await call('runtime.status')).frozen).to.equal(true)
  })

  it('runtime.eval: an error on line 2 of the snippet is that call error with line 2, and the game runs on', async () => {
    await game.play({scene: 'main'}) // the demo: no error of its own
    const failed = await fx.rpcError('runtime.eval', {code: 'var n = null\nn.queue_free()\nreturn 5'})
    expect(failed.message).to.match(/^runtime\.eval: line 2: .*queue_free/)
    expect(failed.message).to.include('The game runs on')
    const data = failed.rpcData as Json
    expect(data).to.deep.include({line: 2})
    expect(data.errors[0]).to.deep.include({line: 2, stopped: true})
    expect((await call('scene.is_playing')).paused_at_breakpoint).to.equal(false)
    expect((await call('runtime.eval', {code: 'return 6 * 7'})).result).to.equal(42)
  })
})
