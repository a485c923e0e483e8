// animation.*: every declared example against a real headless editor, in the order a person builds a clip
// (create, tracks, keys, sample, pose, edit, remove), each result read back with animation.get, each change
// undone with the editor's Undo and read back again; refused input leaves the clip and the history alone.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

const PLAYER = '/root/Main/AnimationPlayer'

describe('animation commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'animation',
    pristine: false,
    async setup({call}) {
      await call('node.add', {type: 'AnimationPlayer', parent: '/root/Main'})
    },
  })
  const {call, undo, sceneHistory} = fx
  const clip = (animation = 'walk') => call('animation.get', {player: PLAYER, animation})
  const times = (track: Json) => track.keys.map((k: Json) => Math.round(k.time * 1000) / 1000)
  /** Refused, and the clip and the scene's history read the same as before. */
  const keep = {snapshot: async () => [await clip().catch(() => null), (await sceneHistory()).count]}

  it('declares every animation command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'animation.create',
      'animation.edit',
      'animation.remove',
      'animation.list',
      'animation.get',
      'animation.add_track',
      'animation.remove_track',
      'animation.insert_keys',
      'animation.remove_keys',
      'animation.sample',
      'animation.pose',
    ])
  })

  it('animation.create makes the clip in a new default library; list and get read it back; undo removes it', async () => {
    const made = await call('animation.create', fx.examples['animation.create'])
    expect(made).to.include({animation: 'walk', loop_mode: 'linear', library_created: true})
    const list = await call('animation.list', fx.examples['animation.list'])
    expect(list.libraries[0].animations[0]).to.include({name: 'walk', loop_mode: 'linear', track_count: 0})
    expect(list.libraries[0].animations[0].length).to.be.closeTo(0.8, 1e-6)
    await undo('create animation walk')
    expect((await call('animation.list', {player: PLAYER})).count).to.equal(0)
    await call('animation.create', fx.examples['animation.create'])
    await fx.refusedKeeping(
      keep,
      'animation.create',
      fx.examples['animation.create'],
      -32000,
      "already has an animation 'walk'",
    )
    await fx.refusedKeeping(
      keep,
      'animation.create',
      {player: '/root/Main/Player', animation: 'x'},
      -32602,
      'not an AnimationPlayer',
    )
  })

  it('animation.add_track adds a value track with its keys coerced to the property type; undo removes it', async () => {
    const track = await call('animation.add_track', fx.examples['animation.add_track'])
    expect(track).to.include({type: 'value', path: 'Player:position', update_mode: 'continuous', key_count: 2})
    expect(track.keys[1].value).to.deep.equal([360, 180])
    expect((await clip()).track_count).to.equal(1)
    await undo('add value track Player:position')
    expect((await clip()).track_count).to.equal(0)
    await call('animation.add_track', fx.examples['animation.add_track'])

    await fx.refusedKeeping(
      keep,
      'animation.add_track',
      {...fx.examples['animation.add_track'], path: 'Nobody:position'},
      -32001,
      "no node 'Nobody'",
    )
    await fx.refusedKeeping(
      keep,
      'animation.add_track',
      {...fx.examples['animation.add_track'], path: 'Player:positon'},
      -32001,
      "did you mean 'position'",
    )
    await fx.refusedKeeping(
      keep,
      'animation.add_track',
      {...fx.examples['animation.add_track'], path: 'Player'},
      -32602,
      "'Node:property'",
    )
    await fx.refusedKeeping(
      keep,
      'animation.add_track',
      {...fx.examples['animation.add_track'], path: 'Player:scale', keys: [{time: 0, value: 'big'}]},
      -32602,
      'expects Vector2',
    )
    await fx.refusedKeeping(
      keep,
      'animation.add_track',
      {...fx.examples['animation.add_track'], path: 'Player:scale', keys: [{time: 5, value: [1, 1]}]},
      -32602,
      'outside the clip',
    )
    await fx.refusedKeeping(
      keep,
      'animation.add_track',
      fx.examples['animation.add_track'],
      -32000,
      'already has a value track',
    )
  })

  it('animation.add_track covers method, bezier and discrete value tracks', async () => {
    const method = await call('animation.add_track', {
      player: PLAYER,
      animation: 'walk',
      track_type: 'method',
      path: 'Player',
      keys: [{time: 0.4, value: {method: 'jump', args: [2]}}],
    })
    expect(method.keys[0].value).to.deep.equal({method: 'jump', args: [2]})
    const bezier = await call('animation.add_track', {
      player: PLAYER,
      animation: 'walk',
      track_type: 'bezier',
      path: 'Player:rotation',
      keys: [
        {time: 0, value: 0},
        {time: 0.8, value: 1.5, in_handle: [-0.25, 0]},
      ],
    })
    expect(bezier.keys[1]).to.deep.include({value: 1.5, in_handle: [-0.25, 0]})
    const discrete = await call('animation.add_track', {
      player: PLAYER,
      animation: 'walk',
      path: 'Player/Body:visible',
      keys: [{time: 0, value: true}],
    })
    expect(discrete.update_mode).to.equal('discrete')
    expect((await clip()).tracks.map((t: Json) => t.type)).to.deep.equal(['value', 'method', 'bezier', 'value'])
    await fx.refusedKeeping(
      keep,
      'animation.add_track',
      {player: PLAYER, animation: 'walk', track_type: 'audio', path: 'Player'},
      -32602,
      'AudioStreamPlayer',
    )
    for (const action of [
      'add value track Player/Body:visible',
      'add bezier track Player:rotation',
      'add method track Player',
    ])
      await undo(action)
    expect((await clip()).track_count).to.equal(1)
  })

  it('animation.insert_keys adds and replaces keys; undo takes them out', async () => {
    const track = await call('animation.insert_keys', fx.examples['animation.insert_keys'])
    expect(times(track)).to.deep.equal([0, 0.4, 0.8])
    expect(track.keys[2].transition).to.equal(0.5)
    await undo('insert 1 keys on Player:position')
    expect(times((await clip()).tracks[0])).to.deep.equal([0, 0.4])
    await call('animation.insert_keys', fx.examples['animation.insert_keys'])
    await fx.refusedKeeping(
      keep,
      'animation.insert_keys',
      {player: PLAYER, animation: 'walk', track: 7, keys: [{time: 0, value: [0, 0]}]},
      -32602,
      'out of range',
    )
    await fx.refusedKeeping(
      keep,
      'animation.insert_keys',
      {player: PLAYER, animation: 'walk', keys: [{time: 0, value: [0, 0]}]},
      -32602,
      'either track',
    )
    await fx.refusedKeeping(
      keep,
      'animation.insert_keys',
      {...fx.examples['animation.insert_keys'], keys: [{value: [1, 1]}]},
      -32602,
      'time and value',
    )
  })

  it('animation.sample evaluates the clip without touching the scene', async () => {
    const sample = await call('animation.sample', fx.examples['animation.sample'])
    expect(sample.values).to.have.length(1)
    expect(sample.values[0].value[0]).to.be.closeTo(340, 1e-3)
    expect((await call('node.get', {node_path: 'Player', property: 'position'})).value).to.deep.equal([320, 180])
  })

  it('animation.pose applies the pose to the nodes; undo restores them', async () => {
    const pose = await call('animation.pose', fx.examples['animation.pose'])
    expect(pose.applied).to.deep.equal([{path: 'Player:position', value: [360, 180]}])
    expect((await call('node.get', {node_path: 'Player', property: 'position'})).value).to.deep.equal([360, 180])
    await undo('pose walk at 0.4s')
    expect((await call('node.get', {node_path: 'Player', property: 'position'})).value).to.deep.equal([320, 180])
    await fx.refusedKeeping(
      keep,
      'animation.pose',
      {...fx.examples['animation.pose'], time: 3},
      -32602,
      "past the clip's end",
    )
  })

  it('animation.remove_keys removes the keys asked for; undo restores them', async () => {
    const out = await call('animation.remove_keys', fx.examples['animation.remove_keys'])
    expect(out).to.include({removed: 1, key_count: 2})
    await undo('remove 1 keys on Player:position')
    expect(times((await clip()).tracks[0])).to.deep.equal([0, 0.4, 0.8])
    await fx.refusedKeeping(
      keep,
      'animation.remove_keys',
      {...fx.examples['animation.remove_keys'], times: [0.3]},
      -32001,
      'no key at 0.3',
    )
    await fx.refusedKeeping(
      keep,
      'animation.remove_keys',
      {...fx.examples['animation.remove_keys'], all: true},
      -32602,
      'exactly one',
    )
  })

  it('animation.edit changes length and looping and renames; undo restores them', async () => {
    const edited = await call('animation.edit', fx.examples['animation.edit'])
    expect(edited).to.include({loop_mode: 'pingpong'})
    expect(edited.length).to.be.closeTo(1.2, 1e-6)
    await undo('edit animation walk')
    const back = await clip()
    expect(back.loop_mode).to.equal('linear')
    expect(back.length).to.be.closeTo(0.8, 1e-6)
    expect(back.track_count).to.equal(1)
    await call('animation.edit', {player: PLAYER, animation: 'walk', new_name: 'stroll'})
    expect((await clip('stroll')).track_count).to.equal(1)
    await undo('edit animation walk')
    expect((await clip()).track_count).to.equal(1)
    await fx.refusedKeeping(keep, 'animation.edit', {player: PLAYER, animation: 'walk'}, -32602, 'give length')
  })

  it('animation.remove_track and animation.remove delete; undo brings them back with their keys', async () => {
    expect(await call('animation.remove_track', fx.examples['animation.remove_track'])).to.deep.include({
      track_count: 0,
    })
    await undo('remove track Player:position')
    expect((await clip()).tracks[0].key_count).to.equal(3)
    expect(await call('animation.remove', fx.examples['animation.remove'])).to.deep.include({removed: 'walk'})
    expect((await call('animation.list', {player: PLAYER})).count).to.equal(0)
    await undo('remove animation walk')
    expect((await clip()).tracks[0].key_count).to.equal(3)
    await fx.refusedKeeping(
      keep,
      'animation.remove',
      {player: PLAYER, animation: 'walkk'},
      -32001,
      "did you mean 'walk'",
    )
  })
})
