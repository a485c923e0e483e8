// physics.*: every declared example of the group against a real editor, on the demo's 2D main scene
// (a player with a shape, a ground body without one) and its 3D level (a plane floor, a crate): the
// state read back, one undo step each that undo reverts exactly and redo re-applies, refusals that
// change nothing. layer_names changes project.godot (the global history), checked on disk.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'
import {WorldExamples} from '../../../support/world.js'

describe('physics commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'physics', pristine: false})
  let w: WorldExamples
  const projectFile = () => readFileSync(join(fx.editor.root, 'project.godot'), 'utf8')
  const readBack = (code: string) => fx.inEditor(code)

  before(async () => {
    w = new WorldExamples(fx)
    expect(await w.load('physics')).to.have.members([
      'physics.add_body',
      'physics.add_shape',
      'physics.fit_shape',
      'physics.add_joint',
      'physics.layers',
      'physics.set_layers',
      'physics.layer_names',
      'physics.describe',
      'physics.set_material',
    ])
    await w.open('res://scenes/main.tscn')
  })

  it('physics.describe: the ground body has no shape yet and is flagged; bad paths are refused', async () => {
    const d = await w.run('physics.describe')
    expect(d.count).to.equal(2)
    const byPath = Object.fromEntries(d.bodies.map((b: Json) => [b.path, b]))
    expect(byPath['/root/Main/Player']).to.deep.include({type: 'CharacterBody2D'})
    expect(byPath['/root/Main/Player'].shapes[0]).to.deep.include({
      type: 'RectangleShape2D',
      size: [32, 32],
      path: '/root/Main/Player/Shape',
    })
    expect(byPath['/root/Main/Player'].layers).to.deep.equal([{layer: 1, name: ''}])
    expect(byPath['/root/Main/Ground'].shapes).to.deep.equal([])
    expect(d.warnings).to.include('/root/Main/Ground has no collision shape: nothing collides with it')
    const sub = await w.run('physics.describe', {node_path: 'Player'})
    expect(sub.bodies.map((b: Json) => b.path)).to.deep.equal(['/root/Main/Player'])
    await w.refused('physics.describe', {node_path: '/root/Main/Nope'}, -32001, 'Nope')
  })

  it('physics.add_shape: a 640 x 40 rectangle on the ground body; refuses non-bodies, 3D kinds and bad sizes', async () => {
    const out = await w.run('physics.add_shape')
    expect(out).to.deep.include({path: '/root/Main/Ground/CollisionShape2D', position: [0, 0]})
    expect(out.shape).to.deep.equal({type: 'RectangleShape2D', size: [640, 40]})
    const shape = await readBack(`var s = scene.get_node("Ground/CollisionShape2D")
return [s.owner == scene, s.shape.size]`)
    expect(shape).to.deep.equal([true, [640, 40]])
    expect((await w.call('physics.describe', {})).warnings).to.deep.equal([])
    // rays see a shape added to a body that was already in the scene
    const hit = await w.call('spatial.raycast', {from: [100, 0], to: [100, 400]})
    expect(hit, JSON.stringify(hit)).to.deep.include({hit: true, collider: '/root/Main/Ground', position: [100, 280]})
    await w.refused(
      'physics.add_shape',
      {parent: 'Player/Body', shape: 'rectangle'},
      -32602,
      'ColorRect, not a physics body',
    )
    await w.refused('physics.add_shape', {parent: 'Ground', shape: 'box'}, -32602, "shape 'box' is not a 2D shape")
    await w.refused(
      'physics.add_shape',
      {parent: 'Ground', shape: 'rectangle', size: [10, 0]},
      -32602,
      'size must be > 0',
    )
    await w.refused('physics.add_shape', {parent: 'Ground', shape: 'circle', radius: -1}, -32602, 'radius')
    await w.refused(
      'physics.add_shape',
      {parent: 'Ground', shape: 'rectangle', size: [1, 2, 3]},
      -32602,
      "'size' must have 2 numbers",
    )
    await w.refused(
      'physics.add_shape',
      {parent: 'Ground', name: 'CollisionShape2D'},
      -32000,
      "already has a child named 'CollisionShape2D'",
    )
    await w.refused('physics.add_shape', {parent: 'Nowhere'}, -32001, 'Nowhere')
  })

  it('physics.fit_shape: refits the player shape to its ColorRect, as a circle too; refuses a non-shape', async () => {
    // grow the art first so the fit has something to follow
    await w.call('node.set', {node_path: 'Player/Body', property: 'size', value: [48, 32]})
    const out = await w.run('physics.fit_shape')
    expect(out.previous).to.deep.equal({type: 'RectangleShape2D', size: [32, 32]})
    expect(out.shape).to.deep.equal({type: 'RectangleShape2D', size: [48, 32]})
    expect(out.position).to.deep.equal([8, 0])
    const circle = await w.run('physics.fit_shape', {node_path: 'Player/Shape', fit_to: 'Player/Body', shape: 'circle'})
    expect(circle.shape).to.deep.equal({type: 'CircleShape2D', radius: 24})
    await w.refused(
      'physics.fit_shape',
      {node_path: 'Player', fit_to: 'Player/Body'},
      -32602,
      'not a CollisionShape2D/3D',
    )
    await w.refused(
      'physics.fit_shape',
      {node_path: 'Player/Shape', fit_to: 'Player/Body', shape: 'sphere'},
      -32602,
      'not a 2D shape',
    )
    await w.refused('physics.fit_shape', {node_path: 'Player/Shape', fit_to: 'Camera2D'}, -32602, 'no mesh, sprite')
    await w.refused('physics.fit_shape', {node_path: 'Player/Shape', fit_to: 'Gone'}, -32001, 'Gone')
    // back to the demo's shape: undo both fits and the resize
    for (let i = 0; i < 3; i++) expect((await w.call('editor.undo')).undone).to.equal(true)
    expect(
      await readBack('return [scene.get_node("Player/Shape").shape.size, scene.get_node("Player/Body").size]'),
    ).to.deep.equal([
      [32, 32],
      [32, 32],
    ])
  })

  it('physics.layer_names: names 2D physics layers in project.godot; undo and redo go through the global history', async () => {
    const before = projectFile()
    const out = await w.call('physics.layer_names', w.examples['physics.layer_names'])
    expect(out).to.deep.equal({kind: '2d_physics', names: {1: 'world', 2: 'player'}, changed: 2, undoable: true})
    expect(projectFile()).to.include('2d_physics/layer_1="world"').and.include('2d_physics/layer_2="player"')
    const undone = await w.call('editor.undo')
    expect(undone).to.deep.include({undone: true, action: 'Bridge: name 2d_physics layers'})
    expect((await w.call('physics.layer_names', {kind: '2d_physics'})).names).to.deep.equal({})
    expect(projectFile()).to.not.include('2d_physics/layer_1')
    await w.call('editor.redo')
    expect((await w.call('physics.layer_names', {kind: '2d_physics'})).names).to.deep.equal({1: 'world', 2: 'player'})
    const named = projectFile()
    expect(named).to.not.equal(before)
    for (const [names, fragment] of [
      [{33: 'sky'}, 'layer numbers 1..32'],
      [{one: 'sky'}, "got 'one'"],
      [{3: 5}, 'values are strings'],
    ] as const) {
      const error = await w.call('physics.layer_names', {kind: '2d_physics', names}).catch((e) => e)
      expect(error.rpcCode, error.message).to.equal(-32602)
      expect(error.message).to.include(fragment)
    }
    await w.refused('physics.layer_names', {kind: '4d_physics'}, -32602, 'kind')
    expect(projectFile()).to.equal(named)
  })

  it('physics.layers: the player decoded with the layer names, and who it collides with', async () => {
    const out = await w.run('physics.layers')
    expect(out).to.deep.include({
      path: '/root/Main/Player',
      collision_layer: 1,
      collision_mask: 1,
      layers: [{layer: 1, name: 'world'}],
      detects: ['/root/Main/Ground'],
      detected_by: ['/root/Main/Ground'],
    })
    await w.refused('physics.layers', {node_path: 'Camera2D'}, -32602, 'Camera2D, not a node with collision layers')
    await w.refused('physics.layers', {node_path: 'Ghost'}, -32001)
  })

  it('physics.set_layers: by number and name in one step; all-or-nothing refusals', async () => {
    const out = await w.run('physics.set_layers')
    expect(out.nodes[0]).to.deep.include({collision_layer: 2, collision_mask: 5})
    expect(out.nodes[0].layers).to.deep.equal([{layer: 2, name: 'player'}])
    const added = await w.run('physics.set_layers', {
      nodes: ['Player', 'Ground'],
      collision_mask: 'player',
      mode: 'add',
    })
    expect(added.nodes.map((n: Json) => n.collision_mask)).to.deep.equal([7, 3])
    const removed = await w.run('physics.set_layers', {nodes: ['Player'], collision_mask: [1], mode: 'remove'})
    expect(removed.nodes[0].collision_mask).to.equal(6)
    expect((await w.call('physics.layers', {node_path: 'Ground'})).detects).to.deep.equal(['/root/Main/Player'])
    await w.refused('physics.set_layers', {nodes: ['Player']}, -32602, 'give collision_layer, collision_mask or both')
    await w.refused(
      'physics.set_layers',
      {nodes: ['Player'], collision_layer: 'plyer'},
      -32602,
      "did you mean 'player'",
    )
    await w.refused('physics.set_layers', {nodes: ['Player'], collision_layer: [33]}, -32602, '1..32')
    await w.refused('physics.set_layers', {nodes: ['Player'], collision_layer: -1}, -32602, 'between 0 and 4294967295')
    await w.refused('physics.set_layers', {nodes: ['Ground', 'Camera2D'], collision_layer: [3]}, -32602, 'Camera2D')
    await w.refused('physics.set_layers', {nodes: [], collision_layer: [3]}, -32602, 'empty')
    await w.refused('physics.set_layers', {nodes: ['Player'], collision_layer: [3], mode: 'toggle'}, -32602, 'mode')
  })

  it('physics.set_material: friction and bounce on the ground; refuses a character body and out-of-range values', async () => {
    const out = await w.run('physics.set_material')
    expect(out.nodes).to.have.length(1)
    expect(out.nodes[0]).to.deep.include({path: '/root/Main/Ground', bounce: 0.5, rough: false, absorbent: false})
    expect(out.nodes[0].friction).to.be.closeTo(0.2, 1e-6)
    const m = await readBack(
      'var m = scene.get_node("Ground").physics_material_override\nreturn [m.friction, m.bounce, m.rough]',
    )
    expect(m[0]).to.be.closeTo(0.2, 1e-6)
    expect(m.slice(1)).to.deep.equal([0.5, false])
    const rough = await w.run('physics.set_material', {nodes: ['Ground'], friction: 1, rough: true, absorbent: true})
    expect(rough.nodes[0]).to.deep.include({friction: 1, bounce: 0, rough: true, absorbent: true})
    await w.refused(
      'physics.set_material',
      {nodes: ['Ground', 'Player']},
      -32602,
      'CharacterBody2D: only StaticBody and RigidBody',
    )
    await w.refused('physics.set_material', {nodes: ['Ground'], friction: 1.5}, -32602, 'friction')
    await w.refused('physics.set_material', {nodes: ['Ground'], bounce: -0.1}, -32602, 'bounce')
    await w.refused('physics.set_material', {nodes: ['Ground', 'Ghost']}, -32001, 'Ghost')
  })

  it('physics.add_joint in 2D: a pin between the player and the ground, halfway', async () => {
    const out = await w.run('physics.add_joint', {type: 'pin_2d', node_a: 'Player', node_b: 'Ground', name: 'Pin'})
    expect(out).to.deep.include({
      path: '/root/Main/Pin',
      type: 'PinJoint2D',
      position: [320, 240],
      node_a: '/root/Main/Player',
      node_b: '/root/Main/Ground',
    })
    expect(
      await readBack('var j = scene.get_node("Pin")\nreturn [str(j.node_a), str(j.node_b), j.owner == scene]'),
    ).to.deep.equal(['../Player', '../Ground', true])
    await w.refused(
      'physics.add_joint',
      {type: 'hinge', node_a: 'Player'},
      -32602,
      'HingeJoint3D joins 3D physics bodies',
    )
    await w.refused('physics.add_joint', {type: 'pin_2d', node_a: 'Player', node_b: 'Player'}, -32602, 'same body')
    await w.refused('physics.add_joint', {type: 'pin_2d', node_a: 'Player/Body'}, -32602, 'ColorRect')
    await w.refused(
      'physics.add_joint',
      {type: 'pin_2d', node_a: 'Player', position: [1, 2, 3]},
      -32602,
      "'position' must have 2 numbers",
    )
    await w.refused(
      'physics.add_joint',
      {type: 'pin_2d', node_a: 'Player', name: 'Pin'},
      -32000,
      "already has a child named 'Pin'",
    )
    await w.refused('physics.add_joint', {type: 'rope', node_a: 'Player'}, -32602, 'type')
  })

  it('the 2D changes are saved: after a reload from disk the shape, layers, material and joint are there', async () => {
    await w.call('scene.save')
    await w.call('scene.reload', {path: 'res://scenes/main.tscn'})
    const back = await readBack(`var g = scene.get_node("Ground")
var p = scene.get_node("Player")
var j = scene.get_node("Pin")
return [g.get_node("CollisionShape2D").shape.size, g.physics_material_override.rough, p.collision_layer, p.collision_mask, g.collision_mask, str(j.node_a), str(j.node_b), p.get_node("Shape").shape.size]`)
    expect(back).to.deep.equal([[640, 40], true, 2, 6, 3, '../Player', '../Ground', [32, 32]])
    const hit = await w.call('spatial.raycast', {from: [100, 0], to: [100, 400]})
    expect(hit).to.deep.include({hit: true, collider: '/root/Main/Ground'})
  })

  it('physics.add_body in 3D: the floor plane gets a box collider whose top is the plane', async () => {
    await w.open('res://scenes/level_3d.tscn')
    const out = await w.run('physics.add_body')
    expect(out).to.deep.include({
      path: '/root/Level3D/Floor/FloorBody',
      type: 'StaticBody3D',
      collision_layer: 1,
      collision_mask: 1,
    })
    expect(out.shape.type).to.equal('BoxShape3D')
    expect(out.shape.size[0]).to.be.closeTo(20, 1e-4)
    expect(out.shape.size[1]).to.be.closeTo(0.1, 1e-4)
    expect(out.shape_position[1]).to.be.closeTo(-0.05, 1e-4)
    const hit = await w.call('spatial.raycast', {from: [3, 5, 3], to: [3, -5, 3]})
    expect(hit).to.deep.include({hit: true, collider: '/root/Level3D/Floor/FloorBody'})
    expect(hit.position[1]).to.be.closeTo(0, 1e-4)
    const crate = await w.run('physics.add_body', {
      type: 'RigidBody3D',
      parent: 'Crate',
      name: 'Body',
      fit_to: 'Crate',
      shape: 'sphere',
      properties: {mass: 5},
      collision_layer: [2],
    })
    expect(crate.shape).to.deep.equal({type: 'SphereShape3D', radius: 0.5})
    expect(crate.collision_layer).to.equal(2)
    expect(await readBack('return scene.get_node("Crate/Body").mass')).to.equal(5)
    await w.refused(
      'physics.add_body',
      {type: 'StaticBody3D', parent: 'Floor', name: 'FloorBody'},
      -32000,
      "already has a child named 'FloorBody'",
    )
    await w.refused(
      'physics.add_body',
      {type: 'StaticBody3D', shape: 'circle'},
      -32602,
      "shape 'circle' is not a 3D shape",
    )
    await w.refused('physics.add_body', {type: 'StaticBody3D', fit_to: 'Sun'}, -32602, 'no mesh, sprite')
    await w.refused('physics.add_body', {type: 'StaticBody3D', shape: 'convex'}, -32602, 'give fit_to')
    await w.refused(
      'physics.add_body',
      {type: 'StaticBody3D', position: [1, 2]},
      -32602,
      "'position' must have 3 numbers",
    )
    await w.refused('physics.add_body', {type: 'StaticBody3D', size: [1, -1, 1]}, -32602, 'size must be > 0')
    await w.refused('physics.add_body', {type: 'RigidBody3D', properties: {mass: 'heavy'}}, -32602, 'mass')
    await w.refused('physics.add_body', {type: 'RigidBody3D', collision_layer: ['nope']}, -32602, 'nope')
    await w.refused('physics.add_body', {type: 'StaticBody3D', parent: 'Nope'}, -32001, 'Nope')
    await w.refused('physics.add_body', {type: 'Node3D'}, -32602, 'type')
  })

  it('physics.fit_shape in 3D: the floor collider refitted to the crate, as a trimesh too', async () => {
    const box = await w.run('physics.fit_shape', {node_path: 'Floor/FloorBody/CollisionShape3D', fit_to: 'Crate'})
    expect(box.shape).to.deep.equal({type: 'BoxShape3D', size: [1, 1, 1]})
    expect(box.position).to.deep.equal([0, 0.5, 0])
    // rays see the resized shape of a body already in the scene: the collider's top is now the crate's
    const top = await w.call('spatial.raycast', {from: [0.2, 5, 0.2], to: [0.2, -5, 0.2], exclude: ['Crate']})
    expect(top.collider).to.equal('/root/Level3D/Floor/FloorBody')
    expect(top.position[1]).to.be.closeTo(1, 1e-4)
    const tri = await w.run('physics.fit_shape', {
      node_path: 'Floor/FloorBody/CollisionShape3D',
      fit_to: 'Crate',
      shape: 'trimesh',
    })
    expect(tri.shape).to.deep.equal({type: 'ConcavePolygonShape3D', faces: 12})
    await w.refused(
      'physics.fit_shape',
      {node_path: 'Floor/FloorBody/CollisionShape3D', fit_to: 'Sun', shape: 'convex'},
      -32602,
      'MeshInstance3D with a mesh',
    )
    await w.refused(
      'physics.fit_shape',
      {node_path: 'Floor/FloorBody/CollisionShape3D', fit_to: 'Crate', shape: 'rectangle'},
      -32602,
      'not a 3D shape',
    )
    expect((await w.call('editor.undo')).undone).to.equal(true)
    expect((await w.call('editor.undo')).undone).to.equal(true)
  })

  it('physics.add_joint: the declared hinge between a door and its frame, placed halfway', async () => {
    await w.call('physics.add_body', {type: 'RigidBody3D', name: 'Door', position: [1, 1, 0], size: [1, 2, 0.1]})
    await w.call('physics.add_body', {type: 'StaticBody3D', name: 'Frame', position: [0, 1, 0], size: [0.1, 2, 0.1]})
    const out = await w.run('physics.add_joint')
    expect(out).to.deep.include({
      path: '/root/Level3D/HingeJoint3D',
      type: 'HingeJoint3D',
      position: [0.5, 1, 0],
      node_a: '/root/Level3D/Door',
      node_b: '/root/Level3D/Frame',
    })
    const world = await w.run('physics.add_joint', {type: 'pin', node_a: 'Door', parent: 'Door', name: 'Pin'})
    expect(world).to.deep.include({path: '/root/Level3D/Door/Pin', position: [1, 1, 0], node_b: null})
    expect(await readBack('var j = scene.get_node("Door/Pin")\nreturn [str(j.node_a), j.position]')).to.deep.equal([
      '..',
      [0, 0, 0],
    ])
    await w.refused('physics.add_joint', {type: 'hinge', node_a: 'Door', node_b: 'Crate'}, -32602, 'MeshInstance3D')
    await w.refused(
      'physics.add_joint',
      {type: 'spring_2d', node_a: 'Door'},
      -32602,
      'DampedSpringJoint2D joins 2D physics bodies',
    )
    const describe = await w.call('physics.describe', {})
    expect(describe.bodies.map((b: Json) => b.path)).to.include.members([
      '/root/Level3D/Door',
      '/root/Level3D/Frame',
      '/root/Level3D/Floor/FloorBody',
    ])
  })

  it('physics.layers counts a scene root that is itself a body (a character scene and its hitbox area)', async () => {
    await w.call('scene.create', {path: 'res://scenes/hero.tscn', root_type: 'CharacterBody3D', root_name: 'Hero'})
    await w.call('physics.add_shape', {parent: '/root/Hero', shape: 'capsule', radius: 0.4, height: 1.8})
    await w.call('physics.add_body', {type: 'Area3D', name: 'Hitbox', shape: 'sphere', radius: 1})
    const out = await w.run('physics.layers', {node_path: 'Hitbox'})
    expect(out).to.deep.include({detects: ['/root/Hero'], detected_by: ['/root/Hero']})
    const d = await w.run('physics.describe', {})
    expect(d.bodies.map((b: Json) => b.path)).to.deep.equal(['/root/Hero', '/root/Hero/Hitbox'])
    expect(d.bodies[0].shapes[0].type).to.equal('CapsuleShape3D')
    expect(d.bodies[0].shapes[0].radius).to.be.closeTo(0.4, 1e-6)
  })
})
