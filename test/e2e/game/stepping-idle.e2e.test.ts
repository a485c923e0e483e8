// Exact stepping of what games run on idle frames, on a real headless editor: from a frozen start an
// AnimationPlayer on its default (idle) callback, a Tween and a Timer node each advance by exactly the
// stepped time (game/idle_hold.gd moves them onto the ticks for the length of a step) and not at all while
// frozen; a press on the single tick of a one-tick step gets its release on the next stepped tick, so a
// second press registers; and test.run_scenario can start frozen, where exact assertions hold.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../support/fixture.js'

// Made in _ready, before the first tick: an idle AnimationPlayer playing a 100 s animation, a 100 s Timer
// node (idle callback), a Tween over 100 s, and a SceneTreeTimer processed in physics. It counts its own
// ticks and the ticks on which ui_accept was just pressed and just released.
const CLOCKS = `extends Node2D

var ticks := 0
var pressed_ticks: Array[int] = []
var released_ticks: Array[int] = []
var tween: Tween
var tweened := 0.0
var physics_timer: SceneTreeTimer


func _ready() -> void:
	var animation := Animation.new()
	animation.length = 100.0
	var library := AnimationLibrary.new()
	library.add_animation("run", animation)
	$Anim.add_animation_library("", library)
	$Anim.play("run")
	$Clock.start(100.0)
	tween = create_tween()
	tween.tween_property(self, "tweened", 100.0, 100.0)
	physics_timer = get_tree().create_timer(100.0, false, true)


func _physics_process(_delta: float) -> void:
	ticks += 1
	if Input.is_action_just_pressed("ui_accept"):
		pressed_ticks.append(ticks)
	if Input.is_action_just_released("ui_accept"):
		released_ticks.append(ticks)
`

const LEVEL = `[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="res://scripts/clocks.gd" id="1"]

[node name="Clocks" type="Node2D"]
script = ExtResource("1")

[node name="Anim" type="AnimationPlayer" parent="."]

[node name="Clock" type="Timer" parent="."]
one_shot = true
`
const SCENE = 'res://scenes/clocks.tscn'
const READ = `var c = scene
return {ticks = c.ticks, anim = c.get_node("Anim").current_animation_position, timer = 100.0 - c.get_node("Clock").time_left,
	tween = c.tween.get_total_elapsed_time(), tweened = c.tweened, physics_timer = 100.0 - c.physics_timer.time_left,
	anim_mode = c.get_node("Anim").callback_mode_process, timer_mode = c.get_node("Clock").process_callback,
	tween_running = c.tween.is_running(), pressed = c.pressed_ticks, released = c.released_ticks}`

describe('exact stepping of idle-processed animation, tweens and timers (real editor, headless game)', function () {
  this.timeout(150_000)
  const fx = useEditor({
    pristine: false,
    setup: async ({editor}) => {
      mkdirSync(join(editor.root, 'scripts'), {recursive: true})
      writeFileSync(join(editor.root, 'scripts', 'clocks.gd'), CLOCKS)
      writeFileSync(join(editor.root, 'scenes', 'clocks.tscn'), LEVEL)
    },
  })
  const game = fx.game
  const call = (method: string, params: Json = {}) => fx.call<Json>(method, params)
  const clocks = async (): Promise<Json> => (await call('runtime.eval', {code: READ})).result

  after(async () => {
    await game.stop()
  })

  it('advances an idle AnimationPlayer, a Timer node and a Tween by exactly the stepped time, and not while frozen', async () => {
    await game.play({scene: SCENE, frozen: true})
    const start = await clocks()
    expect(start).to.include({ticks: 0, anim: 0, timer: 0, tween: 0, physics_timer: 0})
    await new Promise((r) => setTimeout(r, 300)) // frozen: wall time passes, game time does not
    expect(await clocks()).to.deep.equal(start)
    // the engine shows an animation's first frame on its first process after play(), as in any game
    await call('runtime.step', {frames: 1, ticks_per_second: 60})
    let before = await clocks()
    expect(before).to.include({anim: 0})
    for (const step of [15, 15, 15, 7, 1]) {
      const out = await call('runtime.step', {frames: step, ticks_per_second: 60})
      expect(out.ticks).to.equal(step)
      const now = await clocks()
      const want = step / 60
      for (const clock of ['anim', 'timer', 'tween', 'physics_timer']) {
        expect(now[clock] - before[clock], `${clock} over ${step} ticks`).to.be.closeTo(want, 1e-9)
      }
      // the tweened value itself is interpolated in single precision by the engine
      expect(now.tweened - before.tweened, `tweened over ${step} ticks`).to.be.closeTo(want, 1e-6)
      // given back to idle processing, and the tween running again, between steps
      expect(now).to.include({anim_mode: 1, timer_mode: 1, tween_running: true, ticks: before.ticks + step})
      before = now
    }
    expect(before.anim).to.be.closeTo(53 / 60, 1e-9)
    expect(before.tween).to.be.closeTo(54 / 60, 1e-9)
  })

  it('keeps both edges of a press on a one-tick step: its release goes in on the next tick and a second press registers', async () => {
    const from = (await clocks()).ticks
    const first = await call('runtime.step', {frames: 1, inputs: [{tick: 1, type: 'action', action: 'ui_accept'}]})
    expect(first.inputs).to.deep.equal([{tick: 1, event: 'action ui_accept down'}])
    expect(first.inputs_pending).to.deep.equal([{tick: 2, event: 'action ui_accept up'}])
    expect(first).to.not.have.property('inputs_not_sent')
    const second = await call('runtime.step', {frames: 1, inputs: [{tick: 1, type: 'action', action: 'ui_accept'}]})
    expect(second.inputs_pending).to.deep.equal([{tick: 2, event: 'action ui_accept up'}])
    await call('runtime.step', {frames: 2})
    const after = await clocks()
    expect(after.pressed.slice(-2), 'two presses').to.deep.equal([from + 1, from + 2])
    expect(after.released.at(-1), 'the last release').to.equal(from + 3)
    expect((await call('runtime.eval', {code: 'return Input.is_action_pressed("ui_accept")'})).result).to.equal(false)
  })

  it('runs a scenario from a frozen start, where exact assertions hold', async () => {
    await game.stop()
    const report = await call('test.run_scenario', {
      scene: SCENE,
      frozen: true,
      steps: [
        {assert: {node_path: '.', property: 'ticks', op: 'eq', expected: 0}},
        {step: 31},
        {assert: {node_path: '.', property: 'ticks', op: 'eq', expected: 31}},
        // its first tick shows the animation's first frame: 30 ticks of it played
        {assert: {node_path: 'Anim', property: 'current_animation_position', op: 'eq', expected: 0.5, tolerance: 1e-9}},
        {assert: {node_path: '.', property: 'tweened', op: 'eq', expected: 31 / 60, tolerance: 1e-6}},
        {assert: {node_path: 'Clock', property: 'time_left', op: 'eq', expected: 100 - 31 / 60, tolerance: 1e-9}},
      ],
    })
    expect(
      report.steps.filter((s: Json) => !s.ok),
      JSON.stringify(report.steps),
    ).to.deep.equal([])
    expect(report).to.include({ok: true, passed: 6, frozen: true})
  })
})
