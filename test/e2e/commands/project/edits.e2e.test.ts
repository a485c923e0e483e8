// The project edits real solutions need: a setting erased (an engine one back to its default, a custom one
// removed), a setting the editor writes itself refused instead of a silent success, input actions with events of
// every kind in one command, a binary file written from base64, and a folder with hidden files deleted whole.
import {expect} from 'chai'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('project edits a solution needs (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const godot = () => fx.read('project.godot')

  it('erases a custom setting from project.godot and puts an engine setting back to its default', async () => {
    await fx.call('project.settings_set', {key: 'custom/answer', value: 42, create: true})
    expect(godot()).to.contain('answer=42')
    const out = await fx.call('project.settings_erase', {key: 'custom/answer'})
    expect(out).to.deep.include({erased: true, previous: 42, value: null})
    expect(godot()).to.not.contain('answer=')
    await fx.failsWith('project.settings_get', {key: 'custom/answer'}, -32001, 'unknown setting')

    await fx.call('project.settings_set', {key: 'application/config/description', value: 'to erase'})
    const builtin = await fx.call('project.settings_erase', {key: 'application/config/description'})
    expect(builtin.value).to.equal('')
    expect(godot()).to.not.contain('to erase')
  })

  it('refuses a setting the editor writes itself (config/features) and leaves it as it was', async () => {
    const before = godot()
    const error = await fx.rpcError('project.settings_set', {key: 'application/config/features', value: ['4.4']})
    expect(error.message).to.match(/editor writes its own value for application\/config\/features .*cannot be set/)
    expect(godot()).to.equal(before)
  })

  it('adds an action with a key, a mouse button, a joypad button and a joypad axis in one command', async () => {
    const out = await fx.call('project.input_action_add', {
      action: 'fire',
      keys: ['Space'],
      events: [
        {type: 'mouse_button', button: 'left'},
        {type: 'joypad_button', button: 'a'},
        {type: 'joypad_motion', axis: 'trigger_right', direction: 1},
      ],
    })
    expect(out.events).to.have.length(4)
    const actions = (await fx.call('project.input_actions')).actions as Json[]
    const fire = actions.find((a) => a.name === 'fire')!
    expect(fire.events.map((e: Json) => e.class)).to.deep.equal([
      'InputEventKey',
      'InputEventMouseButton',
      'InputEventJoypadButton',
      'InputEventJoypadMotion',
    ])
    await fx.failsWith('project.input_action_add', {action: 'bad', events: [{type: 'wheel'}]}, -32602, 'events[0]')
  })

  it('writes a binary file from base64 byte for byte, and refuses content that is not base64', async () => {
    const bytes = Buffer.from(Array.from({length: 256}, (_, i) => i))
    const out = await fx.call('project.write_file', {
      path: 'res://bin/blob.bin',
      content: bytes.toString('base64'),
      encoding: 'base64',
    })
    expect(out.bytes).to.equal(256)
    expect(readFileSync(fx.disk('res://bin/blob.bin')).equals(bytes)).to.equal(true)
    await fx.failsWith(
      'project.write_file',
      {path: 'res://bin/bad.bin', content: 'not base64!', encoding: 'base64'},
      -32602,
      'not base64',
    )
    expect(existsSync(fx.disk('res://bin/bad.bin'))).to.equal(false)
  })

  it('deletes a folder whole, hidden files included', async () => {
    mkdirSync(fx.disk('res://gone/inner'), {recursive: true})
    writeFileSync(fx.disk('res://gone/.gitkeep'), '')
    writeFileSync(fx.disk('res://gone/inner/notes.txt'), 'x')
    writeFileSync(fx.disk('res://gone/inner/.hidden'), 'x')
    await fx.call('project.scan')
    const out = await fx.call('filesystem.delete', {path: 'res://gone'})
    expect(out.path).to.equal('res://gone')
    expect(existsSync(fx.disk('res://gone'))).to.equal(false)
  })
})
