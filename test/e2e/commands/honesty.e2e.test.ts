// The cases the command-model issue was opened with, each one of a class the sweeps cover for every
// command: creation commands no longer drop a property map the engine did not keep, refusals quote the
// engine instead of guessing, and a parameter given in the wrong place gets a did-you-mean.
import {expect} from 'chai'

import {useEditor} from '../../support/fixture.js'

describe('honest writes: the issue examples (real editor)', function () {
  const f = useEditor()
  const COMMAND_FAILED = -32000
  const INVALID = -32602

  it('node.add refuses a Sprite2D frame and a z_index the engine does not keep; nothing is added', async () => {
    await f.refused(
      'node.add',
      {type: 'Sprite2D', name: 'S', properties: {frame: 99}},
      COMMAND_FAILED,
      'frame',
      'the engine',
    )
    const error = await f.refused(
      'node.add',
      {type: 'Sprite2D', name: 'S', properties: {z_index: 99999}},
      COMMAND_FAILED,
      'z_index',
      'it holds 0',
    )
    expect(error.message).to.match(/it accepts -4096\.\.4096|the engine says/)
  })

  it('physics.add_body refuses a negative mass, ui.add_control a z_index out of range', async () => {
    await f.refused(
      'physics.add_body',
      {type: 'RigidBody2D', name: 'R', shape: 'circle', properties: {mass: -5}},
      COMMAND_FAILED,
      'mass',
      'the engine',
    )
    await f.refused(
      'ui.add_control',
      {type: 'Button', name: 'B', properties: {z_index: 99999}},
      COMMAND_FAILED,
      'z_index',
    )
  })

  it('a Camera2D zoom of 0 is refused with the engine’s own reason, a Button size below its minimum with the minimum', async () => {
    const zoom = await f.refused(
      'node.set',
      {node_path: 'Camera2D', property: 'zoom', value: [0, 0]},
      COMMAND_FAILED,
      'zoom',
    )
    expect(zoom.message).to.include('the engine says')
    expect(zoom.message).to.not.include('may be read-only')
    await f.call('node.add', {type: 'Button', name: 'Btn', properties: {text: 'A long button label'}})
    try {
      const size = await f.refused(
        'node.set',
        {node_path: 'Btn', property: 'size', value: [1, 1]},
        COMMAND_FAILED,
        'minimum size',
      )
      expect(size.message).to.not.include('may be read-only')
    } finally {
      await f.undo('add Button')
    }
  })

  it('a parameter given beside its object, or under a name people use for it, gets a did-you-mean', async () => {
    const mesh = await f.refused('mesh.add', {shape: 'box', size: [1, 1, 1]}, INVALID, "unknown parameter 'size'")
    expect(mesh.message).to.include("inside 'mesh'")
    const camera = await f.refused('camera.add', {look_at: 'Player'}, INVALID, "unknown parameter 'look_at'")
    expect(camera.message).to.match(/did you mean '(target|point)'/)
  })

  it('results of mutating commands say whether the change is undoable and saved', async () => {
    const added = await f.call('node.add', {type: 'Node2D', name: 'Marker'})
    expect(added).to.include({undoable: true, saved: false})
    await f.undo('add Node2D')
    const read = await f.call('node.get', {node_path: 'Player', property: 'position'})
    expect(read).to.not.have.property('undoable')
  })
})
