// node.set_many / reset_property / script_attach / script_detach and scene.reload / dependencies against a
// real headless editor: each change read back, then undone with the editor's own Undo; refused input
// changes nothing (same tree, same values, no new undo action); scene files read back from disk.
import {expect} from 'chai'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

const MAIN = 'res://scenes/main.tscn'
const METHODS = [
  'node.set_many',
  'node.reset_property',
  'node.script_attach',
  'node.script_detach',
  'scene.reload',
  'scene.dependencies',
]

describe('node edits, scripts and scene files (real editor)', function () {
  this.timeout(120_000)
  let declared: Record<string, Json>
  const fx = useEditor({
    async setup({call}) {
      const {commands} = await call('engine.commands')
      declared = Object.fromEntries((commands as Json[]).map((c) => [c.method, c]))
      const file = (resPath: string) => join(fx.editor.root, resPath.replace('res://', ''))
      writeFileSync(
        file('res://scripts/mover.gd'),
        'extends Node2D\n\n@export var speed: float = 5.0\n@export var label := "m"\n',
      )
      writeFileSync(file('res://scripts/spinner.gd'), 'extends Node3D\n')
      writeFileSync(file('res://scripts/broken.gd'), 'extends Node2D\n\nfunc f(:\n')
      writeFileSync(file('res://scripts/base.gd'), '@abstract\nextends Node2D\n')
    },
  })
  const {call, tree, sceneHistory, undo, refused} = fx
  const get = async (node: string, property: string) => (await call('node.get', {node_path: node, property})).value
  const script = async (node: string) => (await call('node.info', {node_path: node})).script
  const file = (resPath: string) => join(fx.editor.root, resPath.replace('res://', ''))

  it('declares each command with an example and honest read-only/destructive flags', () => {
    for (const m of METHODS) expect(declared[m], m).to.include.keys('example', 'summary')
    expect(declared['scene.dependencies'].read_only).to.equal(true)
    expect(declared['scene.reload'].destructive).to.equal(true)
    expect(declared['node.script_detach'].destructive).to.equal(true)
    expect(declared['node.set_many'].read_only).to.equal(false)
  })

  it('node.set_many: sets the example properties in one undo step, read back; one undo restores them all', async () => {
    const history = (await sceneHistory()).count
    expect(await call('node.set_many', declared['node.set_many'].example)).to.deep.equal({
      path: '/root/Main/Player',
      count: 2,
      values: {position: [100, 200], rotation: 0.5},
      previous: {position: [320, 180], rotation: 0},
      changed: true,
      undoable: true,
      saved: false,
    })
    expect(await get('Player', 'position')).to.deep.equal([100, 200])
    expect(await get('Player', 'rotation')).to.equal(0.5)
    expect((await sceneHistory()).count).to.equal(history + 1)
    await undo('set 2 properties of Player')
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
    expect(await get('Player', 'rotation')).to.equal(0)

    const coerced = await call('node.set_many', {
      node_path: 'Player/Body',
      properties: {color: '#ff0000', tooltip_text: 'hi', mouse_filter: 'Ignore'},
    })
    expect(coerced.values).to.deep.equal({color: [1, 0, 0, 1], tooltip_text: 'hi', mouse_filter: 2})
    expect(await get('Player/Body', 'color')).to.deep.equal([1, 0, 0, 1])
    await undo('set 3 properties of Body')
    expect(await get('Player/Body', 'tooltip_text')).to.equal('')
  })

  it('node.set_many: refuses the whole edit when one property or value is refused; nothing is set', async () => {
    const error = await refused(
      'node.set_many',
      {node_path: 'Player', properties: {position: [1, 2], speed: true}},
      -32602,
      "'speed' expects a number",
      'nothing was set',
    )
    expect(error.rpcData).to.include({property: 'speed'})
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
    await refused(
      'node.set_many',
      {node_path: 'Player', properties: {rotation: 1, positon: [1, 2]}},
      -32001,
      "did you mean 'position'",
    )
    expect(await get('Player', 'rotation')).to.equal(0)
    await refused('node.set_many', {node_path: 'Player', properties: {name: 'Hero'}}, -32602, 'node.rename')
    await refused('node.set_many', {node_path: 'Player', properties: {script: ''}}, -32602, 'node.script_detach')
    await refused('node.set_many', {node_path: 'Player', properties: {}}, -32602, 'at least one property')
    await refused('node.set_many', {node_path: 'Ghost', properties: {rotation: 1}}, -32001, "'Ghost'")
    await refused('node.set_many', {node_path: 'Player', properties: [1]}, -32602, "'properties'")
  })

  it('node.reset_property: the example reverts position to the class default; undo restores it', async () => {
    expect(await call('node.reset_property', declared['node.reset_property'].example)).to.deep.equal({
      path: '/root/Main/Player',
      property: 'position',
      type: 'Vector2',
      default_from: 'class',
      value: [0, 0],
      previous: [320, 180],
      changed: true,
      undoable: true,
      saved: false,
    })
    expect(await get('Player', 'position')).to.deep.equal([0, 0])
    await undo('reset Player.position')
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
    const color = await call('node.reset_property', {node_path: 'Player/Body', property: 'color'})
    expect(color).to.deep.include({value: [1, 1, 1, 1], default_from: 'class'})
    await undo('reset Body.color')
  })

  it('node.reset_property: an exported script variable goes back to the script default; at the default, nothing changes', async () => {
    await call('node.set', {node_path: 'Player', property: 'speed', value: 250})
    const reset = await call('node.reset_property', {node_path: 'Player', property: 'speed'})
    expect(reset).to.deep.include({value: 200, previous: 250, default_from: 'script', changed: true})
    expect(await get('Player', 'speed')).to.equal(200)
    await undo('reset Player.speed')
    expect(await get('Player', 'speed')).to.equal(250)
    await undo('set Player.speed')
    const history = (await sceneHistory()).count
    const same = await call('node.reset_property', {node_path: 'Player', property: 'speed'})
    expect(same).to.deep.equal({
      path: '/root/Main/Player',
      property: 'speed',
      type: 'float',
      default_from: 'script',
      value: 200,
      changed: false,
      undoable: false,
      saved: true,
    })
    expect((await sceneHistory()).count).to.equal(history)
  })

  it('node.reset_property: a property of an instanced scene goes back to the value its scene file gives it', async () => {
    await call('scene.instance', {path: 'res://scenes/ui.tscn', name: 'HUD'})
    await call('node.set', {node_path: 'HUD/Title', property: 'text', value: 'Changed'})
    const reset = await call('node.reset_property', {node_path: 'HUD/Title', property: 'text'})
    expect(reset).to.deep.include({value: 'Bridge Demo', previous: 'Changed', default_from: 'scene'})
    expect(await get('HUD/Title', 'text')).to.equal('Bridge Demo')
    await call('node.set', {node_path: 'HUD', property: 'anchor_right', value: 0.5})
    expect(await call('node.reset_property', {node_path: 'HUD', property: 'anchor_right'})).to.deep.include({
      value: 1,
      default_from: 'scene',
    })
    await undo('reset HUD.anchor_right')
    await undo('set HUD.anchor_right')
    await undo('reset Title.text')
    expect(await get('HUD/Title', 'text')).to.equal('Changed')
    await undo('set Title.text')
    await undo('instance ui.tscn')
  })

  it('node.reset_property: refuses an unknown property, name, script and a missing node', async () => {
    await refused('node.reset_property', {node_path: 'Player', property: 'positon'}, -32001, "did you mean 'position'")
    await refused('node.reset_property', {node_path: 'Player', property: 'name'}, -32602, 'node.rename')
    await refused('node.reset_property', {node_path: 'Player', property: 'script'}, -32602, 'node.script_detach')
    await refused('node.reset_property', {node_path: 'Nobody', property: 'position'}, -32001, "'Nobody'")
  })

  it('node.script_detach: the example removes the script; undo restores it with the value the scene gave it', async () => {
    await call('node.set', {node_path: 'Player', property: 'speed', value: 250})
    expect(await call('node.script_detach', declared['node.script_detach'].example)).to.deep.equal({
      path: '/root/Main/Player',
      detached: 'res://scripts/player.gd',
      restored_on_undo: ['speed'],
      undoable: true,
      saved: false,
    })
    expect(await script('Player')).to.equal(null)
    await refused('node.get', {node_path: 'Player', property: 'speed'}, -32001, "no property 'speed'")
    await undo('detach player.gd from Player')
    expect(await script('Player')).to.equal('res://scripts/player.gd')
    expect(await get('Player', 'speed')).to.equal(250)
    await undo('set Player.speed')
    await refused('node.script_detach', {node_path: 'Ground'}, -32000, 'has no script')
  })

  it('node.script_attach: attaches a script file, saved with the scene; carries matching values; undo restores', async () => {
    const history = (await sceneHistory()).count
    expect(await call('node.script_attach', declared['node.script_attach'].example)).to.deep.include({changed: false})
    expect((await sceneHistory()).count, 'the same script again is no action').to.equal(history)

    const camera = await call('node.script_attach', {node_path: 'Camera2D', path: 'res://scripts/mover.gd'})
    expect(camera).to.deep.equal({
      path: '/root/Main/Camera2D',
      script: 'res://scripts/mover.gd',
      previous: null,
      changed: true,
      kept_values: [],
      undoable: true,
      saved: false,
      compiles: true, // the script it attaches, compiled by the router (core/compile_errors.gd)
    })
    expect(await script('Camera2D')).to.equal('res://scripts/mover.gd')
    expect(await get('Camera2D', 'label')).to.equal('m')
    await call('scene.save')
    expect(readFileSync(file(MAIN), 'utf8')).to.include('path="res://scripts/mover.gd"')
    await undo('attach mover.gd to Camera2D')
    expect(await script('Camera2D')).to.equal(null)
    await call('scene.save')
    expect(readFileSync(file(MAIN), 'utf8')).not.to.include('mover.gd')

    await call('node.set', {node_path: 'Player', property: 'speed', value: 250})
    const swapped = await call('node.script_attach', {node_path: 'Player', path: 'res://scripts/mover.gd'})
    expect(swapped).to.deep.include({previous: 'res://scripts/player.gd', kept_values: ['speed']})
    expect(await get('Player', 'speed')).to.equal(250)
    await undo('attach mover.gd to Player')
    expect(await script('Player')).to.equal('res://scripts/player.gd')
    expect(await get('Player', 'speed')).to.equal(250)
    await undo('set Player.speed')
  })

  it('node.script_attach: refuses a script that does not fit the node, does not compile, is abstract, is no script or is missing', async () => {
    await refused(
      'node.script_attach',
      {node_path: 'Camera2D', path: 'res://scripts/spinner.gd'},
      -32602,
      'extends Node3D',
      'is a Camera2D',
    )
    await refused(
      'node.script_attach',
      {node_path: 'Ground', path: 'res://scripts/player.gd'},
      -32602,
      'extends CharacterBody2D',
    )
    await refused(
      'node.script_attach',
      {node_path: 'Camera2D', path: 'res://scripts/broken.gd'},
      -32000,
      'does not compile',
    )
    await refused('node.script_attach', {node_path: 'Camera2D', path: 'res://scripts/base.gd'}, -32602, 'abstract')
    await refused('node.script_attach', {node_path: 'Camera2D', path: MAIN}, -32602, 'PackedScene, not a script')
    await refused(
      'node.script_attach',
      {node_path: 'Player', path: 'res://scripts/playr.gd'},
      -32001,
      "did you mean 'res://scripts/player.gd'",
    )
    await refused('node.script_attach', {node_path: 'Player', path: 'scripts/player.gd'}, -32602, 'res://')
    expect(await script('Camera2D')).to.equal(null)
  })

  it('scene.reload: the example discards unsaved edits and their undo history, and loads the file', async () => {
    await call('node.set', {node_path: 'Player', property: 'position', value: [1, 2]})
    await call('node.add', {type: 'Sprite2D', name: 'Extra'})
    expect((await call('scene.current')).unsaved).to.equal(true)
    // the router's undoable/saved annotation is scene.reload's own business (test/e2e/commands/scene/)
    const {undoable: _u, saved: _s, ...reloaded} = await call('scene.reload', declared['scene.reload'].example)
    expect(reloaded).to.deep.equal({
      path: MAIN,
      reloaded: true,
      root: '/root/Main',
      discarded_actions: 2,
      current: MAIN,
    })
    expect(await tree()).to.deep.equal(fx.pristine)
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
    expect((await sceneHistory()).count).to.equal(0)
    expect((await call('scene.current')).unsaved).to.equal(false)
  })

  it('scene.reload: shows what was written to the scene file outside the editor', async () => {
    const original = readFileSync(file(MAIN), 'utf8')
    writeFileSync(file(MAIN), original.replace('position = Vector2(320, 300)', 'position = Vector2(10, 20)'))
    try {
      expect(await get('Ground', 'position')).to.deep.equal([320, 300])
      expect((await call('scene.reload')).path).to.equal(MAIN)
      expect(await get('Ground', 'position')).to.deep.equal([10, 20])
    } finally {
      writeFileSync(file(MAIN), original)
      await call('scene.reload')
    }
    expect(await get('Ground', 'position')).to.deep.equal([320, 300])
  })

  it('scene.reload: refuses a scene that is not open, keeping the edits', async () => {
    await call('node.set', {node_path: 'Player', property: 'position', value: [1, 2]})
    await refused('scene.reload', {path: 'res://scenes/ui.tscn'}, -32001, 'is not open', MAIN)
    await refused('scene.reload', {path: 'res://scenes/nope.tscn'}, -32001, 'is not open')
    expect(await get('Player', 'position')).to.deep.equal([1, 2])
    await undo('set Player.position')
  })

  it('scene.dependencies: the example lists the player script with its type and uid, as on disk', async () => {
    const out = await call('scene.dependencies', declared['scene.dependencies'].example)
    const uid = readFileSync(file('res://scripts/player.gd.uid'), 'utf8').trim()
    expect(out).to.deep.equal({
      path: MAIN,
      count: 1,
      dependencies: [{path: 'res://scripts/player.gd', type: 'GDScript', uid, exists: true, from: MAIN}],
    })
    expect(await call('scene.dependencies')).to.deep.equal(out)
    expect(await call('scene.dependencies', {path: 'res://scenes/ui.tscn'})).to.deep.equal({
      path: 'res://scenes/ui.tscn',
      count: 0,
      dependencies: [],
    })
  })

  it('scene.dependencies: follows instanced scenes when recursive and marks missing files; refuses a missing scene', async () => {
    writeFileSync(
      file('res://scenes/world.tscn'),
      [
        '[gd_scene format=3]',
        '[ext_resource type="PackedScene" path="res://scenes/main.tscn" id="1"]',
        '[ext_resource type="Texture2D" path="res://art/missing.png" id="2"]',
        '[node name="World" type="Node2D"]',
        '[node name="Main" parent="." instance=ExtResource("1")]',
        '',
      ].join('\n\n'),
    )
    const flat = await call('scene.dependencies', {path: 'res://scenes/world.tscn'})
    expect(flat.dependencies.map((d: Json) => [d.path, d.exists])).to.deep.equal([
      [MAIN, true],
      ['res://art/missing.png', false],
    ])
    const deep = await call('scene.dependencies', {path: 'res://scenes/world.tscn', recursive: true})
    expect(deep.dependencies.map((d: Json) => [d.path, d.from])).to.deep.equal([
      [MAIN, 'res://scenes/world.tscn'],
      ['res://art/missing.png', 'res://scenes/world.tscn'],
      ['res://scripts/player.gd', MAIN],
    ])
    await refused('scene.dependencies', {path: 'res://scenes/nope.tscn'}, -32001, 'no scene or resource at')
  })
})
