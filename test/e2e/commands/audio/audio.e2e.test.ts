// audio.*: every declared example against a real headless editor — buses, effects, players and the bus
// layout file — each read back with audio.buses (or the scene), undone with the editor's Undo (bus edits
// live in the global history, like the Audio dock's) and read back again; refusals change nothing.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('audio commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'audio',
    pristine: false,
  })
  const {call, undo} = fx
  const buses = async () => (await call('audio.buses')).buses as Json[]
  const bus = async (name: string) => (await buses()).find((b) => b.name === name)
  const keep = {snapshot: buses}

  it('declares every audio command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'audio.buses',
      'audio.add_bus',
      'audio.remove_bus',
      'audio.set_bus',
      'audio.add_effect',
      'audio.set_effect',
      'audio.remove_effect',
      'audio.save_layout',
      'audio.load_layout',
      'audio.add_player',
    ])
  })

  it('audio.add_bus adds a bus with its settings; undo removes it', async () => {
    expect((await call('audio.buses', fx.examples['audio.buses'])).buses.map((b: Json) => b.name)).to.deep.equal([
      'Master',
    ])
    const music = await call('audio.add_bus', fx.examples['audio.add_bus'])
    expect(music).to.include({name: 'Music', index: 1, volume_db: -6, send: 'Master', mute: false})
    await undo('add audio bus Music')
    expect(await bus('Music')).to.equal(undefined)
    await call('audio.add_bus', fx.examples['audio.add_bus'])
    await call('audio.add_bus', {name: 'SFX', index: 1})
    expect((await buses()).map((b) => b.name)).to.deep.equal(['Master', 'SFX', 'Music'])
    await fx.refusedKeeping(keep, 'audio.add_bus', {name: 'Music'}, -32000, "already a bus named 'Music'")
    await fx.refusedKeeping(keep, 'audio.add_bus', {name: 'Voice', send: 'Musik'}, -32001, "did you mean 'Music'")
  })

  it('audio.set_bus changes volume, mute, name and position; undo restores the layout', async () => {
    const set = await call('audio.set_bus', fx.examples['audio.set_bus'])
    expect(set).to.include({name: 'Music', volume_db: -12, mute: true})
    await undo('change audio bus Music')
    expect(await bus('Music')).to.include({volume_db: -6, mute: false})
    const moved = await call('audio.set_bus', {name: 'SFX', index: 2, rename: 'Effects', send: 'Music'})
    expect(moved).to.include({name: 'Effects', index: 2, send: 'Music'})
    await undo('change audio bus SFX')
    expect((await buses()).map((b) => b.name)).to.deep.equal(['Master', 'SFX', 'Music'])
    await fx.refusedKeeping(keep, 'audio.set_bus', {name: 'Master', index: 2}, -32602, 'Master stays the first bus')
    await fx.refusedKeeping(keep, 'audio.set_bus', {name: 'Music'}, -32602, 'give something to change')
    await fx.refusedKeeping(keep, 'audio.set_bus', {name: 'Music', send: 'Music'}, -32602, 'cannot send to itself')
  })

  it('audio.add_effect / set_effect / remove_effect edit the chain with checked settings; undo reverts each', async () => {
    const reverb = await call('audio.add_effect', fx.examples['audio.add_effect'])
    expect(reverb).to.deep.include({type: 'AudioEffectReverb', index: 0, enabled: true})
    expect(reverb.settings.room_size).to.be.closeTo(0.6, 1e-6)
    const set = await call('audio.set_effect', fx.examples['audio.set_effect'])
    expect(set.settings.wet).to.be.closeTo(0.5, 1e-6)
    await undo('change effect 0 of Music')
    expect((await bus('Music'))!.effects[0].settings.wet).to.be.closeTo(0.3, 1e-6)
    await call('audio.add_effect', {
      bus: 'Music',
      effect: 'low_pass_filter',
      settings: {cutoff_hz: 800},
      enabled: false,
    })
    expect((await bus('Music'))!.effects.map((e: Json) => [e.type, e.enabled])).to.deep.equal([
      ['AudioEffectReverb', true],
      ['AudioEffectLowPassFilter', false],
    ])
    await undo('add AudioEffectLowPassFilter to Music')
    expect(await call('audio.remove_effect', fx.examples['audio.remove_effect'])).to.deep.include({effect_count: 0})
    await undo('remove AudioEffectReverb from Music')
    expect((await bus('Music'))!.effects[0].settings.wet).to.be.closeTo(0.3, 1e-6)
    await fx.refusedKeeping(
      keep,
      'audio.add_effect',
      {bus: 'Music', effect: 'Reverbb'},
      -32602,
      "did you mean 'Reverb'",
    )
    await fx.refusedKeeping(
      keep,
      'audio.add_effect',
      {bus: 'Music', effect: 'Reverb', settings: {room: 1}},
      -32001,
      "did you mean 'room_size'",
    )
    await fx.refusedKeeping(keep, 'audio.set_effect', {bus: 'Music', index: 3, enabled: false}, -32602, 'out of range')
    await fx.refusedKeeping(
      keep,
      'audio.set_effect',
      {bus: 'Music', index: 0, settings: {wet: 'lots'}},
      -32602,
      "'wet' expects",
    )
  })

  it('audio.save_layout writes the layout file and makes it the default; audio.load_layout reads it back', async () => {
    const saved = await call('audio.save_layout', fx.examples['audio.save_layout'])
    expect(saved).to.deep.equal({
      path: 'res://audio/buses.tres',
      buses: ['Master', 'SFX', 'Music'],
      default: 'res://audio/buses.tres',
      undoable: true,
    })
    const text = readFileSync(join(fx.editor.root, 'audio', 'buses.tres'), 'utf8')
    expect(text).to.include('bus/2/name = &"Music"').and.include('AudioEffectReverb')
    expect(readFileSync(join(fx.editor.root, 'project.godot'), 'utf8')).to.include(
      'buses/default_bus_layout="res://audio/buses.tres"',
    )
    await call('audio.remove_bus', fx.examples['audio.remove_bus'])
    expect(await bus('Music')).to.equal(undefined)
    const loaded = await call('audio.load_layout', fx.examples['audio.load_layout'])
    expect(loaded.buses.map((b: Json) => b.name)).to.deep.equal(['Master', 'SFX', 'Music'])
    expect(loaded.buses[2].effects[0].type).to.equal('AudioEffectReverb')
    await undo('load bus layout res://audio/buses.tres')
    expect(await bus('Music')).to.equal(undefined)
    await undo('remove audio bus Music')
    expect(await bus('Music')).to.include({volume_db: -6})
    await fx.refusedKeeping(keep, 'audio.save_layout', {path: 'res://audio/buses.txt'}, -32602, '.tres')
    await fx.refusedKeeping(
      keep,
      'audio.load_layout',
      {path: 'res://scenes/main.tscn'},
      -32602,
      'not an AudioBusLayout',
    )
    await fx.refusedKeeping(keep, 'audio.remove_bus', {name: 'Master'}, -32000, 'cannot be removed')
  })

  it('audio.add_player adds a positional player on a bus; undo removes it', async () => {
    const player = await call('audio.add_player', fx.examples['audio.add_player'])
    expect(player).to.deep.equal({
      path: '/root/Main/Player/Steps',
      type: 'AudioStreamPlayer2D',
      bus: 'Master',
      volume_db: -3,
      stream: null,
      autoplay: false,
      undoable: true,
      saved: false,
    })
    expect((await call('node.get', {node_path: 'Player/Steps', property: 'volume_db'})).value).to.equal(-3)
    await undo('add AudioStreamPlayer2D')
    await fx.refused('audio.add_player', {bus: 'Musik'}, -32001, "did you mean 'Music'")
    await fx.refused('audio.add_player', {stream: 'res://nothing.ogg'}, -32001, 'no resource at res://nothing.ogg')
    await fx.refused('audio.add_player', {kind: 'plain', max_distance: 10}, -32602, '2d and 3d')
  })
})
