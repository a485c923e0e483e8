// profiling.*: the editor's Performance monitors, frame times sampled over real frames of the editor and of
// a running game (stopped by the test), and the router's per-command counts and timings.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('profiling commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'profiling', pristine: false})
  const game = fx.game
  const {call} = fx

  it('declares every profiling command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'profiling.monitors',
      'profiling.frame_times',
      'profiling.command_stats',
      'profiling.scene_cost',
      'profiling.play_report',
      'profiling.compare_reports',
    ])
  })

  it('profiling.monitors: the editor process monitors by category', async () => {
    const memory = await call('profiling.monitors', fx.examples['profiling.monitors'])
    expect(Object.keys(memory)).to.deep.equal(['memory'])
    expect(memory.memory.static).to.be.above(1_000_000)
    const all = await call('profiling.monitors')
    expect(all).to.include.keys('time', 'memory', 'object', 'render', 'physics_2d', 'physics_3d')
    expect(all.time.fps).to.be.a('number')
    expect(all.object.node_count).to.be.above(100) // the editor's own UI is nodes
    const bad = await fx.rpcError('profiling.monitors', {category: 'gpu'})
    expect(bad.message).to.include("no category 'gpu'")
  })

  it('profiling.frame_times: samples the editor and the running game', async () => {
    const ed = await call('profiling.frame_times', fx.examples['profiling.frame_times'])
    expect(ed).to.include({target: 'editor', frames: 30})
    expect(ed.frame_ms.avg).to.be.above(0)
    expect(ed.frame_ms.max).to.be.at.least(ed.frame_ms.p95)
    expect(ed.fps).to.be.above(0)
    const none = await fx.rpcError('profiling.frame_times', {target: 'game'})
    expect(none.message).to.include('scene.play')
    await game.play()
    try {
      const g = await call('profiling.frame_times', {target: 'game', frames: 20})
      expect(g).to.include({target: 'game', frames: 20})
      expect(g.frame_ms.avg).to.be.above(0)
      expect(g.process_ms).to.have.keys('min', 'avg', 'p95', 'max')
    } finally {
      await game.stop()
    }
  })

  it('profiling.command_stats: counts calls, errors and time per command; reset starts afresh', async () => {
    await call('profiling.command_stats', {reset: true})
    for (let i = 0; i < 3; i++) await call('node.info', {node_path: 'Player'})
    await fx.rpcError('node.info', {node_path: 'Nobody'})
    const stats = await call('profiling.command_stats', fx.examples['profiling.command_stats'])
    const info = stats.commands.find((c: Json) => c.method === 'node.info')
    expect(info).to.include({calls: 4, errors: 1})
    expect(info.avg_ms).to.be.above(0)
    expect(info.max_ms).to.be.at.least(info.avg_ms)
    expect(stats.calls).to.be.at.least(5)
    await call('profiling.command_stats', {reset: true})
    const fresh = await call('profiling.command_stats')
    expect(fresh.commands.map((c: Json) => c.method)).to.deep.equal(['profiling.command_stats'])
  })
})
