// cleanup.unused_input_actions / unused_autoloads: settings nothing in the project names are listed, then
// removed in one undoable step (project.godot saved), and Undo brings them back. The demo's move_left /
// move_right (used by the player script) and an autoload a script uses are never listed.
import {expect} from 'chai'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {useEditor} from '../../../support/fixture.js'

describe('cleanup unused settings commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'cleanup', pristine: false})
  const {call} = fx
  const has = async (key: string) =>
    (await call('editor.run_script', {code: `return ProjectSettings.has_setting("${key}")`})).result as boolean
  const projectFile = () => readFileSync(join(fx.editor.root, 'project.godot'), 'utf8')

  before(async () => {
    writeFileSync(join(fx.editor.root, 'scripts', 'unused_auto.gd'), 'extends Node\n')
    writeFileSync(join(fx.editor.root, 'scripts', 'used_auto.gd'), 'extends Node\nvar score := 0\n')
    writeFileSync(
      join(fx.editor.root, 'scripts', 'hud.gd'),
      'extends Node\nfunc _ready() -> void:\n\tprint(UsedAuto.score)\n',
    )
    await call('project.scan')
    await call('project.input_action_add', {action: 'jump', keys: ['Space']})
    await call('project.autoload_add', {name: 'UnusedAuto', path: 'res://scripts/unused_auto.gd'})
    await call('project.autoload_add', {name: 'UsedAuto', path: 'res://scripts/used_auto.gd'})
  })

  it('unused_input_actions lists only the action no file names, removes it (saved), and Undo restores it', async () => {
    const listed = await call('cleanup.unused_input_actions', {
      ...fx.examples['cleanup.unused_input_actions'],
      remove: false,
    })
    expect(listed).to.include({count: 1, checked: 3, removed: false})
    expect(listed.actions).to.deep.equal(['jump'])
    expect(await has('input/jump')).to.equal(true)
    const removed = await call('cleanup.unused_input_actions', {remove: true})
    expect(removed).to.include({count: 1, removed: true})
    expect(await has('input/jump')).to.equal(false)
    expect(await has('input/move_left')).to.equal(true)
    expect(projectFile()).to.not.match(/^jump=/m)
    const undone = await call('editor.undo')
    expect(undone).to.include({undone: true})
    expect(await has('input/jump')).to.equal(true)
    expect(projectFile()).to.match(/^jump=/m)
  })

  it('unused_autoloads lists the autoload nothing reaches (not the used one, not the addon own), removes it, and Undo restores it', async () => {
    const listed = await call('cleanup.unused_autoloads', {...fx.examples['cleanup.unused_autoloads'], remove: false})
    expect(listed.autoloads).to.deep.equal(['UnusedAuto'])
    expect(listed).to.include({count: 1, checked: 2, removed: false})
    const removed = await call('cleanup.unused_autoloads', {remove: true})
    expect(removed).to.include({removed: true})
    expect(await has('autoload/UnusedAuto')).to.equal(false)
    expect(await has('autoload/UsedAuto')).to.equal(true)
    expect(projectFile()).to.not.include('UnusedAuto=')
    expect(await call('editor.undo')).to.include({undone: true})
    expect(await has('autoload/UnusedAuto')).to.equal(true)
    expect(projectFile()).to.include('UnusedAuto=')
  })

  it('with nothing unused, remove changes nothing; a mistyped flag is refused and nothing is removed', async () => {
    await call('project.input_action_remove', {action: 'jump'})
    const before = projectFile()
    const none = await call('cleanup.unused_input_actions', {remove: true})
    expect(none).to.include({count: 0, removed: false})
    expect(projectFile()).to.equal(before)
    const error = await fx.rpcError('cleanup.unused_autoloads', {remove: 'yes'})
    expect(error.rpcCode).to.equal(-32602)
    expect(await has('autoload/UnusedAuto')).to.equal(true)
  })
})
