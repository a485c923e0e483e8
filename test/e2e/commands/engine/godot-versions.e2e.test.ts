// The supported Godot range (addon/core/compat.gd) in a real 4.6.3 editor, other versions faked through the
// seam the addon reads (BRIDGE_FAKE_GODOT_VERSION, set in the editor's own environment): plugin.gd refuses
// an engine older or newer than the range with one line and starts nothing; a command that declares `since`
// stays listed, is marked unavailable in engine.commands and refused by the router on an older engine, and
// works again on this one; on 4.3 and 4.4 the fallbacks of core/compat.gd run (undo-redo, cached resources,
// resource uids) and the output capture is off, said so in engine.version; the dock goes into an EditorDock
// where the editor's panels are docks (4.8). Only 4.6.3 runs here: the other versions are faked, not run.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

const FAKE = 'BRIDGE_FAKE_GODOT_VERSION'
const ANY = 'BRIDGE_ANY_GODOT_VERSION'

describe('supported Godot versions (real editor, other versions faked)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'engine'})
  /** GDScript run in the editor (the seam variables are process-wide: each test sets and clears its own). */
  const run = async (code: string): Promise<any> =>
    (await fx.call('editor.run_script', {code, allow_unsafe_editor_io: true})).result
  const fake = (version: string, any = false) =>
    run(`OS.set_environment("${FAKE}", "${version}")\nOS.set_environment("${ANY}", "${any ? '1' : ''}")\nreturn true`)
  afterEach(() => run(`OS.unset_environment("${FAKE}")\nOS.unset_environment("${ANY}")\nreturn true`))

  it('states the supported range in engine.version and the discovery file, this editor inside it', async () => {
    const v = await fx.call('engine.version')
    expect(v.supported).to.deep.equal({floor: '4.3', ceiling: '4.7', range: '4.3 to 4.7'})
    expect(v.in_range).to.equal(true)
    expect(fx.editor.discovery.supported_godot).to.equal('4.3 to 4.7')
    const status = await fx.cliJson('status')
    expect(status).to.include({verdict: 'running', engine_version: v.string, supported_godot: '4.3 to 4.7'})
  })

  for (const [version, why] of [
    ['4.2.2', 'is too old'],
    ['4.8.0', 'is newer than bridge knows'],
  ])
    it(`refuses to start on Godot ${version} with one line in the output, loading nothing`, async () => {
      await fake(version)
      // the real plugin.gd, entered as the editor enters it: on a refused version it adds no server or dock
      const children = await run(`var plugin: EditorPlugin = load("res://addons/bridge/plugin.gd").new()
plugin._enter_tree()
var n := plugin.get_child_count()
plugin.free()
return n`)
      expect(children).to.equal(0)
      const line = `bridge: Godot ${version} ${why}; bridge supports Godot 4.3 to 4.7, so it did not start`
      const shown = fx.editor
        .log()
        .split('\n')
        .filter((l) => l.includes(line))
      expect(shown, fx.editor.log().slice(-2000)).to.have.length(1)
      expect(await fx.call('engine.version')).to.include({in_range: false})
    })

  it(`starts on an unsupported version when ${ANY}=1, saying so`, async () => {
    await fake('4.8.0', true)
    expect(await run('return preload("res://addons/bridge/core/compat.gd").refusal()')).to.equal('')
    expect(fx.editor.log()).to.include(`starting anyway because ${ANY}=1`)
  })

  it('accepts Godot 4.3, the floor, and says in engine.version what 4.3 lacks', async () => {
    await fake('4.3.0')
    expect(await run('return preload("res://addons/bridge/core/compat.gd").refusal()')).to.equal('')
    const v = await fx.call('engine.version')
    expect(v).to.include({in_range: true})
    const limits = (v.limits as Json[]).map((l) => l.since)
    expect(limits).to.include.members(['4.4', '4.5'])
    expect((v.limits as Json[]).map((l) => l.what).join('\n')).to.include('no output capture (Logger)')
    await fake('4.5.1')
    expect((await fx.call('engine.version')).limits).to.deep.equal([])
  })

  /** The commands engine.commands marks unavailable, as [method, why]. */
  const unavailable = async (): Promise<string[][]> =>
    ((await fx.call('engine.commands')).commands as Json[])
      .filter((c) => c.unavailable)
      .map((c) => [c.method, c.unavailable])

  it('marks per version the commands that need a newer engine: 4.4 and 4.5 ones on 4.3, the 4.5 ones on 4.4', async () => {
    expect(await unavailable()).to.deep.equal([])
    const needs45 = ['editor.errors', 'editor.output', 'localization.translate', 'runtime.errors', 'scene.close']
    const needs44 = [
      'csg.bake',
      'debug.breakpoints',
      'debug.clear_breakpoints',
      'debug.remove_breakpoint',
      'debug.set_breakpoint',
    ]
    await fake('4.3.0')
    const on43 = await unavailable()
    expect(on43.map(([m]) => m).sort()).to.deep.equal([...needs44, ...needs45].sort())
    expect(on43).to.deep.include(['csg.bake', 'needs Godot 4.4 or newer (this editor runs 4.3.0)'])
    expect(on43).to.deep.include(['editor.errors', 'needs Godot 4.5 or newer (this editor runs 4.3.0)'])
    await fake('4.4.1')
    expect((await unavailable()).map(([m]) => m).sort()).to.deep.equal(needs45)
    expect((await fx.call('debug.breakpoints')).count).to.be.a('number') // 4.4 has ScriptEditor.get_breakpoints
    await fx.refused('editor.errors', {}, -32008, 'editor.errors needs Godot 4.5 or newer', '4.4.1')
  })

  it('lists a command that needs a newer engine as unavailable and refuses it, with the version it needs', async () => {
    const before = await fx.call('engine.commands', {group: 'scene'})
    const close = (before.commands as Json[]).find((c) => c.method === 'scene.close')
    expect(close).to.include({since: '4.5'}).and.not.have.property('unavailable')
    await fake('4.4.1')
    const {commands} = await fx.call('engine.commands', {group: 'scene'})
    const marked = (commands as Json[]).filter((c) => c.unavailable).map((c) => [c.method, c.unavailable])
    expect(marked).to.deep.equal([['scene.close', 'needs Godot 4.5 or newer (this editor runs 4.4.1)']])
    const open = await fx.call('scene.current')
    const error = await fx.refused(
      'scene.close',
      {discard: true},
      -32008,
      'scene.close needs Godot 4.5 or newer',
      '4.4.1',
    )
    expect((error.data as Json).data).to.deep.equal({method: 'scene.close', since: '4.5', engine_version: '4.4.1'})
    expect(await fx.call('scene.current')).to.deep.equal(open) // still open: nothing ran
    // the other commands of its group still run
    expect((await fx.call('scene.tree')).path).to.equal(open.root)
  })

  it('runs the 4.3 fallbacks: undo-redo from an EditorPlugin, cached resources, no JSON decoder, no capture', async () => {
    await fake('4.3.0')
    const out = await run(`var Compat = preload("res://addons/bridge/core/compat.gd")
var OutputLog = preload("res://addons/bridge/core/output_log.gd")
var probe = OutputLog.new()
var held := "res://addons/bridge/core/compat.gd"  # preloaded: in the cache
var seen := {"undo_redo_same": Compat.editor_undo_redo() == EditorInterface.get_editor_undo_redo(),
		"cached": Compat.cached_resource(held) == ResourceLoader.get_cached_ref(held) and Compat.cached_resource(held) != null,
		"json": Compat.json_to_native({"a": 1}), "capturing": probe.start_capture(),
		"rendering": Compat.rendering_method() == ProjectSettings.get_setting("rendering/renderer/rendering_method"),
		"temp": Compat.temp_dir() != "", "open_roots": Compat.open_scene_roots().size()}
return seen`)
    expect(out).to.deep.equal({
      undo_redo_same: true,
      cached: true,
      json: null,
      capturing: false,
      rendering: true,
      temp: true,
      open_roots: 1,
    })
    // an edit made through the router on "4.3" is one undo step of the editor's history, as on 4.6
    const root = (await fx.call('scene.current')).root
    await fx.call('node.add', {type: 'Node2D', name: 'On43', parent: root})
    expect((await fx.call('scene.tree')).children.map((c: Json) => c.name)).to.include('On43')
    await fx.call('editor.undo')
    expect((await fx.call('scene.tree')).children.map((c: Json) => c.name)).not.to.include('On43')
  })

  it('writes a resource uid into a text scene’s header where ResourceSaver.set_uid is missing (before 4.5)', async () => {
    await fake('4.4.1')
    const out = await run(`var Compat = preload("res://addons/bridge/core/compat.gd")
var path := "res://uid_probe.tscn"
var f := FileAccess.open(path, FileAccess.WRITE)
var nl := char(10)
f.store_string('[gd_scene format=3 uid="uid://b1234567"]' + nl + nl + '[node name="P" type="Node"]' + nl)
f.close()
var uid := ResourceUID.create_id()
var err: int = Compat.set_resource_uid(path, uid)
var text := FileAccess.get_file_as_string(path)
DirAccess.remove_absolute(path)
return {"err": err, "header": text.get_slice(nl, 0) == '[gd_scene format=3 uid="%s"]' % ResourceUID.id_to_text(uid),
		"body": text.get_slice(nl, 2), "text": text}`)
    expect(out, out.text).to.deep.include({err: 0, header: true, body: '[node name="P" type="Node"]'})
  })

  it('puts the dock into an EditorDock in the bottom slot where panels are docks (4.8), and takes it out again', async () => {
    await fake('4.8.0', true)
    const out = await run(`var Compat = preload("res://addons/bridge/core/compat.gd")
var server = EditorInterface.get_base_control().get_tree().root.find_child("BridgeServer", true, false)
var probe := Label.new()
Compat.add_bottom_dock(server.plugin, probe, "VersionProbe")
var dock = probe.get_parent()
var seen := {"class": dock.get_class(), "title": dock.get("title"), "in_tree": probe.is_inside_tree(),
		"slot": dock.get("default_slot") == ClassDB.class_get_integer_constant("EditorDock", "DOCK_SLOT_BOTTOM")}
Compat.remove_bottom_dock(server.plugin, probe)
seen["removed"] = probe.get_parent() == null
probe.free()
return seen`)
    expect(out).to.deep.equal({class: 'EditorDock', title: 'VersionProbe', in_tree: true, slot: true, removed: true})
  })
})
