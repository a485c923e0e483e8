// input_map.*: events of every kind on input actions, deadzones, renames and conflicts against a real
// headless editor. Every change is read back from the editor and from project.godot on disk, then undone
// with the editor's Undo; refused input leaves project.godot and the undo history as they were.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('input_map commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'input_map', pristine: false})
  const {call} = fx
  const projectFile = () => readFileSync(join(fx.editor.root, 'project.godot'), 'utf8')
  const actionBlock = (name: string) => projectFile().match(new RegExp(`^${name}=\\{[\\s\\S]*?\\n\\}`, 'm'))?.[0] ?? ''
  const globalCount = async () =>
    ((await call('editor.undo_history')).histories as Json[]).find((h) => h.history === 'global')!.count
  const undo = async (action: string) => {
    const out = await call('editor.undo')
    expect(out.undone, JSON.stringify(out)).to.equal(true)
    expect(out.action).to.equal(action)
  }

  it('declares every input_map command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'input_map.action',
      'input_map.event_add',
      'input_map.event_remove',
      'input_map.deadzone_set',
      'input_map.action_rename',
      'input_map.conflicts',
    ])
  })

  it('input_map.action lists each event with its index, kind and key', async () => {
    const out = await call('input_map.action', fx.examples['input_map.action'])
    expect(out).to.deep.include({action: 'move_left', deadzone: 0.2, count: 1, builtin: false})
    expect(out.events[0]).to.deep.include({index: 0, type: 'key', key: 'Left', physical: true, ctrl: false, device: -1})
    const builtin = await call('input_map.action', {action: 'ui_accept'})
    expect(builtin.builtin).to.equal(true)
    expect(builtin.count).to.be.greaterThan(0)
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.action',
      {action: 'move_lft'},
      -32001,
      "did you mean 'move_left'",
    )
  })

  it('input_map.event_add binds a joypad axis, a joypad button and a key in one undoable step, saved', async () => {
    const out = await call('input_map.event_add', fx.examples['input_map.event_add'])
    expect(out.count).to.equal(4)
    expect(out.added.map((e: Json) => e.type)).to.deep.equal(['joypad_motion', 'joypad_button', 'key'])
    expect(out.added[0]).to.deep.include({index: 1, axis: 'left_x', direction: -1})
    expect(out.added[1]).to.deep.include({index: 2, button: 'dpad_left'})
    const block = actionBlock('move_left')
    expect(block).to.include('Object(InputEventJoypadMotion').and.include('"axis":0').and.include('"axis_value":-1.0')
    expect(block).to.include('Object(InputEventJoypadButton').and.include('"button_index":13')
    expect(block).to.include('"physical_keycode":65')
    const listed = await call('input_map.action', {action: 'move_left'})
    expect(listed.events.map((e: Json) => e.type)).to.deep.equal(['key', 'joypad_motion', 'joypad_button', 'key'])
    await undo('Add 3 event(s) to move_left')
    expect((await call('input_map.action', {action: 'move_left'})).count).to.equal(1)
    expect(actionBlock('move_left')).not.to.include('InputEventJoypad')
  })

  it('input_map.event_add: keys with modifiers, mouse buttons with modifiers, a device; duplicates refused', async () => {
    const out = await call('input_map.event_add', {
      action: 'move_right',
      events: [
        {type: 'key', key: 'Ctrl+Shift+D'},
        {type: 'key', key: 'D', alt: true, physical: false},
        {type: 'mouse_button', button: 'wheel_down', ctrl: true},
        {type: 'joypad_button', button: 'a', device: 2},
      ],
    })
    expect(out.added.map((e: Json) => e.text)).to.deep.equal([
      'Ctrl+Shift+D - Physical',
      'Alt+D',
      'Ctrl+Mouse Wheel Down',
      'Joypad Button 0 (Bottom Action, Sony Cross, Xbox A, Nintendo B)',
    ])
    expect(out.added[1]).to.deep.include({physical: false, alt: true, key: 'D'})
    expect(out.added[3].device).to.equal(2)
    const block = actionBlock('move_right')
    expect(block).to.include('"ctrl_pressed":true,"meta_pressed":false,"button_mask":0').and.include('"button_index":5')
    expect(block).to.include('"device":2')
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      {action: 'move_right', events: [{type: 'key', key: 'Ctrl+Shift+D'}]},
      -32000,
      'already has the event Ctrl+Shift+D',
    )
    await undo('Add 4 event(s) to move_right')
    expect((await call('input_map.action', {action: 'move_right'})).count).to.equal(1)
  })

  it('input_map.event_add refuses bad events naming what is wrong, and changes nothing', async () => {
    const add = (event: unknown) => ({action: 'move_left', events: [event]})
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'joypad_motion', axis: 'left_z', direction: -1}),
      -32602,
      "did you mean 'left_x'",
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'joypad_motion', axis: 'left_x'}),
      -32602,
      'direction must be -1 or 1',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'key', key: 'Spacebar!'}),
      -32602,
      'unknown key',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'mouse_button', button: 'lefty'}),
      -32602,
      "did you mean 'left'",
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'joypad_button', button: 200}),
      -32602,
      'unknown button 200',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'touch'}),
      -32602,
      'type must be one of key, mouse_button',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'key', key: 'A', button: 1}),
      -32602,
      "has no field 'button'",
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'key', key: 'A', ctrl: 'yes'}),
      -32602,
      'ctrl must be true or false',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      add({type: 'key', key: 'A', device: -3}),
      -32602,
      'device must be -1',
    )
    // the second event is bad: the first is not added either
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      {
        action: 'move_left',
        events: [
          {type: 'key', key: 'B'},
          {type: 'key', key: '??'},
        ],
      },
      -32602,
      'events[1]',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      {action: 'move_left', events: []},
      -32602,
      'events is empty',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_add',
      {action: 'jump', events: [{type: 'key', key: 'A'}]},
      -32001,
      "no input action named 'jump'",
    )
  })

  it('input_map.event_remove removes one event by description or index; undo restores it', async () => {
    const out = await call('input_map.event_remove', fx.examples['input_map.event_remove'])
    expect(out.removed).to.deep.include({index: 0, key: 'Left', type: 'key'})
    expect(out.count).to.equal(0)
    expect(actionBlock('move_left')).to.include('"events": []')
    await undo('Remove event Left from move_left')
    expect(actionBlock('move_left')).to.include('"physical_keycode":4194319')
    await call('input_map.event_add', {action: 'move_left', events: [{type: 'mouse_button', button: 'left'}]})
    const byIndex = await call('input_map.event_remove', {action: 'move_left', index: 1})
    expect(byIndex.removed).to.deep.include({type: 'mouse_button', button: 'left'})
    await undo('Remove event Left Mouse Button from move_left')
    await undo('Add 1 event(s) to move_left')
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_remove',
      {action: 'move_left', index: 5},
      -32602,
      'index 5 is out of range',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_remove',
      {action: 'move_left'},
      -32602,
      'give index or event',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.event_remove',
      {action: 'move_left', event: {type: 'key', key: 'Right'}},
      -32001,
      'has no event Right',
    )
  })

  it('input_map.deadzone_set changes the deadzone, saved and undoable; out of range is refused', async () => {
    const out = await call('input_map.deadzone_set', fx.examples['input_map.deadzone_set'])
    expect(out).to.deep.include({action: 'move_right', deadzone: 0.35, previous: 0.2})
    expect(actionBlock('move_right')).to.include('"deadzone": 0.35')
    await undo('Set deadzone of move_right')
    expect(actionBlock('move_right')).to.include('"deadzone": 0.2')
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.deadzone_set',
      {action: 'move_right', deadzone: 1.5},
      -32602,
      'must be <= 1',
    )
  })

  it('input_map.action_rename keeps events and order, names scripts still using the old name; undo restores', async () => {
    const out = await call('input_map.action_rename', fx.examples['input_map.action_rename'])
    expect(out).to.deep.include({action: 'walk_right', previous: 'move_right', events: 1})
    expect(out.still_used_in).to.deep.equal(['res://scripts/player.gd'])
    expect(projectFile())
      .to.match(/^walk_right=\{/m)
      .and.not.match(/^move_right=/m)
    expect(projectFile().indexOf('move_left=')).to.be.lessThan(projectFile().indexOf('walk_right='))
    await undo('Rename input action move_right to walk_right')
    expect(projectFile())
      .to.match(/^move_right=\{/m)
      .and.not.match(/^walk_right=/m)
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.action_rename',
      {action: 'move_right', new_name: 'move_left'},
      -32000,
      'already exists',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.action_rename',
      {action: 'move_right', new_name: 'a/b'},
      -32602,
      'not a valid action name',
    )
    await fx.refusedKeeping(
      {snapshot: async () => [projectFile(), await globalCount()]},
      'input_map.action_rename',
      {action: 'ui_accept', new_name: 'accept'},
      -32602,
      'built-in',
    )
  })

  it('input_map.conflicts finds an event bound to two actions', async () => {
    expect((await call('input_map.conflicts', fx.examples['input_map.conflicts'])).count).to.equal(0)
    await call('input_map.event_add', {action: 'move_right', events: [{type: 'key', key: 'Left'}]})
    const out = await call('input_map.conflicts')
    expect(out.count).to.equal(1)
    expect(out.conflicts[0].actions).to.deep.equal(['move_left', 'move_right'])
    expect(out.conflicts[0].event).to.deep.include({type: 'key', key: 'Left'})
    await undo('Add 1 event(s) to move_right')
    const builtin = await call('input_map.conflicts', {include_builtin: true})
    expect(builtin.conflicts.some((c: Json) => c.actions.includes('ui_accept'))).to.equal(true)
  })
})
