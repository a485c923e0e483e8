// batch.*: several scene edits as one undo step, all or nothing. A batch whose third command fails leaves
// the scene exactly as before (tree, values, undo history); a good batch is undone by one editor Undo.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('batch commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'batch', pristine: false})
  let pristine: Json
  const {call} = fx
  const get = async (node: string, property: string) => (await call('node.get', {node_path: node, property})).value
  /** Everything a batch could touch: the tree, the values it sets, the scene's applied undo history (a rolled-back
   * batch leaves its own undone step as the redo entry, like any undone edit). */
  const snapshot = async () => {
    const history = (await call('editor.undo_history', {limit: 3})).histories.find((h: Json) =>
      h.history.startsWith('scene:'),
    )
    return [
      await call('scene.tree'),
      await get('Player', 'position'),
      await get('Player/Shape', 'disabled'),
      history.current,
      history.actions.filter((a: Json) => a.applied),
    ]
  }

  before(async () => {
    pristine = await call('scene.tree')
  })
  afterEach(async function () {
    if (this.currentTest?.state === 'passed') expect(await call('scene.tree')).to.deep.equal(pristine)
  })

  it('declares every batch command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members(['batch.run', 'batch.set_property'])
  })

  it('batch.run: runs the example as one undo step; one Undo removes all of it', async () => {
    const before = await snapshot()
    const out = await call('batch.run', fx.examples['batch.run'])
    expect(out.count).to.equal(3)
    expect(out.results.map((r: Json) => r.method)).to.deep.equal(['node.add', 'node.add', 'node.set'])
    expect(out.results[1].result.path).to.equal('/root/Main/Enemies/Bat')
    expect(await get('Enemies/Bat', 'position')).to.deep.equal([40, 60])
    const history = (await call('editor.undo_history', {limit: 5})).histories.find((h: Json) =>
      h.history.startsWith('scene:'),
    )
    expect(history.current).to.equal(before[3] + 1) // one new step, not three
    expect(history.actions.at(-1).name).to.equal(out.action)
    await fx.undo(out.action.replace('Bridge: ', ''))
    expect(await call('scene.tree')).to.deep.equal(pristine)
  })

  it('batch.run: a batch whose third command fails leaves the scene exactly as before', async () => {
    const error = await fx.refusedKeeping(
      {snapshot},
      'batch.run',
      {
        commands: [
          {method: 'node.add', params: {type: 'Node2D', name: 'Spawner'}},
          {method: 'node.set', params: {node_path: 'Player', property: 'position', value: [1, 2]}},
          {method: 'node.set', params: {node_path: 'Player', property: 'positon', value: [3, 4]}},
          {method: 'node.add', params: {type: 'Node2D', name: 'Never'}},
        ],
      },
      -32000,
      'commands[2] (node.set) failed',
      "did you mean 'position'",
      'rolled back',
    )
    expect((error.data as Json).data).to.deep.include({index: 2, completed: 2, rolled_back: true})
  })

  it('batch.run: refuses bad batches before running anything', async () => {
    await fx.refusedKeeping({snapshot}, 'batch.run', {commands: []}, -32602, 'commands is empty')
    await fx.refusedKeeping(
      {snapshot},
      'batch.run',
      {commands: [{method: 'node.ad', params: {}}]},
      -32602,
      "unknown method 'node.ad'",
    )
    await fx.refusedKeeping(
      {snapshot},
      'batch.run',
      {
        commands: [
          {method: 'node.add', params: {type: 'Node2D'}},
          {method: 'runtime.set', params: {}},
        ],
      },
      -32602,
      'cannot run in a batch',
    )
    await fx.refusedKeeping(
      {snapshot},
      'batch.run',
      {commands: [{method: 'batch.run', params: {commands: []}}]},
      -32602,
      'cannot run in a batch',
    )
    await fx.refusedKeeping({snapshot}, 'batch.run', {commands: ['node.add']}, -32602, 'commands[0] must be {method')
  })

  it('batch.set_property: sets a property on every matching node in one undo step, read back; undo restores', async () => {
    const out = await call('batch.set_property', fx.examples['batch.set_property'])
    expect(out).to.deep.equal({
      property: 'disabled',
      count: 1,
      nodes: [{path: '/root/Main/Player/Shape', value: true}],
      undoable: true,
      saved: false,
    })
    expect(await get('Player/Shape', 'disabled')).to.equal(true)
    await fx.undo('set disabled on 1 nodes')
    expect(await get('Player/Shape', 'disabled')).to.equal(false)
    const grouped = await call('batch.set_property', {group: 'players', property: 'modulate', value: '#ff0000'})
    expect(grouped.nodes).to.deep.equal([{path: '/root/Main/Player', value: [1, 0, 0, 1]}])
    await fx.undo('set modulate on 1 nodes')
    await fx.refusedKeeping(
      {snapshot},
      'batch.set_property',
      {type: 'Sprite3D', property: 'visible', value: false},
      -32001,
      'no node below',
    )
    await fx.refusedKeeping(
      {snapshot},
      'batch.set_property',
      {type: 'Node2D', property: 'position', value: 'far'},
      -32602,
      'expects Vector2',
    )
    await fx.refusedKeeping(
      {snapshot},
      'batch.set_property',
      {property: 'visible', value: false},
      -32602,
      'give type, group or both',
    )
  })
})
