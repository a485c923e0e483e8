// test.scenes_load: every demo scene loads and instantiates (node counts read back); a scene whose script
// is gone and a file that is no scene fail with the reason; nothing in the editor changes.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('test.scenes_load (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'test', pristine: false})
  const {call} = fx
  const state = async () => [await call('scene.tree'), (await fx.sceneHistory()).count, await call('scene.list_open')]

  before(async () => {
    mkdirSync(join(fx.editor.root, 'broken'))
    writeFileSync(
      join(fx.editor.root, 'broken', 'lost_script.tscn'),
      '[gd_scene load_steps=2 format=3]\n\n[ext_resource type="Script" path="res://gone/enemy.gd" id="1"]\n\n[node name="Enemy" type="Node2D"]\nscript = ExtResource("1")\n',
    )
    writeFileSync(join(fx.editor.root, 'broken', 'garbage.tscn'), 'this is not a scene\n')
    writeFileSync(
      join(fx.editor.root, 'broken', 'fine.tscn'),
      '[gd_scene format=3]\n\n[node name="Fine" type="Node2D"]\n\n[node name="Child" type="Sprite2D" parent="."]\n',
    )
  })

  it('the example loads every demo scene with its node count; nothing in the editor changes', async () => {
    const before = await state()
    const out = await call('test.scenes_load', fx.examples['test.scenes_load'])
    expect(out).to.include({checked: 3, passed: 3, ok: true})
    expect(out.failed).to.deep.equal([])
    const level = out.scenes.find((s: Json) => s.scene === 'res://scenes/level_3d.tscn')
    expect(level).to.include({ok: true, nodes: 5})
    expect(level.warnings).to.be.an('array')
    expect(await state()).to.deep.equal(before)
  })

  it('reports a scene whose script is gone and a file that is no scene, with the reason; good ones pass', async () => {
    const out = await call('test.scenes_load', {under: 'res://broken', warnings: false})
    expect(out).to.include({checked: 3, passed: 1, ok: false})
    const byScene = Object.fromEntries(out.scenes.map((s: Json) => [s.scene, s]))
    expect(byScene['res://broken/fine.tscn']).to.include({ok: true, nodes: 2})
    expect(byScene['res://broken/fine.tscn']).to.not.have.property('warnings')
    expect(byScene['res://broken/lost_script.tscn'].error).to.include('res://gone/enemy.gd')
    expect(byScene['res://broken/garbage.tscn']).to.include({ok: false})
    expect(out.failed.map((f: Json) => f.scene).sort()).to.deep.equal([
      'res://broken/garbage.tscn',
      'res://broken/lost_script.tscn',
    ])
  })

  it('refuses a folder that does not exist', async () => {
    await fx.refusedKeeping({snapshot: state}, 'test.scenes_load', {under: 'res://nowhere'}, -32001, 'res://nowhere')
  })
})
