// Golden runs on a real editor under Xvfb (the game renders): a session of the demo — a jump and a click on
// a UI button, driven by input.* and runtime.step from a frozen start — is recorded by runtime.record into a
// readable JSON-lines file (the scene, the engine version, the seed it gave the game's random generator,
// every input with its tick, marks with watched values and frames), then runtime.replay plays it back twice
// from the same frozen start: positions and frames bit-identical each time. A replay of a changed scene, or
// of a recording made on another engine version, says so; a bad file or a game not at the start is refused.
import {expect} from 'chai'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../support/fixture.js'
import {decodePng} from '../../support/png.js'

// The demo's level with a jump and a button: the jumper falls onto the floor and jumps when ui_accept is
// just pressed; the button counts clicks and draws a drift from the game's global random generator (so the
// state after a click depends on the seed the recording gives it). The level keeps its own seeded generator.
const LEVEL_SCRIPT = `extends Node2D

var clicks := 0
var drift := 0.0
var rng := RandomNumberGenerator.new()


func _ready() -> void:
	rng.seed = 4242
	$UI/Start.pressed.connect(_on_start)


func _on_start() -> void:
	clicks += 1
	drift = randf() * 40.0
`

const JUMPER = `extends CharacterBody2D


func _physics_process(delta: float) -> void:
	if Input.is_action_just_pressed("ui_accept") and is_on_floor():
		velocity.y = -420.0
	velocity.y += 980.0 * delta
	velocity.x = get_parent().drift
	move_and_slide()
`

const LEVEL = `[gd_scene load_steps=5 format=3]

[ext_resource type="Script" path="res://scripts/golden_level.gd" id="1"]
[ext_resource type="Script" path="res://scripts/golden_jumper.gd" id="2"]

[sub_resource type="RectangleShape2D" id="box"]
size = Vector2(20, 20)

[sub_resource type="RectangleShape2D" id="ground"]
size = Vector2(2000, 40)

[node name="Golden" type="Node2D"]
script = ExtResource("1")

[node name="Jumper" type="CharacterBody2D" parent="."]
position = Vector2(200, 250)
script = ExtResource("2")

[node name="Body" type="ColorRect" parent="Jumper"]
offset_left = -10.0
offset_top = -10.0
offset_right = 10.0
offset_bottom = 10.0
color = Color(0.2, 0.6, 1, 1)

[node name="Shape" type="CollisionShape2D" parent="Jumper"]
shape = SubResource("box")

[node name="Floor" type="StaticBody2D" parent="."]
position = Vector2(0, 320)

[node name="Shape" type="CollisionShape2D" parent="Floor"]
shape = SubResource("ground")

[node name="UI" type="CanvasLayer" parent="."]

[node name="Start" type="Button" parent="UI"]
offset_left = 20.0
offset_top = 20.0
offset_right = 140.0
offset_bottom = 60.0
text = "Start"
`
const SCENE = 'res://scenes/golden.tscn'
const RECORDING = 'user://runs/golden.jsonl'
const WATCH = ['$Jumper.position', '$Jumper.velocity', 'scene.clicks', 'scene.drift']

describe('golden runs: record a session, replay it bit-identically (real editor under Xvfb, rendering game)', function () {
  this.timeout(240_000)
  const fx = useEditor({
    pristine: false,
    xvfb: true,
    setup: async ({editor}) => {
      mkdirSync(join(editor.root, 'scripts'), {recursive: true})
      writeFileSync(join(editor.root, 'scripts', 'golden_level.gd'), LEVEL_SCRIPT)
      writeFileSync(join(editor.root, 'scripts', 'golden_jumper.gd'), JUMPER)
      writeFileSync(join(editor.root, 'scenes', 'golden.tscn'), LEVEL)
      await fx.call('editor.run_script', {code: 'EditorInterface.get_resource_filesystem().scan()\nreturn true'})
    },
  })
  const {call, game} = fx
  const userFile = (path: string) =>
    join(fx.editor.home, 'data', 'godot', 'app_userdata', 'Bridge Demo', path.replace('user://', ''))
  const lines = (path: string): Json[] =>
    readFileSync(userFile(path), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Json)
  let recorded: Json

  it('records a frozen-start session with a jump and a UI click: inputs with their ticks, marks, end state', async () => {
    const played = await game.play({scene: SCENE, frozen: true, display: 'window'})
    expect(played).to.include({renders: true, frozen: true})
    const started = await call('runtime.record', {mode: 'start', path: RECORDING, watch: WATCH, seed: 1234})
    expect(started).to.include({recording: true, path: RECORDING, ticks: 0, events: 0})
    expect(started.header).to.include({scene: SCENE, seed: 1234, frozen_start: true, bridge_recording: 1})
    expect(started.header.engine).to.match(/^4\.\d+/)
    expect(started.header.generators).to.deep.include({
      node: '/root/Golden',
      property: 'rng',
      seed: '4242',
      state: started.header.generators[0].state,
    })
    await call('runtime.step', {frames: 30}) // lands on the floor
    await call('input.action', {action: 'ui_accept', pressed: true}) // pending: goes in before tick 31
    await call('runtime.step', {frames: 12, inputs: [{tick: 6, type: 'action', action: 'ui_accept', pressed: false}]})
    const air = await call('runtime.record', {mode: 'mark', mark: 'in the air'})
    expect(air.ticks).to.equal(42)
    await call('input.click_node', {node_path: 'UI/Start'})
    await call('runtime.step', {frames: 40})
    recorded = await call('runtime.record', {mode: 'stop'})
    expect(recorded).to.include({recording: false, ticks: 82})
    expect(recorded.marks.map((m: Json) => [m.mark, m.tick])).to.deep.equal([
      ['in the air', 42],
      ['end', 82],
    ])
    const end = recorded.marks[1]
    expect(end.watched['scene.clicks']).to.equal(1)
    expect(end.watched['scene.drift']).to.be.above(0) // drawn from the seeded generator on the click
    expect(recorded.marks[0].watched['$Jumper.position'][1]).to.be.below(280) // in the air
    expect(end.frame).to.equal('user://runs/golden.end.png')
    const png = decodePng(readFileSync(userFile(end.frame)))
    expect([png.width, png.height]).to.deep.equal([640, 360])

    // the file: header, then every input with the tick it was seen on, the marks, the end
    const file = lines(RECORDING)
    expect(file[0]).to.include({bridge_recording: 1, scene: SCENE, seed: 1234})
    const events = file.filter((l) => l.event)
    const texts = events.map((e) => [e.tick, e.event.class, e.event.pressed ?? false])
    expect(texts).to.deep.include.members([
      [31, 'InputEventAction', true],
      [36, 'InputEventAction', false],
    ])
    const buttons = events.filter((e) => e.event.class === 'InputEventMouseButton')
    expect(buttons.map((e) => [e.tick, e.event.pressed ?? false])).to.deep.equal([
      [43, true],
      [43, false],
    ])
    expect(buttons[0].event.position).to.equal('Vector2(80, 40)') // the button's centre, in Godot's text form
    expect(recorded.events).to.equal(events.length)
    expect(file.at(-1)).to.deep.equal({end: true, ticks: 82, events: events.length})
  })

  it('replays it from the same frozen start bit-identically, twice: watched values and frames equal', async () => {
    for (const run of [1, 2]) {
      const out = await call('runtime.replay', {path: RECORDING, display: 'window'})
      game.track(out.pid)
      expect(out, `replay ${run}`).to.include({identical: true, ticks: 82, events: recorded.events, scene: SCENE})
      expect(out.differences).to.deep.equal([])
      expect(out.marks.map((m: Json) => [m.mark, m.watched_equal, m.frame_equal])).to.deep.equal([
        ['in the air', true, true],
        ['end', true, true],
      ])
      expect(out.marks[1].watched).to.deep.equal(recorded.marks[1].watched)
      const state = await call('runtime.eval', {
        code: 'return Marshalls.raw_to_base64(var_to_bytes([$Jumper.position, $Jumper.velocity, scene.clicks, scene.drift]))',
      })
      const frame = await call('runtime.screenshot')
      expect(
        decodePng(Buffer.from(frame.image_base64, 'base64')).data.equals(
          decodePng(readFileSync(userFile('user://runs/golden.end.png'))).data,
        ),
        `replay ${run}: the frame now`,
      ).to.equal(true)
      if (run === 1) recorded.state = state.result
      else expect(state.result).to.equal(recorded.state)
    }
  })

  it('says so when the recording was made on another engine version, and refuses a game not at its start', async () => {
    const file = readFileSync(userFile(RECORDING), 'utf8').split('\n')
    const header = JSON.parse(file[0]) as Json
    file[0] = JSON.stringify({...header, engine: '4.5.1-stable (official)'})
    writeFileSync(userFile('user://runs/other-engine.jsonl'), file.join('\n'))
    const out = await call('runtime.replay', {path: 'user://runs/other-engine.jsonl', display: 'window'})
    game.track(out.pid)
    expect(out.differences).to.deep.include({
      what: 'engine version',
      recorded: '4.5.1-stable (official)',
      now: header.engine,
    })
    expect(out.identical).to.equal(true) // same engine in truth: the state still matches

    // a recording never stopped (the game ended first) replays up to its last input
    const unfinished = file.filter((l) => l !== '' && !l.startsWith('{"mark"') && !l.startsWith('{"end"'))
    writeFileSync(userFile('user://runs/unfinished.jsonl'), unfinished.join('\n'))
    const cut = await call('runtime.replay', {path: 'user://runs/unfinished.jsonl', display: 'window'})
    game.track(cut.pid)
    expect(cut).to.include({ticks: 43, events: recorded.events})
    expect(cut.marks.map((m: Json) => [m.mark, m.tick])).to.deep.equal([['last input', 43]])
    const noMark = await fx.rpcError('runtime.record', {mode: 'mark'})
    expect(noMark.message).to.include('not recording')

    const notAtStart = await fx.rpcError('runtime.replay', {path: RECORDING, play: false}) // the game ran 43 ticks
    expect(notAtStart.message).to.include('starts after 0 ticks').and.include('--frozen')
    const missing = await fx.rpcError('runtime.replay', {path: 'user://runs/none.jsonl'})
    expect(missing.message).to.include('no recording at user://runs/none.jsonl')
    writeFileSync(userFile('user://runs/bad.jsonl'), '{"not": "a recording"}\n')
    const bad = await fx.rpcError('runtime.replay', {path: 'user://runs/bad.jsonl'})
    expect(bad.message).to.include('not a bridge recording')
    const outside = await fx.rpcError('runtime.record', {mode: 'start', path: 'res://../outside.jsonl'})
    expect(outside.rpcCode).to.equal(-32003)
  })

  it('says which file changed when the scene was edited, and the comparison shows it mattered', async () => {
    const path = join(fx.editor.root, 'scripts', 'golden_jumper.gd')
    writeFileSync(path, JUMPER.replace('-420.0', '-300.0'))
    const out = await call('runtime.replay', {path: RECORDING, display: 'window'})
    game.track(out.pid)
    expect(out.differences.map((d: Json) => d.what)).to.deep.equal(['file res://scripts/golden_jumper.gd'])
    expect(out.identical).to.equal(false)
    const air = out.marks[0]
    expect(air).to.include({mark: 'in the air', watched_equal: false, frame_equal: false})
    expect(air.changed_pixels).to.be.above(0)
    expect(air.replay_frame).to.equal('user://runs/golden.in_the_air.replay.png')
    writeFileSync(path, JUMPER)
  })
})
