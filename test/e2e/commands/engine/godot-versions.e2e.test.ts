// The supported Godot range (addon/core/compat.gd) in a real 4.6.3 editor, other versions faked through the
// seam the addon reads (BRIDGE_FAKE_GODOT_VERSION, set in the editor's own environment): plugin.gd refuses
// an engine older or newer than the range with one line and starts nothing; a command that declares `since`
// stays listed, is marked unavailable in engine.commands and refused by the router on an older engine, and
// works again on this one; the dock goes into an EditorDock where the editor's panels are docks (4.8).
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
    expect(v.supported).to.deep.equal({floor: '4.5', ceiling: '4.7', range: '4.5 to 4.7'})
    expect(v.in_range).to.equal(true)
    expect(fx.editor.discovery.supported_godot).to.equal('4.5 to 4.7')
    const status = await fx.cliJson('status')
    expect(status).to.include({verdict: 'running', engine_version: v.string, supported_godot: '4.5 to 4.7'})
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
      const line = `bridge: Godot ${version} ${why}; bridge supports Godot 4.5 to 4.7, so it did not start`
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

  it('lists a command that needs a newer engine as unavailable and refuses it, with the version it needs', async () => {
    const before = await fx.call('engine.commands', {group: 'scene'})
    const close = (before.commands as Json[]).find((c) => c.method === 'scene.close')
    expect(close).to.include({since: '4.5'}).and.not.have.property('unavailable')
    await fake('4.4.1', true)
    const {commands} = await fx.call('engine.commands', {group: 'scene'})
    const unavailable = (commands as Json[]).filter((c) => c.unavailable).map((c) => [c.method, c.unavailable])
    expect(unavailable).to.deep.equal([['scene.close', 'needs Godot 4.5 or newer (this editor runs 4.4.1)']])
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
