// csg.*: every declared example against a real headless editor on a fresh 3D scene: shapes with their
// operation and size, a hole cut and grouped under a combiner, and the tree baked to a static mesh with a
// collider (the hole really removes geometry); each edit undone; refusals change nothing.
import {expect} from 'chai'
import {existsSync} from 'node:fs'
import {join} from 'node:path'

import {useEditor} from '../../../support/fixture.js'
import {openWorld, type World} from '../../../support/world.js'

describe('csg commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'csg', pristine: false})
  let w: World

  before(async () => {
    w = await openWorld(fx, 'res://levels/csg.tscn', 'Node3D')
  })

  it('declares every csg command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members(['csg.add', 'csg.combine', 'csg.bake'])
  })

  it('csg.add: a root box with collision, then a subtracted cylinder inside it; undo removes', async () => {
    const box = await w.call('csg.add', w.examples['csg.add'])
    expect(box).to.deep.include({path: '/root/Main/Block', type: 'CSGBox3D', operation: 'union', root_shape: true})
    expect(box.properties).to.deep.equal({size: [4, 2, 4]})
    expect((await w.call('node.get', {node_path: 'Block', property: 'use_collision'})).value).to.equal(true)
    await w.undo('add CSGBox3D')
    await w.refused('node.info', {node_path: 'Block'}, -32001)
    await w.call('csg.add', w.examples['csg.add'])
    const hole = await w.call('csg.add', {
      shape: 'cylinder',
      parent: 'Block',
      name: 'Hole',
      operation: 'subtraction',
      properties: {radius: 1, height: 3},
    })
    expect(hole).to.deep.include({path: '/root/Main/Block/Hole', operation: 'subtraction', root_shape: false})
    await w.refused('csg.add', {shape: 'box', properties: {size: 'big'}}, -32602, "'size' expects")
    await w.refused('csg.add', {shape: 'sphere', properties: {radious: 1}}, -32001, "did you mean 'radius'")
    await w.refused('csg.add', {shape: 'box', parent: 'Nowhere'}, -32001)
  })

  it('csg.combine: moves the example shapes under a subtracting combiner, keeping transforms; undo restores', async () => {
    const out = await w.call('csg.combine', w.examples['csg.combine'])
    expect(out).to.deep.include({
      path: '/root/Main/Block/Cuts',
      operation: 'subtraction',
      children: ['/root/Main/Block/Cuts/Hole'],
    })
    expect((await w.call('node.get', {node_path: 'Block/Cuts/Hole', property: 'operation'})).value).to.equal(2)
    await w.undo('combine 1 CSG shapes')
    expect((await w.call('node.info', {node_path: 'Block'})).children).to.deep.equal(['Hole'])
    await w.refused('csg.combine', {nodes: ['Block', 'Block/Hole']}, -32602, 'different parents')
    await w.refused('csg.combine', {nodes: ['/root/Main']}, -32602, 'not a CSGShape3D')
  })

  it('csg.bake: a static mesh whose geometry shows the cut, plus a collider; mesh saved; replace removes the tree', async () => {
    const solid = await w.call('csg.add', {shape: 'box', name: 'Solid', position: [10, 0, 0]})
    expect(solid.root_shape).to.equal(true)
    const plain = await w.call('csg.bake', {node_path: 'Solid'})
    const out = await w.call('csg.bake', w.examples['csg.bake'])
    expect(out).to.deep.include({path: '/root/Main/BlockBaked', collision: 'ConcavePolygonShape3D', replaced: false})
    expect(out.aabb.size).to.deep.equal([4, 2, 4])
    expect(out.triangle_count).to.be.greaterThan(plain.triangle_count)
    expect((await w.call('node.info', {node_path: 'BlockBaked'})).children).to.deep.equal(['StaticBody3D'])
    expect(
      await w.inEditor('return scene.get_node("BlockBaked/StaticBody3D/CollisionShape3D").owner == scene'),
    ).to.equal(true)
    await w.undo('bake Block')
    await w.refused('node.info', {node_path: 'BlockBaked'}, -32001)
    const replaced = await w.call('csg.bake', {node_path: 'Block', replace: true, path: 'res://meshes/block.res'})
    expect(replaced.replaced).to.equal(true)
    expect(existsSync(join(fx.editor.root, 'meshes', 'block.res'))).to.equal(true)
    await w.refused('node.info', {node_path: 'Block'}, -32001)
    expect((await w.call('mesh.info', {node_path: 'BlockBaked'})).resource_path).to.equal('res://meshes/block.res')
    await w.undo('bake Block')
    expect((await w.call('node.info', {node_path: 'Block'})).children).to.deep.equal(['Hole'])
    await w.refused('csg.bake', {node_path: 'Block/Hole'}, -32602, 'inside a CSG tree')
    await w.refused('csg.bake', {node_path: 'Solid'}, -32000, "already has a child named 'SolidBaked'")
  })
})
