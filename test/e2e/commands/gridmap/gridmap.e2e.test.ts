// gridmap.*: every declared example against a real headless editor on a fresh 3D scene: a GridMap, a
// MeshLibrary built from mesh specs (and from a node's MeshInstance3D children, saved as a file), cells
// placed by item name, read back and cleared; each edit undone; refusals change nothing. Saved and
// reloaded, the cells are still there.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'
import {openWorld, type World} from '../../../support/world.js'

describe('gridmap commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'gridmap', pristine: false})
  let w: World
  const cells = async (params: Json = {}) => w.call('gridmap.get_cells', {node_path: 'Grid', ...params})

  before(async () => {
    w = await openWorld(fx, 'res://levels/grid.tscn', 'Node3D')
  })

  it('declares every gridmap command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members([
      'gridmap.meshlib_create',
      'gridmap.create',
      'gridmap.set_cells',
      'gridmap.get_cells',
      'gridmap.clear',
    ])
  })

  it('gridmap.create: adds the example GridMap with its cell size; undo removes it', async () => {
    const out = await w.call('gridmap.create', w.examples['gridmap.create'])
    expect(out).to.deep.equal({path: '/root/Main/Grid', cell_size: [2, 2, 2], items: [], undoable: true, saved: false})
    await w.undo('add GridMap')
    await w.refused('gridmap.get_cells', {node_path: 'Grid'}, -32001)
    await w.call('gridmap.create', w.examples['gridmap.create'])
    await w.refused('gridmap.create', {name: 'X', cell_size: [0, 1, 1]}, -32602, 'must be positive')
    await w.refused('gridmap.create', {name: 'X', mesh_library: 'res://none.tres'}, -32001, 'no MeshLibrary')
  })

  it('gridmap.meshlib_create: items from mesh specs given to the GridMap (undoable); from a node saved as a file', async () => {
    await w.refused('gridmap.set_cells', w.examples['gridmap.set_cells'], -32000, 'has no MeshLibrary')
    const out = await w.call('gridmap.meshlib_create', w.examples['gridmap.meshlib_create'])
    expect(out.items).to.deep.equal([
      {id: 0, name: 'floor', mesh: 'BoxMesh', shapes: 0},
      {id: 1, name: 'wall', mesh: 'BoxMesh', shapes: 0},
    ])
    await w.undo('set MeshLibrary of Grid')
    expect(await w.inEditor('return scene.get_node("Grid").mesh_library == null')).to.equal(true)

    await w.call('node.add', {type: 'Node3D', name: 'Palette'})
    await w.call('node.add', {
      type: 'MeshInstance3D',
      parent: 'Palette',
      name: 'crate',
      properties: {mesh: {class: 'BoxMesh'}},
    })
    await w.call('node.add', {
      type: 'MeshInstance3D',
      parent: 'Palette',
      name: 'pillar',
      properties: {mesh: {class: 'CylinderMesh'}},
    })
    const file = await w.call('gridmap.meshlib_create', {
      from_node: 'Palette',
      collision: true,
      path: 'res://tiles/palette.tres',
    })
    expect(file).to.deep.include({path: 'res://tiles/palette.tres'})
    expect(file.items).to.deep.equal([
      {id: 0, name: 'crate', mesh: 'BoxMesh', shapes: 1},
      {id: 1, name: 'pillar', mesh: 'CylinderMesh', shapes: 1},
    ])
    expect(readFileSync(join(fx.editor.root, 'tiles', 'palette.tres'), 'utf8')).to.include('MeshLibrary')
    await w.refused(
      'gridmap.meshlib_create',
      {from_node: 'Palette', path: 'res://tiles/palette.tres'},
      -32000,
      'already exists',
    )
    await w.refused(
      'gridmap.meshlib_create',
      {items: [{name: 'x', mesh: {class: 'Node'}}], node_path: 'Grid'},
      -32602,
      'items[0].mesh',
    )
    await w.refused(
      'gridmap.meshlib_create',
      {items: [{name: 'x', mesh: 'res://none.tres'}], node_path: 'Grid'},
      -32001,
    )
    await w.refused('gridmap.meshlib_create', {items: []}, -32602, 'give path')
    await w.refused(
      'gridmap.meshlib_create',
      {from_node: 'Grid', node_path: 'Grid'},
      -32000,
      'no MeshInstance3D children',
    )
    await w.call('gridmap.meshlib_create', w.examples['gridmap.meshlib_create'])
  })

  it('gridmap.set_cells / get_cells: a box of floor by name and a rotated wall by id, read back; undo clears', async () => {
    const out = await w.call('gridmap.set_cells', w.examples['gridmap.set_cells'])
    expect(out).to.deep.include({placed: 16, cell_count: 16, item: 0})
    const read = await w.call('gridmap.get_cells', w.examples['gridmap.get_cells'])
    expect(read.count).to.equal(16)
    expect(read.cells[0]).to.deep.equal({cell: [0, 0, 0], item: 0, name: 'floor', orientation: 0})
    const wall = await w.call('gridmap.set_cells', {
      node_path: 'Grid',
      item: 1,
      cells: [
        [0, 1, 0],
        [1, 1, 0],
      ],
      orientation: 16,
    })
    expect(wall.placed).to.equal(2)
    expect((await cells({item: 'wall'})).cells.map((c: Json) => [c.cell, c.orientation])).to.deep.equal([
      [[0, 1, 0], 16],
      [[1, 1, 0], 16],
    ])
    expect((await cells({from: [0, 0, 0], to: [1, 1, 0]})).count).to.equal(4)
    await w.undo('place 2 cells')
    await w.undo('place 16 cells')
    expect((await cells()).count).to.equal(0)
    w.snapshot = async () => (await cells()).cells
    await w.refused(
      'gridmap.set_cells',
      {node_path: 'Grid', item: 'lava', cells: [[0, 0, 0]]},
      -32001,
      'no item "lava"',
      '0 floor',
    )
    await w.refused('gridmap.set_cells', {node_path: 'Grid', item: 0}, -32602, 'exactly one of')
    await w.refused('gridmap.set_cells', {node_path: 'Grid', item: 0, cells: [[0, 0.5, 0]]}, -32602, 'whole numbers')
    await w.refused(
      'gridmap.set_cells',
      {node_path: 'Grid', item: 0, cells: [[0, 0, 0]], orientation: 24},
      -32602,
      'orientation',
    )
    w.snapshot = () => w.call('scene.tree')
  })

  it('gridmap.clear: the example cell, a box, or all; undo restores', async () => {
    await w.call('gridmap.set_cells', w.examples['gridmap.set_cells'])
    expect(await w.call('gridmap.clear', w.examples['gridmap.clear'])).to.deep.include({cleared: 1, cell_count: 15})
    expect((await w.call('gridmap.clear', {node_path: 'Grid', from: [0, 0, 0], to: [1, 0, 3]})).cleared).to.equal(7)
    expect((await w.call('gridmap.clear', {node_path: 'Grid', all: true})).cleared).to.equal(8)
    await w.undo('clear 8 cells')
    await w.undo('clear 7 cells')
    await w.undo('clear 1 cells')
    expect((await cells()).count).to.equal(16)
  })

  it('the placed cells survive a save and a reload of the scene', async () => {
    await w.call('scene.save')
    await w.call('scene.close', {path: 'res://levels/grid.tscn'})
    await w.call('scene.open', {path: 'res://levels/grid.tscn'})
    const read = await cells({item: 'floor'})
    expect(read.count).to.equal(16)
  })
})
