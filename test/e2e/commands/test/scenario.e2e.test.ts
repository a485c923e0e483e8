// test.*: scenarios that play the demo headless, act through runtime/input commands, step physics and
// assert against the live game, with a pass/fail report; single assertions and the running report.
// Every game is stopped: by the scenario itself (stop_after), and by after()/afterEach when a test fails.
import {expect} from 'chai'

import {EngineClient} from '../../../../src/editor/client.js'
import {pidAlive} from '../../../../src/editor/discovery.js'
import {type Json, useEditor} from '../../../support/fixture.js'

describe('test commands (real editor, headless game)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'test', pristine: false})
  const game = fx.game
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 170_000)
  const playing = async () => (await call('scene.is_playing')).playing

  afterEach(async function () {
    if (this.currentTest?.state !== 'passed') await game.stop()
  })

  it('declares every test command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'test.run_scenario',
      'test.assert',
      'test.report',
      'test.stress',
      'test.scenes_load',
    ])
  })

  it('test.run_scenario: plays, moves the player by input over 30 ticks, asserts, reports and stops the game', async () => {
    const report = await call('test.run_scenario', fx.examples['test.run_scenario'])
    expect(report).to.include({ok: true, passed: 6, failed: 0, not_run: 0, total: 6, stopped: true})
    const assertion = report.steps[4]
    expect(assertion).to.include({kind: 'assert', ok: true, property: 'position:x'})
    expect(assertion.actual).to.be.closeTo(200, 0.5)
    expect(report.steps[5]).to.deep.include({kind: 'assert_no_errors', ok: true, errors: []})
    expect(pidAlive(report.pid)).to.equal(false)
    expect(await playing()).to.equal(false)
  })

  it('test.run_scenario: a failing assertion fails the report with the actual value; fail_fast skips the rest', async () => {
    const report = await call('test.run_scenario', {
      fail_fast: true,
      steps: [
        {assert: {node_path: 'Player', property: 'speed', expected: 999}},
        {do: 'runtime.call', params: {node_path: 'Player', method: 'take_damage', args: [1]}},
      ],
    })
    expect(report).to.include({ok: false, passed: 0, failed: 1, not_run: 1, stopped: true})
    expect(report.steps[0]).to.deep.include({ok: false, op: 'eq', expected: 999, actual: 200})
    const broken = await call('test.run_scenario', {
      steps: [
        {do: 'runtime.get', params: {node_path: 'Nobody'}},
        {assert: {node_path: 'Player', property: 'health', op: 'ge', expected: 100}},
      ],
    })
    expect(broken).to.include({ok: false, passed: 1, failed: 1})
    expect(broken.steps[0].error).to.include("'Nobody'")
    expect(await playing()).to.equal(false)
  })

  it('test.run_scenario: asserts visible UI text on another scene', async () => {
    const report = await call('test.run_scenario', {
      scene: 'res://scenes/ui.tscn',
      steps: [{wait_ms: 100}, {assert_text: 'Bridge Demo'}, {assert_text: 'Game Over'}],
    })
    expect(report).to.include({passed: 2, failed: 1, ok: false})
    expect(report.steps[1].found).to.deep.equal(['/root/UI/Title'])
    expect(report.steps[2]).to.deep.include({ok: false, found: []})
  })

  it('test.run_scenario: refuses malformed steps before starting any game', async () => {
    for (const [steps, fragment] of [
      [[{jump: 1}], 'has none of'],
      [[{do: 'node.add', params: {type: 'Node2D'}}], 'do takes runtime.* and input.*'],
      [[{do: 'runtime.nope'}], "unknown method 'runtime.nope'"],
      [[{assert: {node_path: 'Player', property: 'speed', expected: 1, op: 'approx'}}], 'assert takes'],
      [[{step: -3}], 'takes a number >= 0'],
    ] as [Json[], string][]) {
      const error = await fx.rpcError('test.run_scenario', {steps})
      expect(error.rpcCode).to.equal(-32602)
      expect(error.message).to.include(fragment)
      expect(await playing()).to.equal(false)
    }
    const none = await fx.rpcError('test.run_scenario', {scene: 'none', steps: [{wait_ms: 1}]})
    expect(none.rpcCode).to.equal(-32005)
  })

  it('test.run_scenario: its steps run as the client that ran it, whatever other clients send meanwhile', async () => {
    const agent = await EngineClient.connect({
      projectRoot: fx.editor.root,
      port: fx.editor.discovery.ws_port,
      clientName: 'agent-scenario',
    })
    try {
      const marker = `scenario_owner_${Date.now()}`
      let done = false
      const running = agent
        .call<Json>(
          'test.run_scenario',
          {steps: [{wait_ms: 1500}, {do: 'runtime.eval', params: {code: `return "${marker}"`}}]},
          170_000,
        )
        .finally(() => {
          done = true
        })
      // another client talks to the editor while the scenario plays and waits: the step must not run as it
      while (!done) {
        await call('scene.is_playing')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await running).to.include({ok: true, passed: 2, stopped: true})
      const {entries} = await call('editor.audit', {limit: 50})
      const mine = (entries as Json[]).filter((e) => String(e.body ?? '').includes(marker))
      expect(mine).to.have.length(1)
      expect(mine[0]).to.include({kind: 'runtime.eval', transport: 'ws', client: 'agent-scenario'})
    } finally {
      agent.close()
    }
  })

  it('test.assert and test.report: single checks against the running game, summed up', async () => {
    await call('test.report', {clear: true})
    const refused = await fx.rpcError('test.assert', fx.examples['test.assert'])
    expect(refused.rpcCode).to.equal(-32005)
    await game.play()
    expect(await call('test.assert', fx.examples['test.assert'])).to.include({ok: true, actual: 200})
    expect(await call('test.assert', {node_path: 'Player', property: 'health', op: 'gt', expected: 100})).to.include({
      ok: false,
      actual: 100,
    })
    expect(
      await call('test.assert', {
        node_path: 'Player',
        property: 'position',
        op: 'near',
        expected: [320, 180],
        tolerance: 1,
      }),
    ).to.include({ok: true})
    const missing = await fx.rpcError('test.assert', {node_path: 'Player', property: 'sped', expected: 1})
    expect(missing.message).to.include("did you mean 'speed'")
    const report = await call('test.report', {clear: true})
    expect(report).to.include({ok: false, total: 3, passed: 2, failed: 1})
    expect(report.failures[0]).to.include({property: 'health', op: 'gt'})
    expect(await call('test.report')).to.include({total: 0, ok: true})
    await game.stop()
  })

  it('test.stress: a seeded monkey run survives with no errors, replays identically, and stops its game', async () => {
    const first = await call('test.stress', fx.examples['test.stress'])
    expect(first).to.include({ok: true, alive: true, ticks: 120, failure: '', stopped: true})
    expect(first.errors).to.deep.equal([])
    expect(first.sequence.map((s: [string, number]) => s[0])).to.include.members(['move_left', 'move_right'])
    expect(pidAlive(first.pid)).to.equal(false)
    const second = await call('test.stress', fx.examples['test.stress'])
    expect(second.sequence).to.deep.equal(first.sequence)
    const kept = await call('test.stress', {actions: ['move_left'], ticks: 20, seed: 1, stop_after: false})
    expect(kept).to.include({ok: true, stopped: false})
    await call('runtime.eval', {code: 'push_error("boom from the test")\nreturn 1'})
    const noisy = await call('test.stress', {actions: ['move_right'], ticks: 10, scene: 'none', stop_after: false})
    expect(noisy.ok).to.equal(true) // errors before the run do not count
    await game.stop()
    const bad = await fx.rpcError('test.stress', {actions: ['jump']})
    expect(bad.message).to.include("no input action 'jump'")
    expect(await playing()).to.equal(false)
  })
})
