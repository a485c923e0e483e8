// path.*: every declared example against a real headless editor on a fresh 3D scene: a Path3D from
// points, points added, moved and removed with tangents, smoothing, info with samples and baked length, a
// PathFollow carrying a node; each edit undone and read back; refusals change nothing.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'
import {openWorld, type World} from '../../../support/world.js'

describe('path commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'path', pristine: false})
  let w: World
  const positions = async (node = 'Track') =>
    ((await w.call('path.info', {node_path: node})).points as Json[]).map((p) => p.position)

  before(async () => {
    w = await openWorld(fx, 'res://levels/paths.tscn', 'Node3D')
  })

  it('declares every path command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members([
      'path.create',
      'path.add_point',
      'path.set_point',
      'path.remove_point',
      'path.smooth',
      'path.info',
      'path.add_follow',
    ])
  })

  it('path.create: a Path3D through the example points with its baked length; 2D and closed paths; undo removes', async () => {
    const out = await w.call('path.create', w.examples['path.create'])
    expect(out).to.deep.include({path: '/root/Main/Track', type: 'Path3D', point_count: 3})
    expect(out.baked_length).to.be.closeTo(8, 0.01)
    await w.undo('add Path3D')
    await w.refused('path.info', {node_path: 'Track'}, -32001)
    await w.call('path.create', w.examples['path.create'])
    const loop = await w.call('path.create', {
      name: 'Loop',
      dimension: '2d',
      points: [[0, 0], [10, 0], {position: [10, 10], in: [0, -2]}],
      closed: true,
    })
    expect(loop).to.deep.include({type: 'Path2D', point_count: 4})
    expect((await w.call('path.info', {node_path: 'Loop'})).closed).to.equal(true)
    await w.undo('add Path2D')
    await w.refused(
      'path.create',
      {dimension: '2d', points: [[0, 0, 0]]},
      -32602,
      "'points[0].position' must be [x, y]",
    )
    await w.refused('path.create', {points: [{in: [1, 0, 0]}]}, -32602, 'needs a position')
    await w.refused('path.create', {name: 'Track'}, -32000, 'already has a child')
  })

  it('path.add_point / set_point / remove_point: edit the curve with tangents; each undone', async () => {
    const added = await w.call('path.add_point', w.examples['path.add_point'])
    expect(added.point_count).to.equal(4)
    expect(added.points[3]).to.deep.equal({position: [0, 0, 4], in: [1, 0, 0], out: [-1, 0, 0], tilt: 0})
    await w.undo('add point to Track')
    expect(await positions()).to.deep.equal([
      [0, 0, 0],
      [4, 0, 0],
      [4, 0, 4],
    ])
    const first = await w.call('path.add_point', {node_path: 'Track', position: [-4, 0, 0], index: 0, tilt: 0.5})
    expect(first.points[0]).to.deep.include({position: [-4, 0, 0], tilt: 0.5})
    await w.undo('add point to Track')

    const moved = await w.call('path.set_point', w.examples['path.set_point'])
    expect(moved.points[1].position).to.deep.equal([5, 1, 0])
    await w.undo('set point 1 of Track')
    expect(await positions()).to.deep.equal([
      [0, 0, 0],
      [4, 0, 0],
      [4, 0, 4],
    ])

    const removed = await w.call('path.remove_point', w.examples['path.remove_point'])
    expect(removed.points.map((p: Json) => p.position)).to.deep.equal([
      [4, 0, 0],
      [4, 0, 4],
    ])
    await w.undo('remove point 0 of Track')
    w.snapshot = () => positions()
    await w.refused('path.remove_point', {node_path: 'Track', index: 3}, -32602, 'out of range')
    await w.refused('path.set_point', {node_path: 'Track', index: 0}, -32602, 'give position')
    await w.refused('path.add_point', {node_path: 'Track', position: [1, 2]}, -32602, "'position' must be [x, y, z]")
    await w.refused('path.add_point', {node_path: '/root/Main', position: [1, 2, 3]}, -32602, 'not a Path2D or Path3D')
    w.snapshot = () => w.call('scene.tree')
  })

  it('path.smooth: inner points get tangents along their neighbours; the curve gets longer; undo restores', async () => {
    const out = await w.call('path.smooth', w.examples['path.smooth'])
    expect(out.points[1].out).to.deep.equal([1, 0, 1])
    expect(out.points[1].in).to.deep.equal([-1, 0, -1])
    expect(out.baked_length).to.not.be.closeTo(8, 0.001)
    await w.undo('smooth Track')
    expect((await w.call('path.info', {node_path: 'Track'})).points[1].out).to.deep.equal([0, 0, 0])
  })

  it('path.info: evenly spaced samples from start to end', async () => {
    const info = await w.call('path.info', w.examples['path.info'])
    expect(info.samples).to.have.length(5)
    expect(info.samples[0]).to.deep.equal([0, 0, 0])
    expect(info.samples[4][0]).to.be.closeTo(4, 1e-3)
    expect(info.samples[4][2]).to.be.closeTo(4, 1e-3)
  })

  it('path.add_follow: a PathFollow3D at the example progress; carry moves a node under it; undo restores', async () => {
    const out = await w.call('path.add_follow', w.examples['path.add_follow'])
    expect(out).to.deep.include({path: '/root/Main/Track/Cart', type: 'PathFollow3D', progress_ratio: 0.5})
    expect(out.progress).to.be.closeTo(4, 0.01)
    await w.undo('add PathFollow3D')
    await w.call('node.add', {type: 'Node3D', name: 'Rider'})
    const carry = await w.call('path.add_follow', {node_path: 'Track', carry: 'Rider'})
    expect(carry.carried).to.equal('/root/Main/Track/PathFollow3D/Rider')
    await w.undo('add PathFollow3D')
    expect((await w.call('node.info', {node_path: 'Rider'})).path).to.equal('/root/Main/Rider')
    await w.refused('path.add_follow', {node_path: 'Track', carry: '/root/Main'}, -32602, 'cannot carry')
    await w.call('node.add', {type: 'Node2D', name: 'Flat'})
    await w.refused('path.add_follow', {node_path: 'Track', carry: 'Flat'}, -32602, 'carries 3D nodes')
  })
})
