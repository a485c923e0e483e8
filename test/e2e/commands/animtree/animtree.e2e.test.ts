// animtree.*: every declared example against a real headless editor — a state machine with states,
// conditional and expression transitions and a 1D blend space, a blend tree wired to its output — each
// read back with animtree.structure / animtree.parameters, undone with the editor's Undo and read back.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

const TREE = '/root/Main/AnimationTree'

describe('animtree commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'animtree',
    pristine: false,
    async setup({call}) {
      await call('node.add', {type: 'AnimationPlayer', parent: '/root/Main'})
      for (const animation of ['idle', 'walk', 'run'])
        await call('animation.create', {player: '/root/Main/AnimationPlayer', animation})
    },
  })
  const {call, undo, sceneHistory} = fx
  const structure = (tree = TREE, graph = '') => call('animtree.structure', {tree, graph})
  const names = async (tree = TREE) =>
    ((await structure(tree)).states ?? (await structure(tree)).nodes).map((s: Json) => s.name)
  const keep = {snapshot: async () => [await structure().catch(() => null), (await sceneHistory()).count]}

  it('declares every animtree command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'animtree.create',
      'animtree.structure',
      'animtree.parameters',
      'animtree.set_parameter',
      'animtree.add_node',
      'animtree.remove_node',
      'animtree.connect',
      'animtree.set_transition',
      'animtree.remove_transition',
      'animtree.add_blend_point',
      'animtree.remove_blend_point',
    ])
  })

  it('animtree.create wires a tree to the player with a state machine root; undo removes it', async () => {
    const made = await call('animtree.create', fx.examples['animtree.create'])
    expect(made).to.deep.include({path: TREE, anim_player: '../AnimationPlayer', root_kind: 'state_machine'})
    expect(made.animations).to.have.members(['idle', 'walk', 'run'])
    await undo('create AnimationTree AnimationTree')
    await fx.refusedKeeping(keep, 'animtree.structure', {tree: TREE}, -32001)
    await call('animtree.create', fx.examples['animtree.create'])
    expect((await structure()).kind).to.equal('state_machine')
    await fx.refusedKeeping(keep, 'animtree.create', fx.examples['animtree.create'], -32000, 'already has a child')
  })

  it('animtree.add_node adds states (clips, a blend space); undo removes them', async () => {
    const walk = await call('animtree.add_node', fx.examples['animtree.add_node'])
    expect(walk).to.deep.include({name: 'Walk', kind: 'animation', animation: 'walk', position: [200, 100]})
    await undo('add animation Walk')
    expect(await names()).to.not.include('Walk')
    await call('animtree.add_node', fx.examples['animtree.add_node'])
    await call('animtree.add_node', {tree: TREE, name: 'Idle', animation: 'idle'})
    await call('animtree.add_node', {
      tree: TREE,
      name: 'Move',
      kind: 'blend_space_1d',
      properties: {min_space: -2, max_space: 2},
    })
    expect(await names()).to.include.members(['Start', 'End', 'Idle', 'Walk', 'Move'])
    await fx.refusedKeeping(
      keep,
      'animtree.add_node',
      {tree: TREE, name: 'Jump', animation: 'jmp'},
      -32001,
      "no clip 'jmp'",
    )
    await fx.refusedKeeping(
      keep,
      'animtree.add_node',
      {tree: TREE, name: 'Mix', kind: 'blend2'},
      -32602,
      'lives in blend trees',
    )
    await fx.refusedKeeping(
      keep,
      'animtree.add_node',
      {tree: TREE, name: 'Idle', animation: 'idle'},
      -32000,
      "already has a node 'Idle'",
    )
  })

  it('animtree.set_transition adds conditional and expression transitions, and changes one; undo reverts', async () => {
    const t = await call('animtree.set_transition', fx.examples['animtree.set_transition'])
    expect(t).to.include({from: 'Idle', to: 'Walk', advance_mode: 'auto', advance_condition: 'moving', created: true})
    await call('animtree.set_transition', {tree: TREE, from: 'Start', to: 'Idle'})
    const back = await call('animtree.set_transition', {
      tree: TREE,
      from: 'Walk',
      to: 'Idle',
      advance_expression: 'not moving',
    })
    expect(back).to.include({advance_mode: 'auto', advance_expression: 'not moving'})
    const changed = await call('animtree.set_transition', {tree: TREE, from: 'Idle', to: 'Walk', switch_mode: 'at_end'})
    expect(changed).to.include({switch_mode: 'at_end', created: false, advance_condition: 'moving'})
    await undo('transition Idle -> Walk')
    expect((await structure()).transitions.find((x: Json) => x.to === 'Walk').switch_mode).to.equal('immediate')
    expect((await structure()).transitions).to.have.length(3)
    await fx.refusedKeeping(
      keep,
      'animtree.set_transition',
      {tree: TREE, from: 'Idle', to: 'Walkk'},
      -32001,
      "did you mean 'Walk'",
    )
    await fx.refusedKeeping(
      keep,
      'animtree.set_transition',
      {tree: TREE, from: 'Idle', to: 'Start'},
      -32602,
      'cannot enter Start',
    )
    await fx.refusedKeeping(
      keep,
      'animtree.set_transition',
      {tree: TREE, from: 'Idle', to: 'Move', advance_expression: 'a +* ('},
      -32602,
      'does not parse',
    )
  })

  it('animtree.parameters lists the condition; animtree.set_parameter writes it; undo restores it', async () => {
    const params = await call('animtree.parameters', fx.examples['animtree.parameters'])
    const condition = params.parameters.find((p: Json) => p.parameter === 'conditions/moving')
    expect(condition).to.deep.equal({parameter: 'conditions/moving', type: 'bool', value: false})
    const set = await call('animtree.set_parameter', fx.examples['animtree.set_parameter'])
    expect(set).to.include({parameter: 'conditions/moving', value: true, previous: false})
    await undo('set parameters/conditions/moving')
    const again = await call('animtree.parameters', {tree: TREE, filter: 'moving'})
    expect(again.parameters[0].value).to.equal(false)
    await fx.refusedKeeping(
      keep,
      'animtree.set_parameter',
      {tree: TREE, parameter: 'conditions/moving', value: 'yes'},
      -32602,
      'expects true or false',
    )
    await fx.refusedKeeping(
      keep,
      'animtree.set_parameter',
      {tree: TREE, parameter: 'conditions/movin', value: true},
      -32001,
      "did you mean 'conditions/moving'",
    )
  })

  it('animtree.add_blend_point and remove_blend_point edit the blend space; undo reverts', async () => {
    const bs = await call('animtree.add_blend_point', fx.examples['animtree.add_blend_point'])
    expect(bs.points).to.deep.equal([{index: 0, kind: 'animation', animation: 'walk', position: 1}])
    await call('animtree.add_blend_point', {tree: TREE, blend_space: 'Move', animation: 'run', at: 2})
    await undo('add blend point to Move')
    expect((await structure(TREE, 'Move')).points).to.have.length(1)
    expect(await call('animtree.remove_blend_point', fx.examples['animtree.remove_blend_point'])).to.include({
      point_count: 0,
    })
    await undo('remove blend point 0 of Move')
    expect((await structure(TREE, 'Move')).points[0].animation).to.equal('walk')
    await fx.refusedKeeping(
      keep,
      'animtree.add_blend_point',
      {tree: TREE, blend_space: 'Move', animation: 'run', at: 5},
      -32602,
      'outside the space',
    )
    await fx.refusedKeeping(
      keep,
      'animtree.add_blend_point',
      {tree: TREE, blend_space: 'Move', animation: 'run', position: [0, 0]},
      -32602,
      '1D',
    )
    await fx.refusedKeeping(
      keep,
      'animtree.add_blend_point',
      {tree: TREE, blend_space: 'Idle', animation: 'run', at: 0},
      -32602,
      'not a blend space',
    )
  })

  it('animtree.remove_transition and remove_node drop links and states; undo restores them with their transitions', async () => {
    expect(await call('animtree.remove_transition', fx.examples['animtree.remove_transition'])).to.deep.include({
      transition_count: 2,
    })
    await undo('remove transition Idle -> Walk')
    expect((await structure()).transitions).to.have.length(3)
    const removed = await call('animtree.remove_node', fx.examples['animtree.remove_node'])
    expect(removed.transitions).to.have.deep.members([
      {from: 'Idle', to: 'Walk'},
      {from: 'Walk', to: 'Idle'},
    ])
    expect((await structure()).transitions).to.have.length(1)
    await undo('remove Walk')
    expect(await names()).to.include('Walk')
    expect((await structure()).transitions).to.have.length(3)
    await fx.refusedKeeping(keep, 'animtree.remove_node', {tree: TREE, name: 'Start'}, -32602, 'built into the graph')
  })

  it('animtree.connect wires a blend tree; a cycle and a bad port are refused; undo disconnects', async () => {
    await call('animtree.create', {player: '/root/Main/AnimationPlayer', name: 'Blender', root_kind: 'blend_tree'})
    await call('animtree.add_node', {tree: '/root/Main/Blender', name: 'Walk', animation: 'walk'})
    await call('animtree.add_node', {tree: '/root/Main/Blender', name: 'Speed', kind: 'time_scale'})
    const out = await call('animtree.connect', fx.examples['animtree.connect'])
    expect(out.connections).to.deep.equal([{from: 'Walk', to: 'output', port: 0}])
    await undo('connect Walk to output:0')
    expect((await structure('/root/Main/Blender')).connections).to.deep.equal([])
    await call('animtree.connect', {tree: '/root/Main/Blender', from: 'Walk', to: 'Speed'})
    await call('animtree.connect', {tree: '/root/Main/Blender', from: 'Speed', to: 'output'})
    expect((await structure('/root/Main/Blender')).connections).to.have.length(2)
    await fx.refusedKeeping(
      keep,
      'animtree.connect',
      {tree: '/root/Main/Blender', from: 'Speed', to: 'Walk'},
      -32602,
      'input ports',
    )
    await fx.refusedKeeping(keep, 'animtree.connect', {tree: TREE, from: 'Idle', to: 'Walk'}, -32602, 'state machine')
  })
})
