// Where things show on screen in the running game: a Button drawn in the world under a moved and zoomed
// Camera2D is reported by runtime.ui where the camera shows it and input.click_node presses it (its pressed
// signal fires); a 3D body is clicked where the Camera3D projects it (its input_event fires through physics
// picking). The scenes are written into the test project; the game runs headless and is stopped after.
import {expect} from 'chai'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../support/fixture.js'

// Camera at (500, 300) zoomed 2x in a 640x360 viewport: a world point p shows at (p - camera) * 2 + (320, 180).
// The Button covers world (480, 280)-(560, 320), so it shows at (280, 140)-(440, 220), centre (360, 180); a
// click at its bare canvas centre (520, 300) would miss it.
const CAMERA_SCENE = `[gd_scene format=3]

[node name="World" type="Node2D"]

[node name="Cam" type="Camera2D" parent="."]
position = Vector2(500, 300)
zoom = Vector2(2, 2)

[node name="Btn" type="Button" parent="."]
offset_left = 480.0
offset_top = 280.0
offset_right = 560.0
offset_bottom = 320.0
text = "Hit"
`

// A camera at z = 6 looking down -Z at a 1 m box body placed right of centre.
const PICK_SCENE = `[gd_scene load_steps=3 format=3]

[sub_resource type="BoxShape3D" id="1"]

[sub_resource type="GDScript" id="2"]
script/source = "extends StaticBody3D
var clicks := 0
func _input_event(_camera, event, _pos, _normal, _shape):
	if event is InputEventMouseButton and event.pressed:
		clicks += 1
"

[node name="Space" type="Node3D"]

[node name="Cam" type="Camera3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 6)

[node name="Box" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0)
script = SubResource("2")

[node name="Shape" type="CollisionShape3D" parent="Box"]
shape = SubResource("1")
`

describe('screen coordinates in the running game (real editor, headless game)', function () {
  this.timeout(120_000)
  const f = useEditor({
    pristine: false,
    async setup(fx) {
      writeFileSync(join(fx.editor.root, 'scenes', 'camera_button.tscn'), CAMERA_SCENE)
      writeFileSync(join(fx.editor.root, 'scenes', 'pick_3d.tscn'), PICK_SCENE)
      await fx.call('project.scan')
    },
  })
  const game = f.game

  it('a Button under a moved, zoomed Camera2D: runtime.ui reports where it shows and input.click_node presses it', async () => {
    await game.play({scene: 'res://scenes/camera_button.tscn'})
    const ui = await f.call('runtime.ui', {text: 'Hit'})
    expect(ui.controls).to.have.length(1)
    expect(ui.controls[0].rect).to.deep.equal({position: [280, 140], size: [160, 80]})
    expect(ui.controls[0].center).to.deep.equal([360, 180])
    const pressed = f.call('runtime.await_signal', {node_path: 'Btn', signal: 'pressed', timeout_ms: 5000})
    await new Promise((r) => setTimeout(r, 100))
    const click = await f.call('input.click_node', {node_path: 'Btn'})
    expect(click.delivered).to.include('mouse left at (360, 180) down')
    expect((await pressed).signal).to.equal('pressed')
  })

  it('a 3D body is clicked where the Camera3D projects it (physics picking sees the click)', async () => {
    await game.play({scene: 'res://scenes/pick_3d.tscn'})
    await f.call('runtime.eval', {code: 'scene.get_viewport().physics_object_picking = true'})
    const expected = (
      await f.call('runtime.eval', {code: 'return scene.get_node("Cam").unproject_position(Vector3(2, 0, 0))'})
    ).result
    const click = await f.call('input.click_node', {node_path: 'Box'})
    expect(click.mouse_position[0]).to.be.closeTo(expected[0], 1)
    expect(click.mouse_position[0], 'right of the centre').to.be.above(320 + 10)
    expect(click.mouse_position[1]).to.be.closeTo(180, 1)
    let clicks = 0
    for (let i = 0; i < 40 && clicks === 0; i++) {
      await new Promise((r) => setTimeout(r, 50))
      clicks = (await f.call('runtime.get', {node_path: 'Box', properties: ['clicks']})).values.clicks
    }
    expect(clicks, 'the body saw the click').to.equal(1)
    const behind = await f.call('input.click_node', {node_path: 'Cam'}).then(
      () => 'answered',
      (e: Json) => e.message,
    )
    expect(behind).to.not.equal('answered')
  })
})
