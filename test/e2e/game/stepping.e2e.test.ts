// Exact stepping of the running game on a real headless editor: runtime.eval runs as a Node in the game's
// tree, a game started frozen has run no tick, input sent while frozen is a real edge on the next stepped
// tick (a jump made by stepping), runtime.step carries input at chosen ticks and stops on a condition, its
// counters match the ticks asked, and a frozen start replayed with the same input is bit-identical.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../support/fixture.js'

// A CharacterBody2D that falls onto a floor and jumps when ui_accept is just pressed; it records the
// ticks (its own _physics_process count) on which it saw the press and the release.
const JUMPER = `extends CharacterBody2D

var ticks := 0
var pressed_ticks: Array[int] = []
var released_ticks: Array[int] = []


func _physics_process(delta: float) -> void:
	ticks += 1
	if Input.is_action_just_pressed("ui_accept"):
		pressed_ticks.append(ticks)
		if is_on_floor():
			velocity.y = -420.0
	if Input.is_action_just_released("ui_accept"):
		released_ticks.append(ticks)
	velocity.y += 980.0 * delta
	velocity.x = 37.5 if Input.is_action_pressed("ui_accept") else 0.0
	move_and_slide()
`

const LEVEL = `[gd_scene load_steps=4 format=3]

[ext_resource type="Script" path="res://scripts/jumper.gd" id="1"]

[sub_resource type="RectangleShape2D" id="box"]
size = Vector2(20, 20)

[sub_resource type="RectangleShape2D" id="ground"]
size = Vector2(2000, 40)

[node name="Level" type="Node2D"]

[node name="Jumper" type="CharacterBody2D" parent="."]
position = Vector2(100, 250)
script = ExtResource("1")

[node name="Shape" type="CollisionShape2D" parent="Jumper"]
shape = SubResource("box")

[node name="Floor" type="StaticBody2D" parent="."]
position = Vector2(0, 320)

[node name="Shape" type="CollisionShape2D" parent="Floor"]
shape = SubResource("ground")
`
const SCENE = 'res://scenes/level_jump.tscn'

describe('exact stepping of the running game (real editor, headless game)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    pristine: false,
    setup: async ({editor}) => {
      mkdirSync(join(editor.root, 'scripts'), {recursive: true})
      writeFileSync(join(editor.root, 'scripts', 'jumper.gd'), JUMPER)
      writeFileSync(join(editor.root, 'scenes', 'level_jump.tscn'), LEVEL)
    },
  })
  const game = fx.game
  const call = (method: string, params: Json = {}) => fx.call<Json>(method, params)
  const jumper = async (): Promise<Json> =>
    (
      await call('runtime.eval', {
        code: 'var j = $Jumper\nreturn {ticks = j.ticks, pressed = j.pressed_ticks, released = j.released_ticks, y = j.position.y, vy = j.velocity.y, floor = j.is_on_floor()}',
      })
    ).result

  it('runs runtime.eval as a Node in the game tree: get_tree(), get_node(), $Path and await work', async () => {
    await game.play({scene: 'main'})
    const out = await call('runtime.eval', {
      code: [
        'await get_tree().physics_frame',
        'emit(get_tree().current_scene.name)',
        'emit(get_node("Player").speed)',
        'emit($Player.name)',
        'emit($"/root/Main/Player" == scene.get_node("Player"))',
        'emit(get_node_or_null("Nope") == null and has_node("Camera2D"))',
        'var s = "$Player # not a path"',
        'emit(s)',
        'return tree == get_tree() and root == get_tree().root and is_inside_tree()',
      ].join('\n'),
    })
    expect(out.emitted).to.deep.equal(['Main', 200, 'Player', true, true, '$Player # not a path'])
    expect(out.result).to.equal(true)
    const tree = await call('runtime.tree', {max_depth: 3})
    const main = tree.root.children.find((c: Json) => c.name === 'Main')
    expect(main.children.map((c: Json) => c.name)).to.not.include('BridgeEval') // internal, and freed after the call
    const left = await call('runtime.eval', {
      code: 'return scene.get_children(true).filter(func(n): return n.name.begins_with("BridgeEval")).size()',
    })
    expect(left.result).to.equal(1) // only this call's own runner
  })

  it('starts the game frozen before its first physics tick', async () => {
    const out = await game.play({scene: SCENE, frozen: true})
    expect(out.frozen).to.equal(true)
    expect(out.args).to.include('--bridge-frozen')
    const status = await call('runtime.status')
    expect(status).to.include({frozen: true, paused: true})
    const j = await jumper()
    expect(j).to.include({ticks: 0, y: 250})
  })

  it('makes a jump by stepping: a press sent while frozen is just_pressed on exactly the next stepped tick', async () => {
    const land = await call('runtime.step', {frames: 60})
    expect(land).to.include({ticks: 60, stopped_by: 'frames', paused: true})
    expect(land.physics_frames - land.from_physics_frame).to.equal(60) // the counters match the ticks asked
    const landed = await jumper()
    expect(landed).to.include({ticks: 60, floor: true})
    const pressed = await call('input.action', {action: 'ui_accept', pressed: true})
    expect(pressed.delivered).to.deep.equal([])
    expect(pressed.pending).to.deep.equal(['action ui_accept pressed'])
    expect((await jumper()).pressed).to.deep.equal([]) // nothing happens until a tick runs
    await call('runtime.step', {frames: 5})
    const up = await jumper()
    expect(up.pressed).to.deep.equal([61])
    expect(up.y).to.be.below(landed.y - 5) // it jumped
    await call('input.action', {action: 'ui_accept', pressed: false})
    await call('runtime.step', {frames: 3})
    expect((await jumper()).released).to.deep.equal([66])
  })

  it('steps with input at chosen ticks and until a condition, returning the ticks taken and watched values', async () => {
    const before = (await jumper()).ticks
    const out = await call('runtime.step', {
      frames: 600,
      inputs: [
        {tick: 1, type: 'action', action: 'ui_accept', pressed: false},
        {tick: 4, type: 'action', action: 'ui_accept', pressed: true},
        {tick: 9, type: 'action', action: 'ui_accept', pressed: false},
        {tick: 599, type: 'action', action: 'ui_accept', pressed: true},
      ],
      until: '$Jumper.is_on_floor() and $Jumper.ticks > ' + (before + 10),
      watch: ['$Jumper.ticks', 'get_node("Jumper").is_on_floor()'],
    })
    expect(out.stopped_by).to.equal('until')
    expect(out.until_met).to.equal(true)
    expect(out.ticks).to.be.above(10).and.below(600)
    expect(out.inputs).to.deep.equal([
      {tick: 1, event: 'action ui_accept released'},
      {tick: 4, event: 'action ui_accept pressed'},
      {tick: 9, event: 'action ui_accept released'},
    ])
    expect(out.inputs_not_sent).to.deep.equal([{tick: 599, event: 'action ui_accept pressed'}]) // until came first
    expect(out.watched).to.deep.equal({'$Jumper.ticks': before + out.ticks, 'get_node("Jumper").is_on_floor()': true})
    const j = await jumper()
    expect(j.pressed.slice(-1)).to.deep.equal([before + 4])
    expect(j.released.slice(-1)).to.deep.equal([before + 9])
    const bad = await fx.rpcError('runtime.step', {
      frames: 5,
      inputs: [{tick: 9, type: 'action', action: 'ui_accept'}],
    })
    expect(bad.message).to.include('inputs[0].tick is 9; it must be 1..5')
    expect((await jumper()).ticks).to.equal(j.ticks) // refused: no tick ran
  })

  it('ends a step early on runtime.pause, at a tick boundary (the seam for cancelling a long step)', async () => {
    const before = (await jumper()).ticks
    // a condition that is never true and costs 5 ms a tick: 3600 ticks would take 18 s
    const stepping = call('runtime.step', {frames: 3600, until: '(func(): OS.delay_msec(5); return false).call()'})
    await new Promise((r) => setTimeout(r, 500))
    const paused = await call('runtime.pause')
    expect(paused.paused).to.equal(true)
    const out = await stepping
    expect(out.stopped_by).to.equal('pause')
    expect(out.ticks).to.be.above(0).and.below(3600)
    expect((await jumper()).ticks).to.equal(before + out.ticks) // exactly the ticks it reports, none half-run
  })

  it('replays a frozen start with the same input bit-identically, twice', async () => {
    async function run(): Promise<string> {
      await game.play({scene: SCENE, frozen: true})
      await call('input.action', {action: 'ui_accept', pressed: true, strength: 0.7}) // pending: goes in at tick 1
      await call('runtime.step', {
        frames: 45,
        inputs: [{tick: 30, type: 'action', action: 'ui_accept', pressed: false}],
      })
      await call('runtime.step', {
        frames: 30,
        inputs: [{tick: 7, type: 'action', action: 'ui_accept', hold_frames: 12}],
      })
      const state = await call('runtime.eval', {
        code: 'var j = $Jumper\nreturn Marshalls.raw_to_base64(var_to_bytes([j.ticks, j.position, j.velocity, j.pressed_ticks, j.released_ticks]))',
      })
      return state.result
    }
    const first = await run()
    const second = await run()
    expect(first).to.be.a('string').with.length.above(20)
    expect(second).to.equal(first)
  })
})
