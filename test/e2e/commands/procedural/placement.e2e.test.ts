// procedural.*: seeded layouts in the open scene. The same seed gives the same layout; spacing, region
// and scale hold; a mesh surface is scattered over in 3D; noise bands pick what goes where. Each call is
// one undo step; refusals change nothing.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('procedural commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'procedural', pristine: false})
  let pristine: Json
  const {call} = fx
  const tree = () => call('scene.tree')
  const snapshot = async () => [await tree(), (await fx.sceneHistory()).count]
  const keep = {snapshot}

  before(async () => {
    pristine = await tree()
  })

  it('declares every procedural command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'procedural.scatter',
      'procedural.noise_grid',
      'procedural.noise_texture',
      'procedural.dungeon',
    ])
  })

  it('procedural.scatter: seeded points in the region, min_distance apart, saved with the scene; same seed, same layout; one undo', async () => {
    const out = await call('procedural.scatter', fx.examples['procedural.scatter'])
    expect(out.count).to.equal(5)
    const points = out.nodes.map((n: Json) => n.position as [number, number])
    for (const [x, y] of points) {
      expect(x).to.be.within(0, 640)
      expect(y).to.be.within(0, 360)
    }
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++)
        expect(Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1])).to.be.at.least(40)
    const read = (await call('node.get', {node_path: 'Scatter3', property: 'position'})).value
    expect(read).to.deep.equal(points[2])
    const owned = await call('editor.run_script', {code: 'return scene.get_node("Scatter1").owner == scene'})
    expect(owned.result).to.equal(true)
    await fx.undo('scatter 5 Marker2D')
    expect(await tree()).to.deep.equal(pristine)
    const again = await call('procedural.scatter', fx.examples['procedural.scatter'])
    expect(again.nodes.map((n: Json) => n.position)).to.deep.equal(points)
    await fx.undo('scatter 5 Marker2D')
  })

  it('procedural.scatter: over a 3D mesh surface with random rotation and scale', async () => {
    await call('scene.open', {path: 'res://scenes/level_3d.tscn'})
    try {
      await call('node.add', {type: 'Node3D', name: 'Props'})
      await call('node.add', {type: 'MeshInstance3D', name: 'ScatterFloor', properties: {position: [0, 2, 0]}})
      await call('editor.run_script', {
        code: 'var m = PlaneMesh.new()\nm.size = Vector2(10, 10)\nscene.get_node("ScatterFloor").mesh = m',
      })
      const out = await call('procedural.scatter', {
        item: 'Marker3D',
        parent: 'Props',
        surface: 'ScatterFloor',
        count: 12,
        seed: 1,
        random_rotation: true,
        scale_range: [0.5, 2],
      })
      expect(out.count).to.equal(12)
      for (const n of out.nodes) {
        const [x, y, z] = n.position
        expect(y).to.be.closeTo(2, 1e-4)
        expect(Math.abs(x)).to.be.at.most(5)
        expect(Math.abs(z)).to.be.at.most(5)
      }
      const s = (await call('node.get', {node_path: 'Props/Scatter1', property: 'scale'})).value
      expect(s[0]).to.be.within(0.5, 2)
      await fx.undo('scatter 12 Marker3D')
    } finally {
      await call('scene.open', {path: 'res://scenes/main.tscn'})
    }
  })

  it('procedural.noise_grid: cells only where noise is in a rule band; rules pick the item; deterministic', async () => {
    const out = await call('procedural.noise_grid', fx.examples['procedural.noise_grid'])
    expect(out.count).to.be.above(0).and.below(64)
    expect(out.by_item).to.deep.equal({Marker2D: out.count})
    const values = await call('editor.run_script', {
      code: 'var out = []\nfor n in scene.get_children():\n\tif n.name.begins_with("Cell_"):\n\t\tout.append(n.get_meta("noise"))\nreturn out',
    })
    for (const v of values.result) expect(v).to.be.within(0.2, 1)
    await fx.undo(`noise grid ${out.count} cells`)
    const two = await call('procedural.noise_grid', {
      parent: '/root/Main',
      size: [8, 8],
      seed: 3,
      rules: [
        {min: -1, max: 0, item: 'Node2D'},
        {min: 0, max: 1, item: 'Marker2D'},
      ],
    })
    expect(two.count).to.equal(64)
    expect(two.by_item.Marker2D + two.by_item.Node2D).to.equal(64)
    expect(two.by_item.Marker2D).to.be.at.least(out.count) // [0, 1] holds every cell of [0.2, 1]
    await fx.undo('noise grid 64 cells')
    expect(await tree()).to.deep.equal(pristine)
  })

  it('refuses what cannot be placed and changes nothing', async () => {
    await fx.refusedKeeping(
      keep,
      'procedural.scatter',
      {item: 'Marker3D', parent: '/root/Main'},
      -32602,
      'neither a scene file nor a Node2D class',
    )
    await fx.refusedKeeping(
      keep,
      'procedural.scatter',
      {item: 'res://nope.tscn', parent: '/root/Main'},
      -32001,
      'no scene file',
    )
    await fx.refusedKeeping(
      keep,
      'procedural.scatter',
      {item: 'Marker2D', parent: 'Player/Body'},
      -32602,
      'neither 2D nor 3D',
    )
    await fx.refusedKeeping(
      keep,
      'procedural.scatter',
      {item: 'Marker2D', parent: '/root/Main', count: 50, region_max: [10, 10, 0], min_distance: 5},
      -32000,
      'only',
    )
    await fx.refusedKeeping(
      keep,
      'procedural.noise_grid',
      {parent: '/root/Main', rules: [{min: 0.5, max: 0.1, item: 'Node2D'}]},
      -32602,
      'min <= max',
    )
    await fx.refusedKeeping(
      keep,
      'procedural.noise_grid',
      {parent: '/root/Main', rules: [{min: 0.99, max: 1, item: 'Node2D'}], size: [2, 2]},
      -32000,
      'no cell',
    )
  })
})
