// runtime.capture_frames on a software renderer (the private Xvfb's Mesa llvmpipe): the environment's costliest
// effects are switched off for the capture by default and put back after, and the answer names them; with
// lower_effects false nothing is touched. The game's own environment is read back in the game.
import {expect} from 'chai'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {type Json, useEditor} from '../../support/fixture.js'

// a lit crate with an environment that has glow, SSAO and fog on (fog is cheap: never lowered)
const EFFECTS_SCENE = `[gd_scene load_steps=3 format=3]

[sub_resource type="Environment" id="Environment_1"]
glow_enabled = true
ssao_enabled = true
fog_enabled = true

[sub_resource type="BoxMesh" id="BoxMesh_1"]

[node name="Effects" type="Node3D"]

[node name="World" type="WorldEnvironment" parent="."]
environment = SubResource("Environment_1")

[node name="Crate" type="MeshInstance3D" parent="."]
mesh = SubResource("BoxMesh_1")

[node name="Sun" type="DirectionalLight3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 0.707107, 0.707107, 0, -0.707107, 0.707107, 0, 5, 0)

[node name="Camera3D" type="Camera3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 4)
`
const READ_BACK = 'var e = scene.get_node("World").environment\nreturn [e.glow_enabled, e.ssao_enabled, e.fog_enabled]'

describe('capture_frames lowers costly effects on a software renderer (game under Xvfb)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false, xvfb: true})
  let pid = 0
  const {call} = fx

  before(async () => {
    writeFileSync(join(fx.editor.root, 'scenes', 'effects.tscn'), EFFECTS_SCENE)
    pid = (await call('scene.play', {scene: 'res://scenes/effects.tscn'})).pid
  })
  after(async () => {
    await call('scene.stop').catch(() => {})
    if (pid && pidAlive(pid)) process.kill(pid, 'SIGKILL')
  })

  it('switches glow and SSAO off for the capture by default, says so, and puts them back', async () => {
    const out = await call<Json>('runtime.capture_frames', {count: 1})
    expect(out.renderer.software, JSON.stringify(out.renderer)).to.equal(true)
    expect(out.renderer.adapter).to.match(/llvmpipe/i)
    expect(out.lowered_effects).to.have.members(['ssao_enabled', 'glow_enabled'])
    expect(out.frames).to.have.length(1)
    const after = await call<Json>('runtime.eval', {code: READ_BACK})
    expect(after.result).to.deep.equal([true, true, true])
  })

  it('leaves the effects alone with lower_effects false', async () => {
    const out = await call<Json>('runtime.capture_frames', {count: 1, lower_effects: false})
    expect(out.lowered_effects).to.deep.equal([])
    expect(out.renderer.software).to.equal(true)
  })
})
