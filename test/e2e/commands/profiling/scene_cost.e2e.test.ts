// profiling.scene_cost: the static render/physics cost of a scene file (the demo's 3D level: two meshes,
// 14 triangles, one light) and of the open scene as edited (a node added shows up, Undo takes it out);
// the open scene and its history are left as they were; a missing file is refused.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('profiling.scene_cost (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'profiling', pristine: false})
  const {call} = fx
  const state = async () => [await call('scene.tree'), (await fx.sceneHistory()).count]

  it('the example counts the main scene file: bodies, shapes, visible canvas items, nothing 3D', async () => {
    const out = await call('profiling.scene_cost', fx.examples['profiling.scene_cost'])
    expect(out.scene).to.equal('res://scenes/main.tscn')
    expect(out.counts).to.include({meshes_visible: 0, triangles: 0, lights: 0, scripts: 1})
    expect(out.counts.collision_shapes).to.be.at.least(1)
    expect(out.counts.physics_bodies).to.be.at.least(2)
    expect(out.counts.canvas_items_visible).to.be.at.least(4)
    expect(out.draw_calls_estimate).to.equal(out.counts.canvas_items_visible)
  })

  it('counts the 3D level: meshes, surfaces, triangles, light; heaviest mesh first', async () => {
    const before = await state()
    const out = await call('profiling.scene_cost', {path: 'res://scenes/level_3d.tscn'})
    expect(out.scene).to.equal('res://scenes/level_3d.tscn')
    expect(out.counts).to.deep.include({
      nodes: 5,
      meshes_visible: 2,
      surfaces: 2,
      triangles: 14,
      lights: 1,
      shadow_casting_lights: 0,
      max_depth: 1,
    })
    expect(out.draw_calls_estimate).to.equal(2)
    expect(out.heaviest.map((h: Json) => [h.node, h.triangles])).to.deep.equal([
      ['Crate', 12],
      ['Floor', 2],
    ])
    expect(await state()).to.deep.equal(before)
  })

  it('the open scene counts as edited: an added particle system shows up and Undo takes it out', async () => {
    const file = await call('profiling.scene_cost', {path: 'res://scenes/main.tscn'})
    const open = await call('profiling.scene_cost')
    expect(open.counts).to.deep.equal(file.counts)
    expect(open.counts.collision_shapes).to.be.at.least(1)
    expect(open.counts.physics_bodies).to.be.at.least(2)
    await call('node.add', {parent: '/root/Main', type: 'CPUParticles2D', name: 'Sparks'})
    const added = await call('profiling.scene_cost')
    expect(added.counts).to.include({nodes: open.counts.nodes + 1, particle_systems: 1, particles: 8})
    expect(added.counts.canvas_items_visible).to.equal(open.counts.canvas_items_visible + 1)
    await call('editor.undo')
    expect((await call('profiling.scene_cost')).counts).to.deep.equal(open.counts)
  })

  it('refuses a missing or non-scene file without changing anything', async () => {
    await fx.refusedKeeping(
      {snapshot: state},
      'profiling.scene_cost',
      {path: 'res://nope.tscn'},
      -32001,
      'no scene file',
    )
    await fx.refusedKeeping(
      {snapshot: state},
      'profiling.scene_cost',
      {path: 'res://scripts/player.gd'},
      -32001,
      'player.gd',
    )
  })
})
