// The editor side in a project whose own class_names meet the addon's names. In Godot 4.6 a project's class_name
// wins over a script's own `const X := preload(…)` wherever X stands as a type (`func _x(c: Call)`, `-> Router`,
// `as`, `is`), declared once is enough: a project declaring `class_name Call` made 303 script errors at editor
// start (core/undo_scope.gd did not parse), one declaring BridgeError, OutputLog and others made
// core/bridge_server.gd fail to compile, so bridge never opened its port. The rule (docs/architecture.md, "Names
// beside the project's class_names"): every name the addon gives a script starts with Bridge. Here the project
// declares, before the editor starts, every such name with the prefix taken off, plus any name left without it
// (read from the sources: test/support/addon-names.ts, so a new constant is covered without touching this file),
// and lists them in its class cache as a project opened before does; then bridge must answer, the editor's log
// must hold no error from the addon, and commands of several groups, a project-local group and a play must work.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {readDiscovery} from '../../../src/editor/discovery.js'
import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {projectClashNames} from '../../support/addon-names.js'
import {type Json, useEditor} from '../../support/fixture.js'

const NAMES = projectClashNames()
const ADDON = 'addons/bridge'

/** A script declaring each name as its class_name, and the class cache listing them (what a project opened before has). */
function declareAll(root: string): void {
  mkdirSync(join(root, 'clash'), {recursive: true})
  const entries: string[] = []
  for (const name of NAMES) {
    const path = `clash/${name.toLowerCase()}.gd`
    writeFileSync(
      join(root, path),
      `class_name ${name}\nextends Node2D\n## The project's own ${name}, nothing like the addon's.\n\nvar mine := true\n`,
    )
    entries.push(
      `{\n"base": &"Node2D",\n"class": &"${name}",\n"icon": "",\n"is_abstract": false,\n"is_tool": false,\n` +
        `"language": &"GDScript",\n"path": "res://${path}"\n}`,
    )
  }
  mkdirSync(join(root, '.godot'), {recursive: true})
  writeFileSync(join(root, '.godot', 'global_script_class_cache.cfg'), `list=[${entries.join(', ')}]\n`)
}

/** A project-local group on the public base, its handler typed with the base's BridgeCall (docs/plugins.md). */
const PROBE_GROUP = `@tool
extends "res://addons/bridge/command_group.gd"
## clash.*: a project-local group in a project declaring the addon's names as its classes.


func group_summary() -> String:
	return "A probe of the public base"


func commands() -> Array:
	return [
		{
			"method": "clash.echo",
			"summary": "Echo a word back.",
			"params": [req("word", "string", "Word to echo")],
			"example": {"word": "hi"},
			"read_only": true,
			"handler": _echo,
		},
	]


func _echo(c: BridgeCall) -> Variant:
	return {"echo": c.params.word}
`

const GLOBALS =
  'var out := []\nfor c: Dictionary in ProjectSettings.get_global_class_list():\n\tout.append(str(c["class"]))\nreturn out'

describe('the editor in a project declaring, as class_names, every name the addon gives a script (prefix taken off)', function () {
  this.timeout(240_000)
  const fx = useEditor({
    pristine: false,
    install(root) {
      copyAddon(root)
      enablePlugin(root)
      declareAll(root)
      mkdirSync(join(root, 'bridge_commands'), {recursive: true})
      writeFileSync(join(root, 'bridge_commands', 'clash.gd'), PROBE_GROUP)
    },
  })
  const {call} = fx

  /** editor.errors entries and editor log lines that point into the addon. */
  async function addonErrors(): Promise<string[]> {
    const {entries} = await call('editor.errors', {limit: 1000})
    const logged = (entries as Json[]).filter((e) => JSON.stringify(e).includes(ADDON)).map((e) => JSON.stringify(e))
    const log = fx.editor
      .log()
      .split('\n')
      .filter((l) => l.includes(ADDON) && /error/i.test(l))
    return [...logged, ...log]
  }

  it('reads the names from the addon sources (Call, Router, Settings, Ipc, OutputLog, ...)', () => {
    expect(NAMES).to.include.members(['Call', 'Router', 'Settings', 'Events', 'Ipc', 'OutputLog', 'Params', 'Server'])
    expect(NAMES.length).to.be.greaterThan(100)
  })

  it('bridge answers (its discovery file written) in an editor that knows every one of those classes', async () => {
    const discovery = readDiscovery(fx.editor.root)
    expect(discovery?.ws_port).to.equal(fx.editor.discovery.ws_port)
    expect(discovery?.pid).to.equal(fx.editor.pid)
    const globals: string[] = await fx.inEditor(GLOBALS)
    expect(globals).to.include.members(NAMES)
    expect(await addonErrors()).to.deep.equal([])
  })

  it('commands of several groups answer: node.add, node.get, editor.undo, scene.tree, engine.class_info, script.create', async () => {
    const added = await call('node.add', {
      type: 'Sprite2D',
      parent: '/root/Main',
      name: 'Clash',
      properties: {position: [64, 32]},
    })
    expect(added.path).to.equal('/root/Main/Clash')
    expect((await call('node.get', {node_path: '/root/Main/Clash', property: 'position'})).value).to.deep.equal([
      64, 32,
    ])
    expect(JSON.stringify(await call('scene.tree', {max_depth: 1}))).to.include('Clash')
    await call('editor.undo')
    expect(JSON.stringify(await call('scene.tree', {max_depth: 1}))).not.to.include('Clash')

    const info = await call('engine.class_info', {class: 'CharacterBody2D'})
    expect(JSON.stringify(info)).to.include('move_and_slide')
    expect(await fx.inEditor('return 6 * 7')).to.equal(42)
    const made = await call('script.create', {
      path: 'res://scripts/clash_enemy.gd',
      extends: 'Node2D',
      class_name: 'ClashEnemy',
    })
    expect(JSON.stringify(made)).to.include('res://scripts/clash_enemy.gd')
    expect(fx.read('res://scripts/clash_enemy.gd')).to.include('class_name ClashEnemy')
    expect(await call('clash.echo', {word: 'hi'})).to.deep.equal({echo: 'hi'})
    expect(await addonErrors()).to.deep.equal([])
  })

  it('plays the demo: runtime.status and runtime.eval answer from the game, with no error from the addon', async () => {
    const played = await fx.game.play()
    expect(await call('runtime.status')).to.deep.include({pid: played.pid})
    expect(await call('runtime.eval', {code: 'return 6 * 7'})).to.deep.include({result: 42})
    const {entries} = await call('runtime.errors', {kind: 'errors', limit: 1000})
    expect((entries as Json[]).filter((e) => JSON.stringify(e).includes(ADDON))).to.deep.equal([])
    await fx.game.stop()
    expect(await addonErrors()).to.deep.equal([])
  })
})
