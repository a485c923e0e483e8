// procedural.noise_texture / dungeon: a NoiseTexture2D saved and loaded back with its settings and value
// range; a seeded dungeon (same seed, same map; rooms apart) returned as a map and painted into a
// TileMapLayer as one undo step that Undo clears; bad input refused with nothing changed.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {useEditor} from '../../../support/fixture.js'

describe('procedural generation commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'procedural', pristine: false})
  /** The TileMapLayer "Tiles" (floor and wall tiles) that procedural.dungeon's example_setup makes. */
  let tiles: string
  const {call} = fx
  const run = (code: string) => fx.inEditor(code)
  const snapshot = async () => [await call('scene.tree'), (await fx.sceneHistory()).count, await cells()]
  const cells = () => run('var t = scene.get_node_or_null("Tiles")\nreturn t.get_used_cells().size() if t else -1')
  const keep = {snapshot}

  before(async () => {
    tiles = fx.commands.find((c) => c.method === 'procedural.dungeon')!.example_setup[0].params.code
    // the dungeon's layout alone: its example also paints into the TileMapLayer its example_setup makes
    const {tilemap: _tilemap, wall_tile: _wall, ...layout} = fx.examples['procedural.dungeon']
    fx.examples['procedural.dungeon'] = layout
  })

  it('noise_texture: the example saves a NoiseTexture2D whose settings load back; same seed, same values', async () => {
    const out = await call('procedural.noise_texture', fx.examples['procedural.noise_texture'])
    expect(out).to.deep.include({
      path: 'res://textures/clouds.tres',
      size: [128, 128],
      noise: 'perlin',
      seed: 4,
      seamless: true,
      octaves: 3,
    })
    expect(out.values.min).to.be.below(out.values.max)
    expect(existsSync(join(fx.editor.root, 'textures', 'clouds.tres'))).to.equal(true)
    const loaded = await run(
      'var t = ResourceLoader.load("res://textures/clouds.tres", "", ResourceLoader.CACHE_MODE_REPLACE)\nreturn [t.get_class(), t.width, t.height, t.seamless, t.noise.seed, t.noise.noise_type == FastNoiseLite.TYPE_PERLIN]',
    )
    expect(loaded).to.deep.equal(['NoiseTexture2D', 128, 128, true, 4, true])
    const again = await call('procedural.noise_texture', fx.examples['procedural.noise_texture'])
    expect(again.values).to.deep.equal(out.values)
    const other = await call('procedural.noise_texture', {
      ...fx.examples['procedural.noise_texture'],
      seed: 99,
      path: 'res://textures/other.tres',
    })
    expect(other.values).to.not.deep.equal(out.values)
  })

  it('noise_texture refuses an existing file, a wrong extension, a bad size and a path outside the project, writing nothing', async () => {
    const before = readFileSync(join(fx.editor.root, 'textures', 'clouds.tres'), 'utf8')
    await fx.refusedKeeping(keep, 'procedural.noise_texture', {path: 'res://textures/clouds.tres'}, -32000, 'overwrite')
    expect(readFileSync(join(fx.editor.root, 'textures', 'clouds.tres'), 'utf8')).to.equal(before)
    await fx.refusedKeeping(keep, 'procedural.noise_texture', {path: 'res://textures/x.png'}, -32602, '.tres')
    await fx.refusedKeeping(
      keep,
      'procedural.noise_texture',
      {path: 'res://textures/big.tres', size: [10000, 10]},
      -32602,
      'size',
    )
    await fx.refusedKeeping(keep, 'procedural.noise_texture', {path: '/tmp/escape.tres'}, -32003)
    expect(existsSync(join(fx.editor.root, 'textures', 'x.png'))).to.equal(false)
    expect(existsSync(join(fx.editor.root, 'textures', 'big.tres'))).to.equal(false)
  })

  it('dungeon: the example lays out non-overlapping rooms joined by corridors; same seed, same map', async () => {
    const out = await call('procedural.dungeon', fx.examples['procedural.dungeon'])
    expect(out.rooms.length).to.be.within(2, 6)
    expect(out.corridors).to.equal(out.rooms.length - 1)
    expect(out.map).to.have.length(24)
    for (const row of out.map) expect(row).to.have.length(40)
    expect(out.map.join('').split('.').length - 1).to.equal(out.floor_cells)
    expect(out.map.join('').split('#').length - 1).to.equal(out.wall_cells)
    for (const [i, a] of out.rooms.entries())
      for (const b of out.rooms.slice(i + 1))
        expect(
          a.x + a.w < b.x || b.x + b.w < a.x || a.y + a.h < b.y || b.y + b.h < a.y,
          JSON.stringify([a, b]),
        ).to.equal(true)
    for (const r of out.rooms) expect(out.map[r.y][r.x]).to.equal('.')
    expect(await call('procedural.dungeon', fx.examples['procedural.dungeon'])).to.deep.equal(out)
    expect((await call('procedural.dungeon', {...fx.examples['procedural.dungeon'], seed: 8})).map).to.not.deep.equal(
      out.map,
    )
    expect(out.painted).to.equal(false)
  })

  it('dungeon paints floor and wall tiles into a TileMapLayer as one undo step; Undo clears them', async () => {
    expect(await run(tiles)).to.equal('Tiles')
    const out = await call('procedural.dungeon', {
      ...fx.examples['procedural.dungeon'],
      tilemap: 'Tiles',
      wall_tile: [1, 0],
    })
    expect(out).to.include({painted: true, tilemap: '/root/Main/Tiles'})
    expect(out.used_cells).to.equal(out.floor_cells + out.wall_cells)
    const r = out.rooms[0]
    expect(
      await run(
        `var t = scene.get_node("Tiles")\nreturn [t.get_cell_atlas_coords(Vector2i(${r.x}, ${r.y})), t.get_cell_atlas_coords(Vector2i(${r.x - 1}, ${r.y - 1}))]`,
      ),
    ).to.deep.equal([
      [0, 0],
      [1, 0],
    ])
    await fx.undo('paint dungeon')
    expect(await cells()).to.equal(0)
  })

  it('dungeon refuses a node that is no TileMapLayer, a missing tile and bad sizes, painting nothing', async () => {
    await fx.refusedKeeping(keep, 'procedural.dungeon', {tilemap: 'Player'}, -32602, 'not a TileMapLayer')
    await fx.refusedKeeping(keep, 'procedural.dungeon', {tilemap: 'Tiles', floor_tile: [5, 5]}, -32001, 'floor_tile')
    await fx.refusedKeeping(keep, 'procedural.dungeon', {tilemap: 'Tiles', source_id: 3}, -32602, 'source 3')
    await fx.refusedKeeping(keep, 'procedural.dungeon', {room_size: [6, 3]}, -32602, 'room_size')
    await fx.refusedKeeping(keep, 'procedural.dungeon', {size: [3, 3]}, -32602, 'size')
  })
})
