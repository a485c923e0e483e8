// resource.*: resource files created, inspected, edited with type coercion (undoable, saved), copied with
// a fresh UID, extracted from a node, and found by type, against a real headless editor. Files are read
// back from disk; refusals write nothing.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('resource commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'resource', pristine: false})
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 60_000)
  const disk = (res: string) => join(fx.editor.root, res.replace('res://', ''))
  const read = (res: string) => (existsSync(disk(res)) ? readFileSync(disk(res), 'utf8') : '')
  const undo = async (action: string) => {
    const out = await call('editor.undo')
    expect(out.undone, JSON.stringify(out)).to.equal(true)
    expect(out.action).to.equal(action)
  }

  it('declares every resource command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'resource.create',
      'resource.inspect',
      'resource.set',
      'resource.duplicate',
      'resource.extract',
      'resource.find',
      'resource.texture_view',
    ])
  })

  it('resource.create saves a resource of any class with coerced properties, read back from disk', async () => {
    const out = await call('resource.create', fx.examples['resource.create'])
    expect(out).to.deep.include({path: 'res://materials/red.tres', class: 'StandardMaterial3D'})
    expect(out.uid).to.match(/^uid:\/\/[a-z0-9]+$/)
    expect(out.values).to.deep.equal({albedo_color: [1, 0, 0, 1], roughness: 0.25})
    const file = read('res://materials/red.tres')
    expect(file).to.include('[gd_resource type="StandardMaterial3D"').and.include('albedo_color = Color(1, 0, 0, 1)')
    expect(file).to.include('roughness = 0.25')
    const gradient = await call('resource.create', {
      path: 'res://data/fade.res',
      type: 'Gradient',
      properties: {colors: ['#000000', 'white'], offsets: [0, 1]},
    })
    expect(gradient.values.colors).to.deep.equal([
      [0, 0, 0, 1],
      [1, 1, 1, 1],
    ])
    // the engine does not save a ShaderMaterial's next_pass while it has no shader: reported, not hidden
    const lost = await call('resource.create', {
      path: 'res://data/shader_mat.tres',
      type: 'ShaderMaterial',
      properties: {next_pass: 'res://materials/red.tres'},
    })
    expect(lost).to.deep.include({adjusted: ['next_pass']})
    expect(lost.values.next_pass).to.equal(null)
    await fx.refusedKeeping(
      {snapshot: fx.tree, files: ['res://materials/red.tres']},
      'resource.create',
      fx.examples['resource.create'],
      -32000,
      'already exists',
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.create',
      {path: 'res://m/x.tres', type: 'StandardMaterial'},
      -32602,
      "did you mean 'StandardMaterial3D'",
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.create',
      {path: 'res://m/x.tres', type: 'Node2D'},
      -32602,
      "parameter 'type': 'Node2D' is not a Resource class",
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.create',
      {path: 'res://m/x.tres', type: 'Gradient', properties: {colours: []}},
      -32001,
      "did you mean 'colors'",
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.create',
      {path: 'res://m/x.tres', type: 'StandardMaterial3D', properties: {roughness: 'rough'}},
      -32602,
      "'roughness' expects",
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.create',
      {path: 'res://m/x.png', type: 'Gradient'},
      -32602,
      'can be saved as',
    )
    expect(existsSync(disk('res://m'))).to.equal(false)
  })

  it('resource.inspect lists typed properties, the UID and dependencies', async () => {
    const out = await call('resource.inspect', fx.examples['resource.inspect'])
    expect(out).to.deep.include({path: 'res://materials/red.tres', class: 'StandardMaterial3D', dependencies: []})
    expect(out.properties).to.deep.include({name: 'albedo_color', type: 'Color', value: [1, 0, 0, 1]})
    expect(out.properties.every((p: Json) => p.name.includes('color'))).to.equal(true)
    const scene = await call('resource.inspect', {path: 'res://scenes/main.tscn', filter: 'zzz', used_by: true})
    expect(scene).to.deep.include({class: 'PackedScene', dependencies: ['res://scripts/player.gd'], used_by: []})
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.inspect',
      {path: 'res://materials/rad.tres'},
      -32001,
      "did you mean 'res://materials/red.tres'",
    )
  })

  it('resource.set coerces, saves and reads back; undo restores the file; bad input writes nothing', async () => {
    const out = await call('resource.set', fx.examples['resource.set'])
    expect(out.values.albedo_color.map((x: number) => Math.round(x * 100) / 100)).to.deep.equal([0.2, 0.4, 1, 1])
    expect(out.values.metallic).to.equal(0.5)
    expect(out.previous).to.deep.equal({albedo_color: [1, 0, 0, 1], metallic: 0})
    expect(read('res://materials/red.tres'))
      .to.include('metallic = 0.5')
      .and.include('albedo_color = Color(0.2, 0.4, 1, 1)')
    await undo('Bridge: set albedo_color, metallic of red.tres')
    expect(read('res://materials/red.tres')).to.include('albedo_color = Color(1, 0, 0, 1)')
    expect(read('res://materials/red.tres')).not.to.include('metallic')
    const enumSet = await call('resource.set', {
      path: 'res://materials/red.tres',
      properties: {shading_mode: 'Unshaded'},
    })
    expect(enumSet.values.shading_mode).to.equal(0)
    await undo('Bridge: set shading_mode of red.tres')
    const red = ['res://materials/red.tres']
    await fx.refusedKeeping(
      {snapshot: fx.tree, files: red},
      'resource.set',
      {path: 'res://materials/red.tres', properties: {metalic: 1}},
      -32001,
      "did you mean 'metallic'",
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree, files: red},
      'resource.set',
      {path: 'res://materials/red.tres', properties: {metallic: 'shiny'}},
      -32602,
      "'metallic' expects",
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree, files: red},
      'resource.set',
      {path: 'res://materials/red.tres', properties: {}},
      -32602,
      'properties is empty',
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.set',
      {path: 'res://scenes/main.tscn', properties: {a: 1}},
      -32602,
      'not a .tres/.res resource file',
    )
  })

  it('resource.duplicate writes a copy with a fresh UID, converting .tres to .res', async () => {
    const out = await call('resource.duplicate', fx.examples['resource.duplicate'])
    expect(out).to.deep.include({
      path: 'res://materials/red_copy.res',
      class: 'StandardMaterial3D',
      source: 'res://materials/red.tres',
    })
    expect(out.uid).to.not.equal(out.source_uid)
    expect(readFileSync(disk('res://materials/red_copy.res')).subarray(0, 4).toString()).to.equal('RSRC')
    const back = await call('resource.inspect', {path: 'res://materials/red_copy.res', filter: 'albedo_color'})
    expect(back.properties[0].value).to.deep.equal([1, 0, 0, 1])
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.duplicate',
      fx.examples['resource.duplicate'],
      -32000,
      'already exists',
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.duplicate',
      {path: 'res://scripts/player.gd', to: 'res://x.gd'},
      -32602,
      'filesystem.copy',
    )
  })

  it('resource.extract saves an embedded shape to a file and points the node at it; undo re-embeds it', async () => {
    const out = await call('resource.extract', fx.examples['resource.extract'])
    expect(out).to.deep.include({
      node: '/root/Main/Player/Shape',
      path: 'res://shapes/player_shape.tres',
      class: 'RectangleShape2D',
    })
    expect(read('res://shapes/player_shape.tres')).to.include('size = Vector2(32, 32)')
    expect((await call('node.get', {node_path: 'Player/Shape', property: 'shape'})).value.path).to.equal(
      'res://shapes/player_shape.tres',
    )
    await undo('Bridge: extract Shape.shape to player_shape.tres')
    expect((await call('node.get', {node_path: 'Player/Shape', property: 'shape'})).value.path).to.equal(
      'res://scenes/main.tscn::RectangleShape2D_1',
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.extract',
      {node_path: 'Player', property: 'position', path: 'res://p.tres'},
      -32602,
      'holds no resource',
    )
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.extract',
      {...fx.examples['resource.extract'], path: 'res://shapes/other.tres', property: 'shap'},
      -32001,
      "did you mean 'shape'",
    )
  })

  it('resource.find lists project resources by class, subclasses included', async () => {
    const scenes = await call('resource.find', fx.examples['resource.find'])
    expect(scenes.resources.map((r: Json) => r.path)).to.deep.equal([
      'res://scenes/level_3d.tscn',
      'res://scenes/main.tscn',
      'res://scenes/ui.tscn',
    ])
    const materials = await call('resource.find', {type: 'Material', under: 'res://materials'})
    expect(materials.resources.map((r: Json) => [r.path, r.type])).to.deep.equal([
      ['res://materials/red.tres', 'StandardMaterial3D'],
      ['res://materials/red_copy.res', 'StandardMaterial3D'],
    ])
    const limited = await call('resource.find', {name: 'red', limit: 1})
    expect(limited).to.deep.include({count: 1, total: 2, truncated: true})
    await fx.refusedKeeping(
      {snapshot: fx.tree},
      'resource.find',
      {type: 'Materiel'},
      -32602,
      "parameter 'type': unknown Resource type 'Materiel'",
    )
  })
})
