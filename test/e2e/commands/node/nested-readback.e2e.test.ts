// node.get/set/set_many with Godot's property paths (position:x, shape:size, material:albedo_color) and
// writes proven by reading back: a value the engine clamps or ignores is refused with what it accepts,
// nothing changes, and a value equal to the current one succeeds without a new undo step.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('node properties: nested paths and read-back', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const call = <T = Json>(method: string, params: Json = {}) => fx.editor.client.call<T>(method, params)
  const get = async (node: string, property: string) => (await call('node.get', {node_path: node, property})).value
  const state = async () => ({tree: await call('scene.tree'), history: await fx.sceneHistory()})

  it('node.get and node.set take position:x, and undo restores the whole vector', async () => {
    expect(await get('Player', 'position:x')).to.equal(320)
    const out = await call('node.set', {node_path: 'Player', property: 'position:x', value: 12.5})
    expect(out).to.deep.include({property: 'position:x', value: 12.5, previous: 320, changed: true})
    expect(await get('Player', 'position')).to.deep.equal([12.5, 180])
    await fx.undo('set Player.position:x')
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
  })

  it('node.set reaches into a resource: shape:size, with undo', async () => {
    expect(await get('Player/Shape', 'shape:size')).to.deep.equal([32, 32])
    await call('node.set', {node_path: 'Player/Shape', property: 'shape:size', value: [64, 8]})
    expect(await get('Player/Shape', 'shape:size')).to.deep.equal([64, 8])
    await fx.undo('set Shape.shape:size')
    expect(await get('Player/Shape', 'shape:size')).to.deep.equal([32, 32])
  })

  it('node.set_many takes paths, several parts of one vector in one undo step', async () => {
    const out = await call('node.set_many', {node_path: 'Player', properties: {'position:x': 1, 'position:y': 2}})
    expect(out.values).to.deep.equal({'position:x': 1, 'position:y': 2})
    expect(await get('Player', 'position')).to.deep.equal([1, 2])
    await fx.undo('set 2 properties of Player')
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
  })

  it('material:albedo_color on a 3D mesh material, after giving it one', async () => {
    await call('scene.open', {path: 'res://scenes/level_3d.tscn'})
    try {
      const empty = (await fx.editor.client
        .call('node.set', {node_path: 'Crate', property: 'material_override:albedo_color', value: 'red'})
        .catch((e: unknown) => e)) as Error
      expect(String(empty.message)).to.include('material_override is empty')
      await call('node.set', {node_path: 'Crate', property: 'material_override', value: {class: 'StandardMaterial3D'}})
      await call('node.set', {node_path: 'Crate', property: 'material_override:albedo_color', value: '#ff0000'})
      expect(await get('Crate', 'material_override:albedo_color')).to.deep.equal([1, 0, 0, 1])
      await fx.undo('set Crate.material_override:albedo_color')
      await fx.undo('set Crate.material_override')
    } finally {
      await call('scene.open', {path: 'res://scenes/main.tscn'})
    }
  })

  it('names what a path cannot index', async () => {
    await fx.refusedKeeping(
      {snapshot: state},
      'node.get',
      {node_path: 'Player', property: 'position:q'},
      -32001,
      "no 'q'",
      'x, y',
    )
  })

  it('refuses a value the engine clamps (z_index past its range), naming the range, and changes nothing', async () => {
    await fx.refusedKeeping(
      {snapshot: state},
      'node.set',
      {node_path: 'Player', property: 'z_index', value: 5000},
      -32000,
      'z_index',
      '4096',
      'nothing was changed',
    )
    expect(await get('Player', 'z_index')).to.equal(0)
    await fx.refusedKeeping(
      {snapshot: state},
      'node.set_many',
      {node_path: 'Player', properties: {rotation: 1, z_index: -9000}},
      -32000,
      '-4096..4096',
    )
  })

  it('refuses a value the node ignores (a Sprite2D frame past its frames)', async () => {
    await call('node.add', {type: 'Sprite2D', name: 'Frames'})
    try {
      await fx.refusedKeeping(
        {snapshot: state},
        'node.set',
        {node_path: 'Frames', property: 'frame', value: 5},
        -32000,
        'frame',
        'it holds 0',
      )
    } finally {
      await fx.undo('add Sprite2D')
    }
  })

  it('refuses an enum value out of range, listing the values', async () => {
    await fx.refusedKeeping(
      {snapshot: state},
      'node.set',
      {node_path: 'Player', property: 'motion_mode', value: 7},
      -32602,
      'Grounded',
      'Floating',
    )
  })

  it('a value equal to the current one succeeds without a new undo step', async () => {
    const before = await fx.sceneHistory()
    const out = await call('node.set', {node_path: 'Player', property: 'position', value: [320, 180]})
    expect(out).to.deep.include({changed: false, value: [320, 180]})
    const many = await call('node.set_many', {node_path: 'Player', properties: {'position:x': 320, z_index: 0}})
    expect(many.changed).to.equal(false)
    expect(await fx.sceneHistory()).to.deep.equal(before)
  })
})
