// analysis.*: read-only answers about the demo project and fixtures written into its copy: scene
// complexity and signal flow (open scene and files), references by path and uid, unused files, scene
// cycles, project statistics. Nothing in the scene or its history changes.
import {expect} from 'chai'
import {mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

const scene = (name: string, instanced?: string) =>
  instanced
    ? `[gd_scene load_steps=2 format=3]\n\n[ext_resource type="PackedScene" path="${instanced}" id="1"]\n\n[node name="${name}" type="Node2D"]\n\n[node name="Inner" parent="." instance=ExtResource("1")]\n`
    : `[gd_scene format=3]\n\n[node name="${name}" type="Node2D"]\n`

describe('analysis commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'analysis', pristine: false})
  let pristine: Json
  const {call} = fx
  /** The open scene and its applied undo steps: what a read-only command must leave alone. */
  const state = async () => [await call('scene.tree'), ((await fx.sceneHistory()) as Json).current]

  before(async () => {
    pristine = await state()
    mkdirSync(join(fx.editor.root, 'cycle'))
    writeFileSync(join(fx.editor.root, 'cycle', 'a.tscn'), scene('A', 'res://cycle/b.tscn'))
    writeFileSync(join(fx.editor.root, 'cycle', 'b.tscn'), scene('B', 'res://cycle/a.tscn'))
    writeFileSync(join(fx.editor.root, 'cycle', 'leaf.tscn'), scene('Leaf'))
    writeFileSync(join(fx.editor.root, 'cycle', 'uses_leaf.tscn'), scene('UsesLeaf', 'res://cycle/leaf.tscn'))
    writeFileSync(join(fx.editor.root, 'orphan.tres'), '[gd_resource type="Gradient" format=3]\n\n[resource]\n')
  })
  afterEach(async function () {
    if (this.currentTest?.state === 'passed') expect(await state()).to.deep.equal(pristine)
  })

  it('declares every analysis command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'analysis.scene_complexity',
      'analysis.signal_flow',
      'analysis.circular_dependencies',
      'analysis.references',
      'analysis.unused_resources',
      'analysis.project_statistics',
      'analysis.node_usage',
      'analysis.class_names',
      'analysis.find_in_files',
    ])
  })

  it('analysis.scene_complexity: counts the demo scene from its file and from the open scene alike', async () => {
    const file = await call('analysis.scene_complexity', fx.examples['analysis.scene_complexity'])
    expect(file).to.deep.include({
      scene: 'res://scenes/main.tscn',
      nodes: 6,
      max_depth: 2,
      scripts: {'res://scripts/player.gd': 1},
    })
    expect(file.types[0]).to.deep.equal({type: 'Camera2D', count: 1})
    expect(file.types.map((t: Json) => t.type)).to.include.members(['CharacterBody2D', 'ColorRect', 'StaticBody2D'])
    const open = await call('analysis.scene_complexity')
    expect(open.nodes).to.equal(6)
    expect(open.warnings).to.be.an('array')
    const nested = await call('analysis.scene_complexity', {path: 'res://cycle/uses_leaf.tscn'})
    expect(nested).to.deep.include({nodes: 2, instanced_scenes: {'res://cycle/leaf.tscn': 1}})
    const bad = await fx.rpcError('analysis.scene_complexity', {path: 'res://nope.tscn'})
    expect(bad.rpcCode).to.equal(-32001)
  })

  it("analysis.scene_complexity: the editor's own configuration warnings, and no error logged for them", async () => {
    const {next_seq: since} = await call('editor.errors', {limit: 1})
    // the open scene: a shape-less CollisionShape2D under the root, as the Scene dock flags it
    await call('node.add', {type: 'CollisionShape2D', name: 'Bare'})
    try {
      const open = await call('analysis.scene_complexity')
      expect(open.warnings_from).to.equal('editor')
      const bare = open.warnings.find((w: Json) => w.node === 'Bare')
      expect(bare, JSON.stringify(open.warnings)).to.not.equal(undefined)
      expect(bare.warnings.join('\n')).to.match(/shape/i)
      // its own file's path reads the open scene too, as it is now
      const same = await call('analysis.scene_complexity', {path: open.scene})
      expect(same.warnings).to.deep.equal(open.warnings)
    } finally {
      await fx.undo('add CollisionShape2D')
    }
    // a scene not open: what its @tool scripts say; a script not in tool mode is not called into
    mkdirSync(join(fx.editor.root, 'warned'), {recursive: true})
    writeFileSync(
      join(fx.editor.root, 'warned', 'tool.gd'),
      '@tool\nextends Node2D\n\n\nfunc _get_configuration_warnings() -> PackedStringArray:\n\treturn ["WARNED by the tool script"]\n',
    )
    writeFileSync(join(fx.editor.root, 'warned', 'plain.gd'), 'extends Node2D\n\nvar speed := 1\n')
    writeFileSync(
      join(fx.editor.root, 'warned', 'warned.tscn'),
      '[gd_scene load_steps=3 format=3]\n\n[ext_resource type="Script" path="res://warned/tool.gd" id="1"]\n' +
        '[ext_resource type="Script" path="res://warned/plain.gd" id="2"]\n\n[node name="Warned" type="Node2D"]\nscript = ExtResource("1")\n\n' +
        '[node name="Plain" type="Node2D" parent="."]\nscript = ExtResource("2")\n\n[node name="Bare" type="CollisionShape2D" parent="."]\n',
    )
    try {
      const file = await call('analysis.scene_complexity', {path: 'res://warned/warned.tscn'})
      expect(file).to.deep.include({
        warnings_from: 'scripts',
        warnings: [{node: '.', warnings: ['WARNED by the tool script']}],
      })
    } finally {
      rmSync(join(fx.editor.root, 'warned'), {recursive: true, force: true}) // the counts of the tests below
    }
    const {entries} = await call('editor.errors', {since})
    expect(entries, JSON.stringify(entries, null, 1)).to.deep.equal([])
  })

  it('analysis.signal_flow: lists saved connections, not editor-internal ones', async () => {
    const none = await call('analysis.signal_flow', fx.examples['analysis.signal_flow'])
    expect(none).to.include({count: 0})
    await call('node.connect', {
      node_path: 'Player',
      signal: 'ready',
      target_path: 'Camera2D',
      method: 'reset_smoothing',
    })
    try {
      const flow = await call('analysis.signal_flow')
      expect(flow.connections).to.have.length(1)
      expect(flow.connections[0]).to.include({
        from: 'Player',
        signal: 'ready',
        to: 'Camera2D',
        method: 'reset_smoothing',
      })
      expect(flow.by_emitter).to.deep.equal({Player: ['ready -> Camera2D.reset_smoothing']})
    } finally {
      await call('editor.undo')
    }
  })

  it('analysis.circular_dependencies: finds the a <-> b cycle once, not the acyclic scenes', async () => {
    const out = await call('analysis.circular_dependencies', fx.examples['analysis.circular_dependencies'])
    expect(out.cycles).to.deep.equal([['res://cycle/a.tscn', 'res://cycle/b.tscn']])
    expect(out.checked).to.be.at.least(7)
  })

  it('analysis.references: who uses the player script, by path or uid', async () => {
    const out = await call('analysis.references', fx.examples['analysis.references'])
    expect(out.referenced_by).to.deep.equal(['res://scenes/main.tscn'])
    const leaf = await call('analysis.references', {path: 'res://cycle/leaf.tscn'})
    expect(leaf.referenced_by).to.deep.equal(['res://cycle/uses_leaf.tscn'])
    const missing = await fx.rpcError('analysis.references', {path: 'res://gone.png'})
    expect(missing.rpcCode).to.equal(-32001)
  })

  it('analysis.unused_resources: the unreferenced files, never the main scene or a used script', async () => {
    const out = await call('analysis.unused_resources', fx.examples['analysis.unused_resources'])
    const paths = out.unused.map((u: Json) => u.path)
    expect(paths).to.include.members(['res://orphan.tres', 'res://cycle/uses_leaf.tscn', 'res://scenes/level_3d.tscn'])
    expect(paths).to.not.include.members(['res://scenes/main.tscn', 'res://scripts/player.gd', 'res://cycle/leaf.tscn'])
    const under = await call('analysis.unused_resources', {under: 'res://cycle'})
    expect(under.unused.map((u: Json) => u.path)).to.deep.equal(['res://cycle/uses_leaf.tscn'])
  })

  it('analysis.project_statistics: files, scripts and settings of the project', async () => {
    const out = await call('analysis.project_statistics', fx.examples['analysis.project_statistics'])
    expect(out).to.deep.include({scenes: 7, scripts: 1, main_scene: 'res://scenes/main.tscn'})
    expect(out.largest_scripts[0]).to.deep.equal({path: 'res://scripts/player.gd', lines: 19})
    expect(out.autoloads).to.include.members(['MCPGameInspector', 'MCPGameInput'])
    expect(out.plugins).to.deep.equal(['res://addons/bridge/plugin.cfg'])
    const withAddons = await call('analysis.project_statistics', {include_addons: true})
    expect(withAddons.scripts).to.be.above(50)
  })
})
