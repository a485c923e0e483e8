// tilemap.*: every declared example against a real headless editor on a fresh scene with an atlas PNG
// written through the editor; cells read back, each edit undone with the editor's Undo; refusals change
// nothing. Ends with a 2D tile level built only through bridge commands, saved, reloaded and checked.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'
import {openWorld, type World, writeTilePng} from '../../../support/world.js'

describe('tilemap commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'tilemap', pristine: false})
  let w: World
  const cells = async (params: Json = {}) =>
    (await w.call('tilemap.get_cells', {node_path: 'Ground', ...params})).cells as Json[]

  before(async () => {
    w = await openWorld(fx, 'res://levels/tiles.tscn', 'Node2D')
    await writeTilePng(w, 'res://art/tiles.png', ['#3a7d2c', '#8b5a2b', '#777777', null])
  })

  it('declares every tilemap command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members([
      'tilemap.layer_create',
      'tilemap.info',
      'tilemap.get_cells',
      'tilemap.set_cells',
      'tilemap.fill_rect',
      'tilemap.pattern',
      'tilemap.paint_terrain',
      'tilemap.erase',
      'tilemap.tileset_create',
      'tilemap.add_atlas',
      'tilemap.terrain_define',
    ])
  })

  it('tilemap.layer_create: cuts the just-written atlas into a TileSet, skipping the transparent cell; undo removes the layer', async () => {
    const made = await w.call('tilemap.layer_create', w.examples['tilemap.layer_create'])
    expect(made.path).to.equal('/root/Main/Ground')
    expect(made.tileset.tile_size).to.deep.equal([16, 16])
    expect(made.tileset.sources[0]).to.deep.include({
      id: 0,
      texture: 'res://art/tiles.png',
      tiles: 3,
      grid_size: [4, 1],
    })
    // a summary by default: each tile's coords only when asked (an atlas has hundreds)
    expect(made.tileset.sources[0]).to.not.have.property('tile_coords')
    const detailed = await w.call('tilemap.info', {node_path: made.path, tile_coords: true})
    expect(detailed.tileset.sources[0].tile_coords).to.deep.equal([
      [0, 0],
      [1, 0],
      [2, 0],
    ])
    expect(await w.inEditor('return scene.get_node("Ground").owner == scene')).to.equal(true)
    await w.undo('add TileMapLayer')
    await w.refused('tilemap.info', {node_path: 'Ground'}, -32001)
    await w.call('tilemap.layer_create', w.examples['tilemap.layer_create'])
    await w.refused('tilemap.layer_create', {name: 'Ground'}, -32000, "already has a child named 'Ground'")
    await w.refused('tilemap.layer_create', {name: 'X', texture: 'res://art/none.png'}, -32001, 'no texture')
    await w.refused('tilemap.layer_create', {name: 'X', tileset: 'res://nothing.tres'}, -32001, 'no TileSet')
  })

  it('tilemap.tileset_create: saves a .tres and gives it to the layer (undoable); refuses bad input', async () => {
    const made = await w.call('tilemap.tileset_create', {
      ...w.examples['tilemap.tileset_create'],
      path: 'res://tiles/ground.tres',
    })
    expect(made.path).to.equal('res://tiles/ground.tres')
    expect(made.node_path).to.equal('/root/Main/Ground')
    expect(readFileSync(join(fx.editor.root, 'tiles', 'ground.tres'), 'utf8')).to.include('TileSetAtlasSource')
    expect((await w.call('tilemap.info', {node_path: 'Ground'})).tileset.path).to.equal('res://tiles/ground.tres')
    await w.undo('set TileSet of Ground')
    expect((await w.call('tilemap.info', {node_path: 'Ground'})).tileset.path).to.equal('')
    await w.refused('tilemap.tileset_create', {texture: 'res://art/tiles.png'}, -32602, 'give path')
    await w.refused(
      'tilemap.tileset_create',
      {texture: 'res://art/tiles.png', path: 'res://tiles/ground.tres'},
      -32000,
      'already exists',
    )
    await w.refused(
      'tilemap.tileset_create',
      {texture: 'res://art/tiles.png', node_path: '/root/Main'},
      -32602,
      'not a TileMapLayer',
    )
    await w.refused(
      'tilemap.tileset_create',
      {texture: 'res://art/tiles.png', node_path: 'Ground', tile_size: [0, 16]},
      -32602,
      'tile_size',
    )
  })

  it('tilemap.set_cells / get_cells: paints the example cells and reads them back; undo clears them', async () => {
    const out = await w.call('tilemap.set_cells', w.examples['tilemap.set_cells'])
    expect(out).to.deep.include({cells_painted: 3, cell_count: 3})
    expect(await cells()).to.deep.equal(
      [0, 1, 2].map((x) => ({cell: [x, 0], source_id: 0, atlas: [0, 0], alternative: 0})),
    )
    expect((await w.call('tilemap.get_cells', w.examples['tilemap.get_cells'])).count).to.equal(3)
    await w.undo('paint 3 cells')
    expect(await cells()).to.deep.equal([])
    w.snapshot = () => cells()
    await w.refused(
      'tilemap.set_cells',
      {node_path: 'Ground', cells: [[0, 0]], atlas: [3, 0]},
      -32001,
      'no tile at atlas',
    )
    await w.refused('tilemap.set_cells', {node_path: 'Ground', cells: [[0, 0]], source_id: 4}, -32001, 'no source 4')
    await w.refused('tilemap.set_cells', {node_path: 'Ground', cells: [[0.5, 0]]}, -32602, 'whole numbers')
    await w.refused('tilemap.set_cells', {node_path: 'Ground', cells: []}, -32602, 'empty')
  })

  it('tilemap.fill_rect: fills the example rectangle, or only its outline; undo restores', async () => {
    expect(await w.call('tilemap.fill_rect', w.examples['tilemap.fill_rect'])).to.deep.include({cells_painted: 20})
    expect((await cells()).every((c) => c.atlas[0] === 1 && c.cell[1] >= 4 && c.cell[1] <= 5)).to.equal(true)
    await w.undo('fill 10x2 cells')
    const ring = await w.call('tilemap.fill_rect', {
      node_path: 'Ground',
      from: [4, 4],
      to: [0, 0],
      outline: true,
      atlas: [2, 0],
    })
    expect(ring.cells_painted).to.equal(16)
    expect(await cells({from: [2, 2], to: [2, 2]})).to.deep.equal([])
    await w.undo('fill 5x5 cells')
    expect(await cells()).to.deep.equal([])
  })

  it('tilemap.pattern: pastes rows (null skips a cell) and copies a region; keep adds a TileSet pattern', async () => {
    const out = await w.call('tilemap.pattern', w.examples['tilemap.pattern'])
    expect(out).to.deep.include({cells_painted: 3, size: [2, 2]})
    expect((await cells()).map((c) => [c.cell, c.atlas])).to.deep.equal([
      [
        [12, 2],
        [0, 0],
      ],
      [
        [13, 2],
        [1, 0],
      ],
      [
        [13, 3],
        [1, 0],
      ],
    ])
    const copy = await w.call('tilemap.pattern', {
      node_path: 'Ground',
      at: [0, 0],
      copy_from: [12, 2, 2, 2],
      keep: true,
    })
    expect(copy).to.deep.include({cells_painted: 3, pattern_index: 0, cell_count: 6})
    expect((await w.call('tilemap.info', {node_path: 'Ground'})).tileset.patterns).to.equal(1)
    await w.undo('paste pattern at (0, 0)')
    expect((await w.call('tilemap.info', {node_path: 'Ground'})).tileset.patterns).to.equal(0)
    await w.undo('paste pattern at (12, 2)')
    expect(await cells()).to.deep.equal([])
    await w.refused(
      'tilemap.pattern',
      {node_path: 'Ground', at: [0, 0], copy_from: [50, 50, 2, 2]},
      -32000,
      'all empty',
    )
    await w.refused('tilemap.pattern', {node_path: 'Ground', at: [0, 0]}, -32602, 'give rows or copy_from')
    await w.refused('tilemap.pattern', {node_path: 'Ground', at: [0, 0], rows: [[[9, 9]]]}, -32001, 'no tile at atlas')
  })

  it('tilemap.terrain_define + paint_terrain: autotiles cells with the defined terrain; undo removes both', async () => {
    await w.refused('tilemap.paint_terrain', w.examples['tilemap.paint_terrain'], -32001, 'no terrain set 0')
    const t = await w.call('tilemap.terrain_define', w.examples['tilemap.terrain_define'])
    expect(t).to.deep.include({terrain_set: 0, terrain: 0, name: 'road', mode: 'match_sides'})
    expect(t.tiles.map((x: Json) => x.bits)).to.deep.equal([['right_side'], ['right_side', 'left_side'], ['left_side']])
    const painted = await w.call('tilemap.paint_terrain', w.examples['tilemap.paint_terrain'])
    expect(painted.cells_with_terrain).to.equal(3)
    expect((await cells()).map((c) => [c.cell, c.atlas, c.terrain])).to.deep.equal([
      [[0, 8], [0, 0], 0],
      [[1, 8], [1, 0], 0],
      [[2, 8], [2, 0], 0],
    ])
    await w.undo('paint terrain on 3 cells')
    expect(await cells()).to.deep.equal([])
    await w.undo('define terrain road')
    expect((await w.call('tilemap.info', {node_path: 'Ground'})).tileset.terrain_sets).to.deep.equal([])
    await w.refused(
      'tilemap.terrain_define',
      {node_path: 'Ground', name: 'x', tiles: [{atlas: [0, 0], bits: ['top_left_corner']}]},
      -32602,
      'not a peering bit',
    )
    const all = await w.call('tilemap.terrain_define', {
      node_path: 'Ground',
      name: 'grass',
      mode: 'match_corners',
      tiles: [{atlas: [0, 0]}],
    })
    expect(all.tiles[0].bits).to.have.members([
      'bottom_right_corner',
      'bottom_left_corner',
      'top_left_corner',
      'top_right_corner',
    ])
    await w.undo('define terrain grass')
    await w.refused(
      'tilemap.terrain_define',
      {node_path: 'Ground', name: 'x', terrain_set: 3, tiles: [{atlas: [0, 0]}]},
      -32001,
      'terrain_set 3',
    )
  })

  it('tilemap.erase: erases listed cells, a rectangle or everything; undo restores', async () => {
    await w.call('tilemap.fill_rect', {node_path: 'Ground', from: [0, 0], to: [3, 0]})
    expect(await w.call('tilemap.erase', w.examples['tilemap.erase'])).to.deep.include({erased: 1, cell_count: 3})
    await w.undo('erase 1 cells')
    expect((await w.call('tilemap.erase', {node_path: 'Ground', from: [0, 0], to: [1, 0]})).erased).to.equal(2)
    expect((await w.call('tilemap.erase', {node_path: 'Ground', all: true})).erased).to.equal(2)
    await w.undo('erase 2 cells')
    await w.undo('erase 2 cells')
    expect((await cells()).length).to.equal(4)
    await w.refused('tilemap.erase', {node_path: 'Ground'}, -32602, 'exactly one of')
    await w.undo('fill 4x1 cells')
  })

  it('tilemap.add_atlas: adds a second atlas source cut at the TileSet tile size; undo removes it', async () => {
    const out = await w.call('tilemap.add_atlas', w.examples['tilemap.add_atlas'])
    expect(out).to.deep.include({source_id: 1, tiles: 3})
    expect((await w.call('tilemap.info', w.examples['tilemap.info'])).tileset.sources).to.have.length(2)
    await w.undo('add atlas to Ground')
    expect((await w.call('tilemap.info', {node_path: 'Ground'})).tileset.sources).to.have.length(1)
  })

  it('builds a small 2D tile level through bridge commands only, saves it, and the reloaded file has the cells and nodes', async () => {
    w.snapshot = () => w.call('scene.tree')
    await w.call('scene.create', {path: 'res://levels/level_2d.tscn', root_type: 'Node2D', root_name: 'Level'})
    await writeTilePng(w, 'res://art/level.png', ['#2e7d32', '#6d4c41', '#9e9e9e', '#ffeb3b'])
    await w.call('tilemap.layer_create', {name: 'Ground'})
    await w.call('tilemap.tileset_create', {
      texture: 'res://art/level.png',
      tile_size: [16, 16],
      node_path: 'Ground',
      path: 'res://tiles/level.tres',
    })
    await w.call('tilemap.fill_rect', {node_path: 'Ground', from: [0, 10], to: [19, 10], atlas: [0, 0]})
    await w.call('tilemap.fill_rect', {node_path: 'Ground', from: [0, 11], to: [19, 12], atlas: [1, 0]})
    await w.call('tilemap.fill_rect', {node_path: 'Ground', from: [5, 4], to: [10, 8], atlas: [2, 0], outline: true})
    await w.call('tilemap.set_cells', {
      node_path: 'Ground',
      cells: [
        [7, 6],
        [8, 6],
      ],
      atlas: [3, 0],
    })
    await w.call('path.create', {
      name: 'Patrol',
      dimension: '2d',
      points: [
        [32, 144],
        [160, 96],
        [288, 144],
      ],
    })
    await w.call('path.add_follow', {node_path: 'Patrol', name: 'Walker', progress_ratio: 0.25})
    await w.call('scene.save')
    const text = readFileSync(join(fx.editor.root, 'levels', 'level_2d.tscn'), 'utf8')
    expect(text).to.include('type="TileMapLayer"').and.include('res://tiles/level.tres').and.include('type="Path2D"')

    await w.call('scene.close', {path: 'res://levels/level_2d.tscn'})
    await w.call('scene.open', {path: 'res://levels/level_2d.tscn'})
    const info = await w.call('tilemap.info', {node_path: 'Ground'})
    expect(info.cell_count).to.equal(20 + 40 + 18 + 2)
    expect(info.used_rect).to.deep.equal({position: [0, 4], size: [20, 9]})
    expect(info.tileset.path).to.equal('res://tiles/level.tres')
    const row = (await w.call('tilemap.get_cells', {node_path: 'Ground', from: [0, 10], to: [19, 10]})).cells as Json[]
    expect(row.every((c) => c.atlas[0] === 0 && c.atlas[1] === 0)).to.equal(true)
    expect(row).to.have.length(20)
    const mid = (await w.call('tilemap.get_cells', {node_path: 'Ground', from: [0, 6], to: [19, 6]})).cells as Json[]
    expect(mid.map((c) => [c.cell, c.atlas])).to.deep.equal([
      [
        [5, 6],
        [2, 0],
      ],
      [
        [7, 6],
        [3, 0],
      ],
      [
        [8, 6],
        [3, 0],
      ],
      [
        [10, 6],
        [2, 0],
      ],
    ])
    expect(await w.call('tilemap.get_cells', {node_path: 'Ground', from: [6, 5], to: [9, 5]})).to.deep.include({
      count: 0,
    })
    const path = await w.call('path.info', {node_path: 'Patrol'})
    expect(path.points.map((p: Json) => p.position)).to.deep.equal([
      [32, 144],
      [160, 96],
      [288, 144],
    ])
    expect(path.baked_length).to.be.greaterThan(250)
    expect((await w.call('node.info', {node_path: 'Patrol/Walker'})).type).to.equal('PathFollow2D')
  })
})
