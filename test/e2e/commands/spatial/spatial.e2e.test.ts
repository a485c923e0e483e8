// spatial.*: bounds, rays in the edited world, relations, overlaps, regions and placement commands on the
// demo's 3D level (a floor given collision first) and its 2D main scene, against a real editor.
import {expect} from 'chai'

import {useEditor} from '../../../support/fixture.js'
import {WorldExamples} from '../../../support/world.js'

describe('spatial commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'spatial', pristine: false})
  let w: WorldExamples

  before(async () => {
    w = new WorldExamples(fx)
    expect(await w.load('spatial')).to.have.members([
      'spatial.bounds',
      'spatial.raycast',
      'spatial.relate',
      'spatial.overlaps',
      'spatial.query_region',
      'spatial.place_on',
      'spatial.look_at',
      'spatial.align',
      'spatial.arrange',
      'spatial.snap_to_grid',
    ])
    await w.open('res://scenes/level_3d.tscn')
    await w.call('physics.add_body', {type: 'StaticBody3D', parent: 'Floor', name: 'FloorBody', fit_to: 'Floor'})
  })

  it('spatial.bounds: the crate is a 1 m box resting on y = 0', async () => {
    const b = await w.run('spatial.bounds')
    expect(b).to.deep.include({
      dimension: 3,
      size: [1, 1, 1],
      bottom: 0,
      top: 1,
      origin_to_bottom: 0.5,
      center: [0, 0.5, 0],
    })
    await w.refused('spatial.bounds', {node_path: '/root/Level3D'.replace('Level3D', 'Nope')}, -32001)
  })

  it('spatial.raycast: hits the floor collider, misses where there is none, refuses a bad vector', async () => {
    const hit = await w.run('spatial.raycast')
    expect(hit).to.deep.include({hit: true, collider: '/root/Level3D/Floor/FloorBody', normal: [0, 1, 0]})
    expect(hit.position[1]).to.be.closeTo(0, 1e-4)
    const miss = await w.run('spatial.raycast', {from: [50, 10, 50], direction: [0, -1, 0], length: 30})
    expect(miss.hit).to.equal(false)
    await w.refused('spatial.raycast', {from: [1, 2, 3, 4]}, -32602, "'from'")
    await w.refused('spatial.raycast', {from: [0, 10, 0], to: [0, 0]}, -32602, "'to' must have 3 numbers")
    await w.refused('spatial.raycast', {from: [0, 10, 0], collision_mask: ['no_such_layer']}, -32602, 'no_such_layer')
  })

  it('spatial.place_on: drops the crate at (2, 3) so its bottom sits on the floor; undo puts it back', async () => {
    const placed = await w.run('spatial.place_on')
    expect(placed.position).to.deep.equal([2, 0.5, 3])
    expect(placed.surface).to.equal('/root/Level3D/Floor/FloorBody')
    expect(placed.gap).to.be.closeTo(0, 1e-3)
    const rel = await w.run('spatial.relate')
    expect(rel).to.deep.include({rests_on_other: true, overlapping: false, touching: true})
    await w.refused(
      'spatial.place_on',
      {node_path: 'Crate', at: [80, 80], max_distance: 5},
      -32000,
      'no collision shape',
    )
    await w.refused(
      'spatial.place_on',
      {node_path: 'Crate', surface: 'Sun'},
      -32000,
      'hit /root/Level3D/Floor/FloorBody first',
    )
  })

  it("spatial.relate: a node toward world -Z (Godot's forward) is in front, toward +Z behind", async () => {
    for (const [z, side] of [
      [-3, 'in_front'],
      [3, 'behind'],
    ] as const) {
      await w.call('node.set', {node_path: 'Crate', property: 'position', value: [0, 0.5, z]})
      const rel = await w.call('spatial.relate', {node_path: 'Floor', other: 'Crate'})
      expect(rel.other_is, `crate at z = ${z}`).to.include(side)
      await w.call('editor.undo')
    }
  })

  it('spatial.overlaps and query_region: a sunk crate overlaps the floor; the region finds it', async () => {
    expect((await w.run('spatial.overlaps')).count).to.equal(0)
    await w.call('node.set', {node_path: 'Crate', property: 'position', value: [2, 0, 3]})
    const o = await w.run('spatial.overlaps', {node_path: 'Crate'})
    expect(o.overlaps.map((x: any) => x.b)).to.include('/root/Level3D/Floor')
    await w.call('editor.undo')
    const region = await w.run('spatial.query_region', {center: [2, 0.5, 3], radius: 0.2})
    expect(region.nodes.map((n: any) => n.path)).to.include('/root/Level3D/Crate')
    await w.run('spatial.query_region')
    await w.refused('spatial.query_region', {center: [0, 0, 0]}, -32602, 'size')
  })

  it('spatial.look_at: the camera faces the crate exactly', async () => {
    const out = await w.run('spatial.look_at')
    expect(out.aim_error_degrees).to.be.closeTo(0, 0.01)
    await w.refused('spatial.look_at', {node_path: 'Camera3D'}, -32602, 'target or point')
  })

  it('spatial.align, arrange and snap_to_grid move nodes by their real bounds in one undo step', async () => {
    await w.call('node.set', {node_path: 'Crate', property: 'position', value: [0, 3, 0]})
    await w.run('spatial.align')
    expect((await w.call('spatial.bounds', {node_path: 'Crate'})).bottom).to.be.closeTo(0, 1e-4)
    const row = await w.run('spatial.arrange')
    expect(row.moved[0].position[0]).to.be.closeTo(0, 1e-4)
    await w.call('node.set', {node_path: 'Crate', property: 'position', value: [0.3, 0.5, 0.7]})
    const snapped = await w.run('spatial.snap_to_grid')
    expect(snapped.moved[0].position).to.deep.equal([0.5, 0.5, 0.5])
    await w.refused('spatial.align', {nodes: ['Crate'], to: 'Floor', axes: 'w'}, -32602, "'axes'")
    await w.refused('spatial.arrange', {nodes: ['Crate', 'Ghost']}, -32001, 'Ghost')
  })

  it('works in 2D: bounds of the player and a ray onto a ground shape', async () => {
    await w.open('res://scenes/main.tscn')
    const b = await w.call('spatial.bounds', {node_path: 'Player'})
    expect(b).to.deep.include({dimension: 2, size: [32, 32], center: [320, 180]})
    await w.call('physics.add_body', {
      type: 'StaticBody2D',
      name: 'Floor2D',
      position: [320, 300],
      shape: 'rectangle',
      size: [640, 40],
    })
    const hit = await w.call('spatial.raycast', {from: [100, 0], to: [100, 400]})
    expect(hit).to.deep.include({hit: true, collider: '/root/Main/Floor2D', position: [100, 280]})
    const placed = await w.call('spatial.place_on', {node_path: 'Player'})
    expect(placed.position).to.deep.equal([320, 264])
  })
})
