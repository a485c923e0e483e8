// multiplayer.*: spawner and synchronizer scaffolding in the open scene, read back through multiplayer.info
// and through the saved scene file, undone by one Undo; a peer script that is written and compiles.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('multiplayer commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'multiplayer', pristine: false})
  let pristine: Json
  const {call} = fx
  const snapshot = async () => [await call('scene.tree'), (await fx.sceneHistory()).count]
  const keep = {snapshot}

  before(async () => {
    pristine = await call('scene.tree')
  })

  it('declares every multiplayer command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'multiplayer.add_spawner',
      'multiplayer.add_synchronizer',
      'multiplayer.info',
      'multiplayer.peer_script',
      'multiplayer.sync_property',
    ])
  })

  it('add_synchronizer + info: the replication config is read back and packs with the scene; undo removes it', async () => {
    const added = await call('multiplayer.add_synchronizer', fx.examples['multiplayer.add_synchronizer'])
    const expected = {
      path: '/root/Main/Player/MultiplayerSynchronizer',
      type: 'MultiplayerSynchronizer',
      root_path: '..',
      properties: [
        {property: '.:position', spawn: true, mode: 'always'},
        {property: '.:health', spawn: true, mode: 'on_change'},
      ],
      replication_interval: 0,
      delta_interval: 0,
    }
    expect(added).to.deep.equal({...expected, undoable: true, saved: false}) // info is read-only: no undoable/saved
    expect(await call('multiplayer.info', fx.examples['multiplayer.info'])).to.deep.equal(expected)
    const packed = await call('editor.run_script', {
      code: 'var ps = PackedScene.new()\nps.pack(scene)\nvar copy = ps.instantiate()\nvar props = copy.get_node("Player/MultiplayerSynchronizer").replication_config.get_properties().map(func(p): return str(p))\ncopy.free()\nreturn props',
    })
    expect(packed.result).to.deep.equal(['.:position', '.:health']) // owned by the scene: it is saved with it
    await fx.undo('add MultiplayerSynchronizer')
    expect(await call('scene.tree')).to.deep.equal(pristine)
    const child = await call('multiplayer.add_synchronizer', {
      node_path: 'Player',
      properties: [{property: 'Body:color', spawn: false, mode: 'never'}],
      replication_interval: 0.1,
    })
    expect(child.properties).to.deep.equal([{property: 'Body:color', spawn: false, mode: 'never'}])
    expect(child.replication_interval).to.be.closeTo(0.1, 1e-6)
    await fx.undo('add MultiplayerSynchronizer')
  })

  it('add_spawner: lists its scenes and spawn path; undo removes it', async () => {
    const out = await call('multiplayer.add_spawner', fx.examples['multiplayer.add_spawner'])
    expect(out).to.deep.equal({
      path: '/root/Main/MultiplayerSpawner',
      type: 'MultiplayerSpawner',
      scenes: ['res://scenes/ui.tscn'],
      spawn_path: '..',
      spawn_limit: 0,
      undoable: true,
      saved: false,
    })
    await fx.undo('add MultiplayerSpawner')
    const into = await call('multiplayer.add_spawner', {
      scenes: ['res://scenes/ui.tscn'],
      parent: 'Player',
      spawn_path: 'Ground',
      spawn_limit: 4,
    })
    expect(into).to.include({spawn_path: '../../Ground', spawn_limit: 4})
    const resolved = await call('editor.run_script', {
      code: 'var s = scene.get_node("Player/MultiplayerSpawner")\nreturn str(s.get_node(s.spawn_path).name)',
    })
    expect(resolved.result).to.equal('Ground')
    await fx.undo('add MultiplayerSpawner')
    expect(await call('scene.tree')).to.deep.equal(pristine)
  })

  it('refuses bad scaffolding and changes nothing', async () => {
    await fx.refusedKeeping(
      keep,
      'multiplayer.add_synchronizer',
      {node_path: 'Player', properties: ['sped']},
      -32001,
      "did you mean 'speed'",
    )
    await fx.refusedKeeping(
      keep,
      'multiplayer.add_synchronizer',
      {node_path: 'Player', properties: ['Nobody:position']},
      -32001,
      "no node 'Nobody'",
    )
    await fx.refusedKeeping(
      keep,
      'multiplayer.add_synchronizer',
      {node_path: 'Player', properties: [{property: 'speed', mode: 'sometimes'}]},
      -32602,
      'mode must be',
    )
    await fx.refusedKeeping(
      keep,
      'multiplayer.add_synchronizer',
      {node_path: 'Player', properties: ['speed', 'speed']},
      -32602,
      'listed twice',
    )
    await fx.refusedKeeping(keep, 'multiplayer.add_spawner', {scenes: ['res://nope.tscn']}, -32001, 'no scene file')
    await fx.refusedKeeping(keep, 'multiplayer.add_spawner', {scenes: []}, -32602, 'scenes is empty')
    await fx.refusedKeeping(
      keep,
      'multiplayer.info',
      {node_path: 'Player'},
      -32602,
      'not a MultiplayerSpawner or MultiplayerSynchronizer',
    )
  })

  it('peer_script: writes a host/join script that compiles; refuses to overwrite or leave the project', async () => {
    const out = await call('multiplayer.peer_script', fx.examples['multiplayer.peer_script'])
    expect(out.methods).to.include.members(['host', 'join', 'leave'])
    const file = join(fx.editor.root, 'network', 'peer.gd')
    expect(existsSync(file)).to.equal(true)
    expect(readFileSync(file, 'utf8')).to.include('preload("res://scenes/main.tscn")')
    const compiled = await call('editor.run_script', {
      code: 'var s = GDScript.new()\ns.source_code = FileAccess.get_file_as_string("res://network/peer.gd")\nreturn s.reload() == OK',
      allow_unsafe_editor_io: true,
    })
    expect(compiled.result).to.equal(true)
    const again = await fx.refusedKeeping(
      {snapshot: async () => readFileSync(file, 'utf8')},
      'multiplayer.peer_script',
      fx.examples['multiplayer.peer_script'],
      -32000,
      'overwrite: true',
    )
    expect(again.message).to.include('exists')
    await fx.refusedKeeping(
      {snapshot: async () => existsSync(join(fx.editor.root, '..', 'evil.gd'))},
      'multiplayer.peer_script',
      {path: 'res://../evil.gd'},
      -32003,
    )
  })
})
