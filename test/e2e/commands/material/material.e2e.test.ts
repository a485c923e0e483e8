// material.*: every declared example against a real headless editor on a fresh 3D scene: material files
// written with checked properties and edited, materials put into node slots (override, surface, mesh,
// canvas), changed and saved as files the slot then uses; each scene edit undone; refusals change nothing.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {useEditor} from '../../../support/fixture.js'
import {openWorld, type World} from '../../../support/world.js'

describe('material commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'material', pristine: false})
  let w: World

  before(async () => {
    w = await openWorld(fx, 'res://levels/materials.tscn', 'Node3D')
    await w.call('node.add', {type: 'MeshInstance3D', name: 'Crate', properties: {mesh: {class: 'BoxMesh'}}})
    await w.call('node.add', {type: 'Sprite2D', name: 'Badge'})
  })

  it('declares every material command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members([
      'material.create',
      'material.edit_file',
      'material.info',
      'material.assign',
      'material.set',
      'material.save',
    ])
  })

  it('material.create: writes the example .tres with its properties; refuses bad properties and existing files', async () => {
    const out = await w.call('material.create', w.examples['material.create'])
    expect(out).to.deep.include({class: 'StandardMaterial3D', path: 'res://materials/rock.tres'})
    expect(out.properties.roughness).to.be.closeTo(0.9, 1e-6)
    expect(out.properties.albedo_color[0]).to.be.closeTo(0x7a / 255, 1e-3)
    expect(readFileSync(join(fx.editor.root, 'materials', 'rock.tres'), 'utf8')).to.include('roughness = 0.9')
    await w.refused('material.create', w.examples['material.create'], -32000, 'already exists')
    await w.refused(
      'material.create',
      {path: 'res://materials/x.tres', properties: {roughnes: 1}},
      -32001,
      "did you mean 'roughness'",
    )
    await w.refused(
      'material.create',
      {path: 'res://materials/x.tres', properties: {roughness: 'rough'}},
      -32602,
      "'roughness' expects",
    )
    await w.refused('material.create', {path: 'res://materials/x.png'}, -32602, '.tres')
    const canvas = await w.call('material.create', {
      path: 'res://materials/glow.tres',
      type: 'canvas_item',
      properties: {blend_mode: 'Add'},
    })
    expect(canvas).to.deep.include({class: 'CanvasItemMaterial', properties: {blend_mode: 1}})
  })

  it('material.edit_file / info: changes and saves the file, read back from the file', async () => {
    const out = await w.call('material.edit_file', w.examples['material.edit_file'])
    expect(out.set.metallic).to.be.closeTo(0.2, 1e-6)
    expect(readFileSync(join(fx.editor.root, 'materials', 'rock.tres'), 'utf8')).to.include('metallic = 0.2')
    const info = await w.call('material.info', w.examples['material.info'])
    expect(Object.keys(info.properties)).to.include.members(['albedo_color', 'roughness', 'metallic'])
    await w.refused(
      'material.edit_file',
      {path: 'res://materials/none.tres', properties: {}},
      -32001,
      'no material file',
    )
    await w.refused('material.info', {}, -32602, 'give path or node_path')
  })

  it('material.assign: a new material with properties into the example slot, a file into the surface slot, "" clears; each undoable', async () => {
    const out = await w.call('material.assign', w.examples['material.assign'])
    expect(out).to.deep.include({node_path: '/root/Main/Crate', slot: 'surface_material_override/0'})
    expect(out.material.class).to.equal('StandardMaterial3D')
    expect(out.material.properties.albedo_color[0]).to.be.closeTo(0xc0 / 255, 1e-3)
    await w.undo('assign material to Crate')
    expect((await w.call('material.info', {node_path: 'Crate'})).material).to.equal(null)

    const file = await w.call('material.assign', {
      node_path: 'Crate',
      slot: 'override',
      material: 'res://materials/rock.tres',
    })
    expect(file.material.path).to.equal('res://materials/rock.tres')
    expect((await w.call('material.assign', {node_path: 'Crate', slot: 'override', material: ''})).material).to.equal(
      null,
    )
    await w.undo('assign material to Crate')
    expect((await w.call('material.info', {node_path: 'Crate', slot: 'override'})).material.path).to.equal(
      'res://materials/rock.tres',
    )
    await w.undo('assign material to Crate')

    const mesh = await w.call('material.assign', {node_path: 'Crate', slot: 'mesh', type: 'orm'})
    expect(mesh).to.deep.include({slot: 'mesh material'})
    expect(await w.inEditor('return scene.get_node("Crate").mesh.material.get_class()')).to.equal('ORMMaterial3D')
    await w.undo('assign material to Crate')
    const badge = await w.call('material.assign', {node_path: 'Badge', properties: {blend_mode: 'Add'}})
    expect(badge).to.deep.include({slot: 'material'})
    expect(badge.material.class).to.equal('CanvasItemMaterial')
    await w.undo('assign material to Badge')

    await w.refused('material.assign', {node_path: 'Badge', type: 'standard'}, -32602, 'takes a canvas_item or shader')
    await w.refused('material.assign', {node_path: 'Badge', slot: 'override'}, -32602, "no 'override' material slot")
    await w.refused('material.assign', {node_path: 'Crate', surface: 3}, -32602, 'no surface 3')
    await w.refused('material.assign', {node_path: 'Crate', material: 'res://nothing.tres'}, -32001, 'no material file')
  })

  it('material.set: changes the slot material (undoable) and reads the values back', async () => {
    await w.refused('material.set', w.examples['material.set'], -32000, 'has no material')
    await w.call('material.assign', w.examples['material.assign'])
    const out = await w.call('material.set', w.examples['material.set'])
    expect(out.values.roughness).to.be.closeTo(0.3, 1e-6)
    expect(out.values.metallic).to.be.closeTo(0.8, 1e-6)
    await w.undo('set material of Crate')
    const info = await w.call('material.info', {node_path: 'Crate'})
    expect(info.material.properties).to.not.have.property('metallic')
    await w.refused('material.set', {node_path: 'Crate', properties: {metallic: 'shiny'}}, -32602, "'metallic' expects")
  })

  it('material.save: writes the slot material as a file the slot then uses; undo relinks the inline one', async () => {
    const out = await w.call('material.save', w.examples['material.save'])
    expect(out).to.deep.include({path: 'res://materials/crate.tres'})
    expect(readFileSync(join(fx.editor.root, 'materials', 'crate.tres'), 'utf8')).to.include('StandardMaterial3D')
    await w.undo('save material of Crate')
    expect((await w.call('material.info', {node_path: 'Crate'})).material.path).to.equal('')
    await w.refused('material.save', w.examples['material.save'], -32000, 'already exists')
    await w.undo('assign material to Crate')
  })
})
