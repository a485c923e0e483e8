// project.*: settings, main scene, autoloads, input actions and the file tree against a real headless
// editor. Every change is read back from the editor and from project.godot on disk, then undone.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('project commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const {call} = fx
  const projectFile = () => readFileSync(join(fx.editor.root, 'project.godot'), 'utf8')
  const globalHistory = async () =>
    ((await call('editor.undo_history')).histories as Json[]).find((h) => h.history === 'global')!

  it('runs the declared example of every project command', async () => {
    const {commands} = await call('engine.commands', {group: 'project'})
    const methods = (commands as Json[]).map((c) => c.method)
    for (const m of [
      'project.info',
      'project.settings_get',
      'project.settings_set',
      'project.main_scene',
      'project.file_tree',
      'project.autoloads',
      'project.autoload_add',
      'project.autoload_remove',
      'project.input_actions',
      'project.input_action_add',
      'project.input_action_remove',
    ]) {
      expect(methods).to.include(m)
    }
    for (const c of commands as Json[]) {
      const result = await call(c.method, c.example)
      expect(result, c.method).to.be.an('object')
    }
    // the examples add then remove the same autoload and input action: nothing of them is left
    expect(projectFile()).not.to.include('PlayerScript=')
    expect(projectFile()).not.to.match(/^jump=/m)
  })

  it('reads a setting with its type and default, and lists a prefix', async () => {
    const name = await call('project.settings_get', {key: 'application/config/name'})
    expect(name).to.include({key: 'application/config/name', value: 'Bridge Demo', type: 'String'})
    const size = await call('project.settings_get', {prefix: 'display/window/size/'})
    expect(size.settings['display/window/size/viewport_width']).to.equal(640)
    expect(Object.keys(size.settings).every((k) => k.startsWith('display/window/size/'))).to.equal(true)
    const typo = await fx.rpcError('project.settings_get', {key: 'application/config/nam'})
    expect(typo.rpcCode).to.equal(-32001)
    expect(typo.message).to.include("did you mean 'application/config/name'")
    expect((await fx.rpcError('project.settings_get', {})).message).to.include('exactly one of key or prefix')
  })

  it('sets a setting, saves project.godot, and undoes and redoes it', async () => {
    const set = await call('project.settings_set', {key: 'display/window/size/viewport_width', value: 800})
    expect(set).to.include({value: 800, previous: 640, created: false})
    expect((await call('project.settings_get', {key: 'display/window/size/viewport_width'})).value).to.equal(800)
    expect(projectFile()).to.include('window/size/viewport_width=800')
    const undone = await call('editor.undo')
    expect(undone).to.include({
      undone: true,
      history: 'global',
      action: 'Set project setting display/window/size/viewport_width',
    })
    expect((await call('project.settings_get', {key: 'display/window/size/viewport_width'})).value).to.equal(640)
    expect(projectFile()).to.include('window/size/viewport_width=640')
    await call('editor.redo')
    expect((await call('project.settings_get', {key: 'display/window/size/viewport_width'})).value).to.equal(800)
    expect(projectFile()).to.include('window/size/viewport_width=800')
    await call('editor.undo')
  })

  it('converts values to the setting type and refuses wrong types and enum values without changing anything', async () => {
    await call('project.settings_set', {key: 'rendering/environment/defaults/default_clear_color', value: '#ff0000'})
    const color = await call('project.settings_get', {key: 'rendering/environment/defaults/default_clear_color'})
    expect(color.value).to.deep.equal([1, 0, 0, 1])
    await call('editor.undo')
    const wrong = await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), (await globalHistory()).count]},
      'project.settings_set',
      {
        key: 'display/window/size/viewport_width',
        value: 'wide',
      },
      null,
    )
    expect(wrong.rpcCode).to.equal(-32602)
    expect(wrong.message).to.include('is int')
    const badEnum = await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), (await globalHistory()).count]},
      'project.settings_set',
      {
        key: 'rendering/renderer/rendering_method',
        value: 'fast',
      },
      null,
    )
    expect(badEnum.message).to.include('forward_plus, mobile, gl_compatibility')
    expect((await call('project.settings_get', {key: 'display/window/size/viewport_width'})).value).to.equal(640)
  })

  it('refuses an unknown key with a suggestion unless create is true, then creates and undoes it', async () => {
    const unknown = await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), (await globalHistory()).count]},
      'project.settings_set',
      {key: 'application/config/nme', value: 'x'},
      null,
    )
    expect(unknown.message).to.include("did you mean 'application/config/name'").and.include('create: true')
    const created = await call('project.settings_set', {key: 'bridge_test/custom/answer', value: 42, create: true})
    expect(created).to.include({created: true, value: 42})
    expect(projectFile()).to.match(/\[bridge_test\]\s+custom\/answer=42/)
    await call('editor.undo')
    expect(projectFile()).not.to.include('custom/answer')
    await fx.rpcError('project.settings_get', {key: 'bridge_test/custom/answer'})
  })

  it('gets and sets the main scene, undoably, and refuses a file that is not a scene', async () => {
    expect(await call('project.main_scene')).to.deep.equal({path: 'res://scenes/main.tscn', undoable: false})
    const set = await call('project.main_scene', {path: 'res://scenes/ui.tscn'})
    expect(set).to.include({path: 'res://scenes/ui.tscn', previous: 'res://scenes/main.tscn'})
    expect(projectFile()).to.include('run/main_scene="res://scenes/ui.tscn"')
    expect((await call('project.info')).main_scene).to.equal('res://scenes/ui.tscn')
    await call('editor.undo')
    expect(projectFile()).to.include('run/main_scene="res://scenes/main.tscn"')
    expect(
      (
        await fx.refusedKeeping(
          {snapshot: async () => [projectFile(), (await globalHistory()).count]},
          'project.main_scene',
          {path: 'res://scenes/missing.tscn'},
          null,
        )
      ).rpcCode,
    ).to.equal(-32001)
    expect(
      (
        await fx.refusedKeeping(
          {snapshot: async () => [projectFile(), (await globalHistory()).count]},
          'project.main_scene',
          {path: 'res://scripts/player.gd'},
          null,
        )
      ).rpcCode,
    ).to.equal(-32602)
  })

  it('adds an autoload to project.godot, lists it, undoes, redoes and removes it', async () => {
    // the addon's own game autoloads (MCPGameInspector, MCPGameInput) are listed too; this test is about the user's
    const userAutoloads = async () =>
      ((await call('project.autoloads')).autoloads as Json[]).filter((a) => !String(a.name).startsWith('MCPGame'))
    await call('project.autoload_add', {name: 'GameState', path: 'res://scripts/player.gd'})
    // in [autoload], after the addon's own game autoloads (MCPGameInspector, MCPGameInput)
    expect(projectFile()).to.match(/\[autoload\][^[]*\nGameState="\*res:\/\/scripts\/player.gd"/)
    expect(await userAutoloads()).to.deep.equal([{name: 'GameState', path: 'res://scripts/player.gd', singleton: true}])
    await call('editor.undo')
    expect(projectFile()).not.to.include('GameState=')
    expect(await userAutoloads()).to.deep.equal([])
    await call('editor.redo')
    expect(projectFile()).to.include('GameState="*res://scripts/player.gd"')
    await call('project.autoload_add', {name: 'Plain', path: 'res://scenes/ui.tscn', singleton: false})
    expect(projectFile()).to.include('Plain="res://scenes/ui.tscn"')
    expect((await userAutoloads()).map((a: Json) => a.name)).to.deep.equal(['GameState', 'Plain'])
    await call('project.autoload_remove', {name: 'GameState'})
    expect(projectFile()).not.to.include('GameState=')
    await call('editor.undo') // the removal: back in its place, before Plain
    expect((await userAutoloads()).map((a: Json) => a.name)).to.deep.equal(['GameState', 'Plain'])
    await call('project.autoload_remove', {name: 'GameState'})
    await call('project.autoload_remove', {name: 'Plain'})
    expect(projectFile()).not.to.match(/GameState=|Plain=/)
  })

  it('refuses bad autoloads without changing anything', async () => {
    await call('project.autoload_add', {name: 'Taken', path: 'res://scripts/player.gd'})
    const cases: [Json, string][] = [
      [{name: 'Node', path: 'res://scripts/player.gd'}, 'engine class'],
      [{name: 'Input', path: 'res://scripts/player.gd'}, 'engine class'],
      [{name: '1st', path: 'res://scripts/player.gd'}, 'valid identifier'],
      [{name: 'Taken', path: 'res://scripts/player.gd'}, 'already exists'],
      [{name: 'Missing', path: 'res://scripts/missing.gd'}, 'no file'],
      [{name: 'Text', path: 'res://project.godot'}, '.gd, .tscn or .scn'],
    ]
    for (const [params, message] of cases) {
      expect(
        (
          await fx.refusedKeeping(
            {snapshot: async () => [projectFile(), (await globalHistory()).count]},
            'project.autoload_add',
            params,
            null,
          )
        ).message,
        JSON.stringify(params),
      ).to.include(message)
    }
    const typo = await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), (await globalHistory()).count]},
      'project.autoload_remove',
      {name: 'Taen'},
      null,
    )
    expect(typo.message).to.include("did you mean 'Taken'")
    await call('project.autoload_remove', {name: 'Taken'})
  })

  it('adds an input action bound to keys, lists it, undoes it, and refuses bad keys and built-ins', async () => {
    const added = await call('project.input_action_add', {action: 'jump', keys: ['Space', 'Ctrl+S'], deadzone: 0.5})
    expect(added.events).to.deep.equal(['Space - Physical', 'Ctrl+S - Physical'])
    const file = projectFile()
    expect(file).to.match(/^jump=\{\n"deadzone": 0\.5,/m)
    expect(file).to.include('"physical_keycode":32,')
    // bound for every device, as the editor binds: 4.7's real keys carry device 16, which a device-0 binding misses
    expect(/^jump=\{[^]*?\n\}/m.exec(file)?.[0])
      .to.include('"device":-1,')
      .and.not.include('"device":0,')
    const {actions} = await call('project.input_actions', {filter: 'jump'})
    expect(actions).to.deep.equal([
      {
        name: 'jump',
        deadzone: 0.5,
        events: [
          {class: 'InputEventKey', text: 'Space - Physical'},
          {class: 'InputEventKey', text: 'Ctrl+S - Physical'},
        ],
      },
    ])
    const all = (await call('project.input_actions')).actions.map((a: Json) => a.name)
    expect(all).to.include.members(['move_left', 'move_right', 'jump']).and.not.include('ui_accept')
    expect((await call('project.input_actions', {include_builtin: true})).actions.map((a: Json) => a.name)).to.include(
      'ui_accept',
    )
    await call('editor.undo')
    expect(projectFile()).not.to.match(/^jump=/m)
    expect(
      (
        await fx.refusedKeeping(
          {snapshot: async () => [projectFile(), (await globalHistory()).count]},
          'project.input_action_add',
          {action: 'dash', keys: ['Spacebar!']},
          null,
        )
      ).message,
    ).to.include('unknown key')
    expect(
      (
        await fx.refusedKeeping(
          {snapshot: async () => [projectFile(), (await globalHistory()).count]},
          'project.input_action_add',
          {action: 'move_left'},
          null,
        )
      ).message,
    ).to.include('already exists')
    expect(
      (
        await fx.refusedKeeping(
          {snapshot: async () => [projectFile(), (await globalHistory()).count]},
          'project.input_action_remove',
          {action: 'ui_accept'},
          null,
        )
      ).message,
    ).to.include('built-in')
    expect(
      (
        await fx.refusedKeeping(
          {snapshot: async () => [projectFile(), (await globalHistory()).count]},
          'project.input_action_remove',
          {action: 'move_lef'},
          null,
        )
      ).message,
    ).to.include("did you mean 'move_left'")
    await call('project.input_action_remove', {action: 'move_left'})
    expect(projectFile()).not.to.match(/^move_left=/m)
    await call('editor.undo')
    expect(projectFile()).to.match(/^move_left=/m)
  })

  it('lists the res:// tree without engine state, the bridge addon or sidecar files, and bounds it', async () => {
    const tree = await call('project.file_tree')
    const files = (tree.files as Json[]).map((f) => f.path)
    expect(files).to.include.members(['res://project.godot', 'res://scenes/main.tscn', 'res://scripts/player.gd'])
    expect(tree.files.find((f: Json) => f.path === 'res://scenes/main.tscn').type).to.equal('PackedScene')
    expect(tree.dirs).to.include('res://scenes/')
    const everything = [...files, ...tree.dirs]
    expect(everything.filter((p) => p.startsWith('res://.godot') || p.startsWith('res://addons/bridge'))).to.deep.equal(
      [],
    )
    expect(files.filter((p) => p.endsWith('.uid') || p.endsWith('.import'))).to.deep.equal([])
    expect(tree).to.include({truncated: false, count: everything.length})

    const hidden = await call('project.file_tree', {include_hidden: true, max_entries: 100000})
    const hiddenFiles = (hidden.files as Json[]).map((f) => f.path)
    expect(hiddenFiles).to.include('res://addons/bridge/plugin.cfg')
    expect(hidden.dirs).to.include('res://.godot/')

    const small = await call('project.file_tree', {max_entries: 2})
    expect(small).to.include({count: 2, truncated: true})
    const shallow = await call('project.file_tree', {max_depth: 0})
    expect(shallow.files.map((f: Json) => f.path)).to.deep.equal(['res://project.godot'])
    const scenes = await call('project.file_tree', {path: 'res://scenes'})
    expect(scenes.files.map((f: Json) => f.path).sort()).to.deep.equal([
      'res://scenes/level_3d.tscn',
      'res://scenes/main.tscn',
      'res://scenes/ui.tscn',
    ])
    expect((await fx.rpcError('project.file_tree', {path: 'res://nowhere'})).rpcCode).to.equal(-32001)
    expect((await fx.rpcError('project.file_tree', {path: '/etc'})).rpcCode).to.equal(-32602)
  })
})
