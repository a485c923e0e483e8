// mesh.*: every declared example against a real headless editor on a fresh 3D scene: primitives sized by
// their properties, meshes generated from arrays, info (AABB, surfaces, counts), save and merge; each edit
// read back and undone; refusals change nothing.
import {expect} from 'chai'
import {existsSync} from 'node:fs'
import {join} from 'node:path'

import {useEditor} from '../../../support/fixture.js'
import {openWorld, type World} from '../../../support/world.js'

describe('mesh commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'mesh', pristine: false})
  let w: World

  before(async () => {
    w = await openWorld(fx, 'res://levels/mesh.tscn', 'Node3D')
  })

  it('declares every mesh command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members([
      'mesh.add',
      'mesh.from_arrays',
      'mesh.info',
      'mesh.save',
      'mesh.merge',
    ])
  })

  it('mesh.add: a MeshInstance3D with a primitive sized by its properties; undo removes it', async () => {
    const out = await w.call('mesh.add', w.examples['mesh.add'])
    expect(out).to.deep.include({path: '/root/Main/Wall', class: 'BoxMesh', surface_count: 1})
    expect(out.aabb.size).to.deep.equal([4, 2, 0.5])
    expect(out.mesh_properties).to.deep.equal({size: [4, 2, 0.5]})
    expect((await w.call('node.get', {node_path: 'Wall', property: 'position'})).value).to.deep.equal([0, 1, -3])
    await w.undo('add BoxMesh')
    await w.refused('mesh.info', {node_path: 'Wall'}, -32001)
    await w.call('mesh.add', w.examples['mesh.add'])
    await w.refused('mesh.add', {shape: 'box', mesh: {sizes: [1, 1, 1]}}, -32001, "did you mean 'size'")
    await w.refused('mesh.add', {shape: 'sphere', mesh: {radius: 'big'}}, -32602, "'radius' expects")
    await w.refused('mesh.add', {shape: 'box', name: 'Wall'}, -32000, 'already has a child')
    await w.refused('mesh.add', {shape: 'box', material: 'res://none.tres'}, -32001, 'no material file')
  })

  it('mesh.from_arrays: generates a mesh with normals from vertices and indices; refuses bad arrays', async () => {
    const out = await w.call('mesh.from_arrays', w.examples['mesh.from_arrays'])
    expect(out).to.deep.include({path: '/root/Main/Ramp', class: 'ArrayMesh', vertex_count: 4, triangle_count: 2})
    expect(out.aabb).to.deep.include({position: [0, 0, 0], size: [2, 1, 2]})
    const normal = await w.inEditor('return scene.get_node("Ramp").mesh.surface_get_arrays(0)[Mesh.ARRAY_NORMAL][0]')
    expect(normal).to.not.equal(null)
    const lines = await w.call('mesh.from_arrays', {
      name: 'Lines',
      vertices: [
        [0, 0, 0],
        [1, 1, 1],
      ],
      primitive: 'lines',
    })
    expect(lines.surfaces[0]).to.deep.include({primitive: 'lines', vertices: 2})
    await w.undo('add generated mesh')
    await w.refused(
      'mesh.from_arrays',
      {
        vertices: [
          [0, 0, 0],
          [1, 0, 0],
        ],
        indices: [0, 1, 2],
      },
      -32602,
      'not a vertex index',
    )
    await w.refused(
      'mesh.from_arrays',
      {
        vertices: [
          [0, 0, 0],
          [1, 0, 0],
        ],
      },
      -32602,
      'do not make whole triangles',
    )
    await w.refused(
      'mesh.from_arrays',
      {
        vertices: [
          [0, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
        ],
        uvs: [[0, 0]],
      },
      -32602,
      'uvs has 1 entries',
    )
    await w.refused(
      'mesh.from_arrays',
      {
        vertices: [
          [0, 0],
          [1, 0, 0],
          [0, 1, 0],
        ],
      },
      -32602,
      'vertices[0]',
    )
  })

  it('mesh.info: reports the example node and refuses a node without a mesh', async () => {
    const info = await w.call('mesh.info', w.examples['mesh.info'])
    expect(info).to.deep.include({
      node_path: '/root/Main/Wall',
      vertex_count: info.surfaces[0].vertices,
      triangle_count: 12,
    })
    expect(info.global_aabb.position).to.deep.equal([-2, 0, -3.25])
    await w.refused('mesh.info', {node_path: '/root/Main'}, -32000, 'has no mesh')
    await w.refused('mesh.info', {}, -32602, 'give node_path or path')
  })

  it('mesh.save: writes the mesh file and relinks the node to it; undo relinks the inline mesh', async () => {
    const out = await w.call('mesh.save', w.examples['mesh.save'])
    expect(out).to.deep.include({path: 'res://meshes/wall.tres', class: 'BoxMesh'})
    expect(existsSync(join(fx.editor.root, 'meshes', 'wall.tres'))).to.equal(true)
    expect((await w.call('mesh.info', {path: 'res://meshes/wall.tres'})).aabb.size).to.deep.equal([4, 2, 0.5])
    await w.undo('save mesh of Wall')
    expect((await w.call('mesh.info', {node_path: 'Wall'})).resource_path).to.equal('')
    await w.refused('mesh.save', w.examples['mesh.save'], -32000, 'already exists')
  })

  it('mesh.merge: one mesh with a surface per source, transforms baked; remove_sources in the same action', async () => {
    const out = await w.call('mesh.merge', w.examples['mesh.merge'])
    expect(out).to.deep.include({path: '/root/Main/Merged', surface_count: 2})
    expect(out.aabb.position).to.deep.equal([-2, 0, -3.25])
    expect(out.aabb.end).to.deep.equal([2, 2, 2])
    await w.undo('merge 2 meshes')
    const moved = await w.call('mesh.merge', {...w.examples['mesh.merge'], remove_sources: true})
    expect(moved.surface_count).to.equal(2)
    await w.refused('mesh.info', {node_path: 'Wall'}, -32001)
    await w.undo('merge 2 meshes')
    const children = (await w.call('node.info', {node_path: '/root/Main'})).children
    expect(children).to.deep.equal(['Wall', 'Ramp'])
    await w.refused('mesh.merge', {nodes: ['/root/Main']}, -32602, 'not a MeshInstance3D')
    await w.refused('mesh.merge', {nodes: ['Wall', 'Wall']}, -32602, 'listed twice')
  })
})
