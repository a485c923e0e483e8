// particles.*: every declared example against a real headless editor on a fresh 3D scene: a GPU emitter
// from the fire preset with a process material and a draw mesh, settings by one set of names for GPU and
// CPU emitters (2D and 3D), presets, colour ramps, info, restart and GPU→CPU conversion; each edit undone.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'
import {openWorld, type World} from '../../../support/world.js'

describe('particles commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'particles', pristine: false})
  let w: World
  const info = (node = 'Campfire') => w.call('particles.info', {node_path: node})

  before(async () => {
    w = await openWorld(fx, 'res://levels/fx.tscn', 'Node3D')
  })

  it('declares every particles command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members([
      'particles.create',
      'particles.configure',
      'particles.preset',
      'particles.gradient',
      'particles.info',
      'particles.restart',
      'particles.convert_to_cpu',
    ])
  })

  it('particles.create: a GPUParticles3D from the fire preset with real process settings and a draw quad; undo removes it', async () => {
    const out = await w.call('particles.create', w.examples['particles.create'])
    expect(out).to.deep.include({path: '/root/Main/Campfire', type: 'GPUParticles3D', amount: 48, lifetime: 1})
    const i = await info()
    const pm = i.process_material.settings
    expect(pm.emission_shape).to.equal(1)
    expect(pm.direction).to.deep.equal([0, 1, 0])
    expect(pm.initial_velocity).to.deep.equal([1, 2])
    expect(pm.color_ramp.class).to.equal('GradientTexture1D')
    expect(i.settings.draw_pass_1.class).to.equal('QuadMesh')
    await w.undo('add GPUParticles3D')
    await w.refused('particles.info', {node_path: 'Campfire'}, -32001)
    await w.call('particles.create', w.examples['particles.create'])
    const spark = await w.call('particles.create', {
      name: 'Burst',
      kind: 'cpu_3d',
      amount: 10,
      one_shot: true,
      explosiveness: 1,
    })
    expect(spark).to.deep.include({type: 'CPUParticles3D', amount: 10, one_shot: true, explosiveness: 1})
    await w.undo('add CPUParticles3D')
    await w.refused('particles.create', {name: 'Campfire'}, -32000, 'already has a child')
  })

  it('particles.configure: process-material and node settings in one undoable action, read back', async () => {
    const out = await w.call('particles.configure', w.examples['particles.configure'])
    expect(out.values).to.deep.include({amount: 64, spread: 25, emission_shape: 3})
    expect(out.values.emission_box_extents[1]).to.be.closeTo(0.1, 1e-6)
    await w.undo('configure Campfire')
    const i = await info()
    expect(i.amount).to.equal(48)
    expect(i.process_material.settings.emission_shape).to.equal(1)
    w.snapshot = () => info()
    await w.refused(
      'particles.configure',
      {node_path: 'Campfire', settings: {spred: 3}},
      -32001,
      "did you mean 'spread'",
    )
    await w.refused(
      'particles.configure',
      {node_path: 'Campfire', settings: {emission_shape: 'Blob'}},
      -32602,
      "'emission_shape' expects",
    )
    await w.refused(
      'particles.configure',
      {node_path: 'Campfire', settings: {amount: 8, spread: 'wide'}},
      -32602,
      "'spread'",
    )
    await w.refused(
      'particles.configure',
      {node_path: '/root/Main', settings: {amount: 8}},
      -32602,
      'not a GPUParticles2D',
    )
    w.snapshot = () => w.call('scene.tree')
  })

  it('particles.preset: smoke on the example; 2D emitters get pixels and y down; CPU emitters get the same settings', async () => {
    const out = await w.call('particles.preset', w.examples['particles.preset'])
    expect(out.values).to.deep.include({amount: 24, lifetime: 3})
    expect(out.values.gravity[1]).to.be.closeTo(0.3, 1e-6)
    await w.undo('apply smoke preset to Campfire')
    await w.call('node.add', {type: 'Node2D', name: 'Flat'})
    const flat = await w.call('particles.create', {parent: 'Flat', name: 'Sparks', preset: 'sparks'})
    expect(flat.type).to.equal('GPUParticles2D')
    expect((await info('Flat/Sparks')).process_material.settings.gravity).to.deep.equal([0, 392, 0])
    const cpu = await w.call('particles.create', {parent: 'Flat', name: 'Snow', kind: 'cpu_2d', preset: 'snow'})
    expect(cpu.amount).to.equal(100)
    const s = (await info('Flat/Snow')).settings
    expect(s.direction).to.deep.equal([0, 1])
    expect(s.emission_rect_extents).to.deep.equal([320, 8])
    expect(s.scale_amount_max).to.be.closeTo(0.2, 1e-6)
    expect(s.color_ramp.class).to.equal('Gradient')
  })

  it('particles.gradient: the colour ramp from the example stops; undo restores the preset ramp', async () => {
    const out = await w.call('particles.gradient', w.examples['particles.gradient'])
    expect(out.values.color_ramp.offsets).to.deep.equal([0, 1])
    expect(out.values.color_ramp.colors).to.deep.equal([
      [1, 1, 1, 1],
      [1, 0, 0, 0],
    ])
    await w.undo('set colour ramp of Campfire')
    await w.refused('particles.gradient', {node_path: 'Campfire', stops: [[2, 'red']]}, -32602, 'offset 0..1')
    await w.refused('particles.gradient', {node_path: 'Campfire', stops: []}, -32602, 'non-empty')
  })

  it('particles.info / restart: the example emitter described and restarted', async () => {
    const i = await w.call('particles.info', w.examples['particles.info'])
    expect(i).to.deep.include({type: 'GPUParticles3D', amount: 48})
    const r = await w.call('particles.restart', w.examples['particles.restart'])
    expect(r).to.deep.equal({path: '/root/Main/Campfire', emitting: true, restarted: true, undoable: false})
    // restart changes nothing that is saved: an emitter whose emitting is off is refused, not turned on
    await w.call('particles.configure', {node_path: 'Campfire', settings: {emitting: false}})
    w.snapshot = () => info()
    await w.refused('particles.restart', {node_path: 'Campfire'}, -32000, 'is not emitting', '"emitting": true')
    w.snapshot = () => w.call('scene.tree')
    await w.undo('configure Campfire')
    expect((await info()).emitting).to.equal(true)
  })

  it('particles.convert_to_cpu: the GPU emitter replaced in place by a CPU one with its settings; undo brings it back', async () => {
    await w.call('node.add', {type: 'Node3D', parent: 'Campfire', name: 'Glow'})
    const out = await w.call('particles.convert_to_cpu', w.examples['particles.convert_to_cpu'])
    expect(out).to.deep.include({
      path: '/root/Main/Campfire',
      type: 'CPUParticles3D',
      amount: 48,
      lifetime: 1,
      emission_shape: 1,
    })
    const node = await w.call('node.info', {node_path: 'Campfire'})
    expect(node).to.deep.include({type: 'CPUParticles3D', index: 0, children: ['Glow']})
    expect(await w.inEditor('return scene.get_node("Campfire/Glow").owner == scene')).to.equal(true)
    await w.undo('convert Campfire to CPUParticles3D')
    expect((await w.call('node.info', {node_path: 'Campfire'})) as Json).to.deep.include({
      type: 'GPUParticles3D',
      children: ['Glow'],
    })
    await w.refused(
      'particles.convert_to_cpu',
      {node_path: 'Flat/Snow'},
      -32602,
      'not a GPUParticles2D or GPUParticles3D',
    )
  })
})
