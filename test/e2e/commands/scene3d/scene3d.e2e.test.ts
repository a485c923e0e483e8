// scene3d.* on the demo's 3D level: every declared example run, read back, one undo step that undo reverts
// exactly (the Environment's and the sky's own settings included in what is compared) and redo re-applies;
// refusals change nothing.
import {expect} from 'chai'

import {useEditor} from '../../../support/fixture.js'
import {WorldExamples, close} from '../../../support/world.js'

describe('scene3d commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'scene3d', pristine: false})
  let w: WorldExamples

  before(async () => {
    w = new WorldExamples(fx)
    expect(await w.load('scene3d')).to.include.members(['scene3d.place', 'scene3d.transform'])
    // the fingerprint also holds the environment's settings: fog, tonemap and sky changes show, and undo must revert them
    w.withEnvironmentSettings()
    await w.call('scene.create', {path: 'res://scenes/prop.tscn', root_type: 'Node3D', root_name: 'Prop'})
    await w.call('scene3d.place', {
      type: 'MeshInstance3D',
      name: 'Mesh',
      position: [0, 0.5, 0],
      properties: {mesh: {class: 'BoxMesh'}},
    })
    await w.call('scene.save')
    await w.open('res://scenes/level_3d.tscn')
  })

  describe('scene3d', () => {
    it('scene3d.place (example): a marker at a position, turned 90 degrees', async () => {
      const out = await w.run('scene3d.place')
      expect(out).to.deep.include({
        path: '/root/Level3D/Spawn',
        type: 'Marker3D',
        scene: null,
        position: [3, 0, -2],
        rotation_degrees: [0, 90, 0],
        scale: [1, 1, 1],
      })
      const aimed = await w.run('scene3d.place', {
        type: 'Marker3D',
        name: 'Eye',
        position: [0, 0.5, 5],
        look_at: 'Crate',
      })
      close(aimed.rotation_degrees, [0, 0, 0])
      const under = await w.run('scene3d.place', {
        type: 'Node3D',
        parent: 'Crate',
        name: 'Child',
        position: [1, 1.5, 0],
        scale: [2, 2, 2],
      })
      expect(under).to.deep.include({path: '/root/Level3D/Crate/Child', position: [1, 1.5, 0], scale: [2, 2, 2]})
      expect(
        (await w.call('editor.run_script', {code: 'return scene.get_node("Crate/Child").position'})).result,
      ).to.deep.equal([1, 1, 0])
      await w.refused('scene3d.place', {type: 'Sprite2D'}, -32602, "parameter 'type': 'Sprite2D' is not a Node3D class")
      await w.refused(
        'scene3d.place',
        {type: 'NoSuchClass'},
        -32602,
        "parameter 'type': unknown Node3D type 'NoSuchClass'",
      )
      await w.refused('scene3d.place', {type: 'Marker3D', name: 'Crate'}, -32000, "already has a child named 'Crate'")
      await w.refused(
        'scene3d.place',
        {type: 'Marker3D', position: [0, 0.5, 0], look_at: 'Crate'},
        -32602,
        'at the position itself',
      )
      await w.refused('scene3d.place', {type: 'Marker3D', position: [1, 2]}, -32602, 'position')
      await w.refused(
        'scene3d.place',
        {type: 'res://scenes/missing.tscn'},
        -32001,
        'no scene at res://scenes/missing.tscn',
      )
      await w.refused('scene3d.place', {type: 'res://scenes/main.tscn'}, -32602, 'not a Node3D')
      await w.refused('scene3d.place', {type: 'res://scenes/level_3d.tscn'}, -32602, 'itself')
      await w.refused('scene3d.place', {type: 'MeshInstance3D', properties: {mesh: 5}}, -32602, 'mesh')
    })

    it('scene3d.place: instances a saved scene, and drops things onto the ground by a ray', async () => {
      const prop = await w.run('scene3d.place', {type: 'res://scenes/prop.tscn', name: 'Prop1', position: [4, 0, 4]})
      expect(prop).to.deep.include({path: '/root/Level3D/Prop1', type: 'Node3D', scene: 'res://scenes/prop.tscn'})
      const inst = await w.call('editor.run_script', {
        code: 'var p = scene.get_node("Prop1")\nreturn [p.scene_file_path, p.owner == scene, p.get_node("Mesh").owner == p]',
      })
      expect(inst.result).to.deep.equal(['res://scenes/prop.tscn', true, true])
      await w.refused(
        'scene3d.place',
        {type: 'Marker3D', name: 'Dropped', position: [2, 3, -5], on_ground: true},
        -32000,
        'no collision shape below',
      )
      await w.call('physics.add_body', {type: 'StaticBody3D', parent: 'Floor', name: 'FloorBody', fit_to: 'Floor'})
      const marker = await w.run('scene3d.place', {
        type: 'Marker3D',
        name: 'Dropped',
        position: [2, 3, -5],
        on_ground: true,
      })
      close(marker.position, [2, 0, -5])
      const box = await w.run('scene3d.place', {
        type: 'res://scenes/prop.tscn',
        name: 'Prop2',
        position: [-3, 4, 1],
        on_ground: true,
      })
      close(box.position, [-3, 0, 1]) // the prop's mesh bottom is its origin
      const far = {type: 'Marker3D', name: 'Far', position: [500, 3, 500], on_ground: true}
      await w.refused('scene3d.place', far, -32000, 'no collision shape below')
    })

    it('scene3d.transform (example): move and turn; about a pivot; in local space; refusals', async () => {
      const out = await w.run('scene3d.transform')
      expect(out.nodes[0]).to.deep.include({
        path: '/root/Level3D/Crate',
        position: [0, 1.5, 0],
        rotation_degrees: [0, 45, 0],
      })
      expect((await w.call('editor.undo')).undone).to.equal(true)
      // a node and its own child, the child listed first: each moves by the amount once, and undo restores both
      await w.call('scene3d.place', {type: 'Node3D', parent: 'Crate', name: 'Kid', position: [0, 2.5, 0]})
      const both = await w.run('scene3d.transform', {
        nodes: ['Crate/Kid', 'Crate'],
        translate: [1, 0, 0],
        rotate_degrees: [0, 90, 0],
      })
      close(both.nodes[0].position, [1, 2.5, 0])
      close(both.nodes[1].position, [1, 0.5, 0])
      close(both.nodes[0].rotation_degrees, [0, 90, 0])
      const kid = await w.call('editor.run_script', {
        code: 'return [scene.get_node("Crate/Kid").global_position, scene.get_node("Crate/Kid").position]',
      })
      close(kid.result[0], [1, 2.5, 0])
      close(kid.result[1], [0, 2, 0])
      expect((await w.call('editor.undo')).undone).to.equal(true)
      expect((await w.call('editor.undo')).undone).to.equal(true)
      const pivot = await w.run('scene3d.transform', {
        nodes: ['Crate', 'Sun'],
        rotate_degrees: [0, 90, 0],
        pivot: [1, 0.5, 0],
      })
      close(pivot.nodes[0].position, [1, 0.5, 1])
      close(pivot.nodes[1].position, [1, 5, 1])
      const local = await w.run('scene3d.transform', {nodes: ['Crate'], translate: [0, 0, -1], space: 'local'})
      close(local.nodes[0].position, [0, 0.5, 1])
      const scaled = await w.run('scene3d.transform', {nodes: ['Crate'], scale: [2, 2, 2], pivot: [0, 0, 1]})
      close(scaled.nodes[0].position, [0, 1, 1])
      close(scaled.nodes[0].scale, [2, 2, 2])
      await w.refused('scene3d.transform', {nodes: ['Crate']}, -32602, 'give translate, rotate_degrees, scale')
      await w.refused(
        'scene3d.transform',
        {nodes: ['/root/Level3D'], translate: [1, 0, 0]},
        -32602,
        'not a movable Node3D',
      )
      await w.refused('scene3d.transform', {nodes: ['Crate', 'Ghost'], translate: [1, 0, 0]}, -32001, 'Ghost')
      await w.refused('scene3d.transform', {nodes: [], translate: [1, 0, 0]}, -32602, 'empty')
      await w.refused('scene3d.transform', {nodes: ['Crate'], translate: [1, 0, 0], space: 'world'}, -32602, 'space')
    })
  })
})
