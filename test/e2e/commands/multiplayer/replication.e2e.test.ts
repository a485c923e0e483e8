// multiplayer.sync_property: on a synchronizer made by add_synchronizer, add a replicated property, change
// one's spawn flag and mode, stop replicating one; each is one undo step read back through multiplayer.info
// and restored exactly by Undo. Bad input is refused with the synchronizer unchanged.
import {expect} from 'chai'

import {useEditor} from '../../../support/fixture.js'

describe('multiplayer.sync_property (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'multiplayer', pristine: false})
  const {call} = fx
  const info = async () => (await call('multiplayer.info', {node_path: 'Player/MultiplayerSynchronizer'})).properties
  const snapshot = async () => [await info(), (await fx.sceneHistory()).count]
  const keep = {snapshot}

  before(async () => {
    await call('multiplayer.add_synchronizer', fx.examples['multiplayer.add_synchronizer'])
  })

  const start = [
    {property: '.:position', spawn: true, mode: 'always'},
    {property: '.:health', spawn: true, mode: 'on_change'},
  ]

  it('the example adds velocity (on_change); info reads it back; Undo restores the config', async () => {
    expect(await info()).to.deep.equal(start)
    const out = await call('multiplayer.sync_property', fx.examples['multiplayer.sync_property'])
    expect(out).to.include({changed: '.:velocity', removed: false})
    expect(out.properties).to.deep.equal([...start, {property: '.:velocity', spawn: true, mode: 'on_change'}])
    expect(await info()).to.deep.equal(out.properties)
    await fx.undo('sync property .:velocity')
    expect(await info()).to.deep.equal(start)
  })

  it('changes an existing property in place and removes one; each undoes exactly', async () => {
    const changed = await call('multiplayer.sync_property', {
      node_path: 'Player/MultiplayerSynchronizer',
      property: 'position',
      mode: 'never',
      spawn: false,
    })
    expect(changed.properties).to.deep.equal([{property: '.:position', spawn: false, mode: 'never'}, start[1]])
    const removed = await call('multiplayer.sync_property', {
      node_path: 'Player/MultiplayerSynchronizer',
      property: 'health',
      mode: 'remove',
    })
    expect(removed.properties).to.deep.equal([{property: '.:position', spawn: false, mode: 'never'}])
    expect(await info()).to.deep.equal(removed.properties)
    await fx.undo('sync property .:health')
    expect(await info()).to.deep.equal(changed.properties)
    await fx.undo('sync property .:position')
    expect(await info()).to.deep.equal(start)
  })

  it('a child node property is replicated by its path under the root', async () => {
    const out = await call('multiplayer.sync_property', {
      node_path: 'Player/MultiplayerSynchronizer',
      property: 'Body:color',
    })
    expect(out.properties.at(-1)).to.deep.equal({property: 'Body:color', spawn: true, mode: 'always'})
    await fx.undo('sync property Body:color')
    expect(await info()).to.deep.equal(start)
  })

  it('refuses a node that is no synchronizer, an unknown property or child, and removing what is not replicated', async () => {
    await fx.refusedKeeping(
      keep,
      'multiplayer.sync_property',
      {node_path: 'Player', property: 'position'},
      -32602,
      'not a MultiplayerSynchronizer',
    )
    await fx.refusedKeeping(
      keep,
      'multiplayer.sync_property',
      {node_path: 'Player/MultiplayerSynchronizer', property: 'no_such_prop'},
      -32001,
      'no_such_prop',
    )
    await fx.refusedKeeping(
      keep,
      'multiplayer.sync_property',
      {node_path: 'Player/MultiplayerSynchronizer', property: 'Nobody:color'},
      -32001,
      'Nobody',
    )
    await fx.refusedKeeping(
      keep,
      'multiplayer.sync_property',
      {node_path: 'Player/MultiplayerSynchronizer', property: 'speed', mode: 'remove'},
      -32001,
      'does not replicate',
    )
    await fx.refusedKeeping(
      keep,
      'multiplayer.sync_property',
      {node_path: 'Player/MultiplayerSynchronizer', property: 'position', mode: 'sometimes'},
      -32602,
      'mode',
    )
  })
})
