// `bridge test` as a CI step, against real editors: the demo's playtests — a scenario that walks the player and
// compares its last frame with a baseline, and a golden run recorded from a frozen start — run through the project's
// editor (on the private Xvfb, so frames render), written as JUnit a CI reads, exit 0; a scenario that fails makes
// the run exit 1 with the failure in the file. With no editor running, bridge test starts one headless for the run
// and quits it: nothing is left running and the discovery file is gone.
import {expect} from 'chai'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {parseJson, runCli} from '../../support/cli.js'
import {DEMO_PROJECT, freePorts, isolatedEnv} from '../../support/editor.js'
import {type Json, useEditor} from '../../support/fixture.js'

const WALK = {
  scene: 'res://scenes/main.tscn',
  frozen: true,
  steps: [
    {do: 'runtime.set', params: {node_path: 'Player', property: 'position', value: [100, 180]}},
    {do: 'input.action', params: {action: 'move_right', pressed: true}},
    {step: 30},
    {assert: {node_path: 'Player', property: 'position:x', op: 'gt', expected: 150}},
    {assert_frame: {name: 'walked'}},
    {assert_no_errors: true},
  ],
}

describe('bridge test: a project playtests as CI runs them (real editors)', function () {
  this.timeout(300_000)
  const fx = useEditor({pristine: false, xvfb: true})
  const {call, game} = fx
  const junit = () => join(fx.editor.root, 'reports', 'playtests.xml')
  const write = (res: string, text: string) => {
    mkdirSync(dirname(fx.disk(res)), {recursive: true})
    writeFileSync(fx.disk(res), text)
  }

  before(async () => {
    // the baseline: the walked frame; the golden run: a frozen start, a few inputs, a mark
    await game.play({scene: WALK.scene, frozen: true, display: 'window'})
    await call('runtime.set', {node_path: 'Player', property: 'position', value: [100, 180]})
    await call('input.action', {action: 'move_right', pressed: true})
    await call('runtime.step', {frames: 30})
    await call('runtime.frame_baseline', {name: 'walked'})
    await game.stop()
    await game.play({scene: WALK.scene, frozen: true, display: 'window'})
    await call('runtime.record', {mode: 'start', path: 'res://tests/walk.run.jsonl', watch: ['$Player.position']})
    await call('runtime.step', {frames: 10, inputs: [{tick: 2, type: 'action', action: 'move_right', pressed: true}]})
    await call('runtime.record', {mode: 'mark', mark: 'walking'})
    await call('runtime.step', {frames: 10})
    await call('runtime.record', {mode: 'stop'})
    await game.stop()
    write('res://tests/walk.scenario.json', JSON.stringify(WALK, null, 2))
  })

  it("runs the demo's scenario with its frame baseline and a golden run, writes JUnit, exits 0", async () => {
    const run = await fx.cli(['test', '--junit', junit()], {timeoutMs: 240_000})
    expect(run.code, run.stdout + run.stderr).to.equal(0)
    expect(run.stdout).to.include('ok   tests/walk.run.jsonl').and.include('ok   tests/walk.scenario.json')
    expect(run.stdout.trim().split('\n').at(-1)).to.equal('2 passed, 0 failed')
    const xml = readFileSync(junit(), 'utf8')
    expect(xml).to.match(/<testsuites name="bridge" tests="\d+" failures="0" errors="0">/)
    expect(xml)
      .to.include('<testsuite name="tests/walk.scenario.json"')
      .and.include('<testsuite name="tests/walk.run.jsonl"')
    expect(xml).to.include('name="4 assert_frame"').and.include('name="identical"')
    expect(xml).to.not.include('<failure')
  })

  it('exits 1 when a scenario fails, naming the failed step in the output and in the JUnit file', async () => {
    const broken = {
      ...WALK,
      steps: [
        ...WALK.steps.slice(0, 3),
        {assert: {node_path: 'Player', property: 'position:x', op: 'lt', expected: 0}},
      ],
    }
    write('res://tests/smoke/broken.scenario.json', JSON.stringify(broken))
    const run = await fx.cli(['test', '--junit', junit(), '--json'], {timeoutMs: 240_000})
    expect(run.code).to.equal(1)
    const report = parseJson<{passed: number; failed: number; suites: Json[]}>(run)
    expect([report.passed, report.failed]).to.deep.equal([2, 1])
    expect(readFileSync(junit(), 'utf8')).to.match(
      /<testcase classname="tests\/smoke\/broken.scenario.json" name="3 assert"><failure/,
    )
    rmSync(fx.disk('res://tests/smoke'), {recursive: true})
  })

  it('refuses a scenario file that is not one, and a folder with no playtests, with exit 2', async () => {
    const none = await fx.cli(['test', '--dir', 'scenes'])
    expect(none.code).to.equal(2)
    expect(none.stderr).to.include('no playtests under scenes/')
    write('res://tests/bad/oops.scenario.json', '{"scene": "main"}')
    const bad = await fx.cli(['test', '--dir', 'tests/bad'])
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.include('tests/bad/oops.scenario.json').and.include('"steps" array')
    rmSync(fx.disk('res://tests/bad'), {recursive: true})
  })

  describe('with no editor running', () => {
    let project = ''
    after(() => project && rmSync(dirname(project), {recursive: true, force: true}))

    it('starts one headless for the run, runs the scenario, quits it: nothing left running, no discovery file', async () => {
      project = join(mkdtempSync(join(tmpdir(), 'bridge-playtests-')), 'game')
      cpSync(DEMO_PROJECT, project, {recursive: true})
      copyAddon(project)
      enablePlugin(project)
      const {steps} = WALK
      mkdirSync(join(project, 'tests'))
      writeFileSync(
        join(project, 'tests', 'walk.scenario.json'),
        JSON.stringify({...WALK, steps: steps.filter((s) => !('assert_frame' in s))}),
      )
      // its own user data, editor settings and ports, beside every other editor on this machine
      const env = await isolatedEnv(join(dirname(project), 'home'))
      const [lsp, dap, debug] = await freePorts(3)
      const ports = ['--lsp-port', String(lsp), '--dap-port', String(dap), '--debug-server', `tcp://127.0.0.1:${debug}`]
      const run = await runCli(['test', '--json', '--', ...ports], {cwd: project, env, timeoutMs: 240_000})
      expect(run.code, run.stderr).to.equal(0)
      expect(parseJson<{passed: number}>(run).passed).to.equal(1)
      expect(existsSync(join(project, '.engine', 'bridge.json')), 'the editor it started quit cleanly').to.equal(false)
      const status = await runCli(['status', '--json'], {cwd: project, env})
      expect(parseJson<{verdict: string}>(status).verdict).to.equal('closed')
    })
  })
})
