// Golden runs' evidence: frame baselines and play reports, against the demo game rendering under a private
// Xvfb (Mesa llvmpipe). A frozen frame is saved as a baseline; a deliberate one-pixel-wide line is found with
// masks off (where, and in a diff image) and ignored under a mask; a scenario asserts a frame; real frames are
// timed into a report whose percentiles are recomputed here from its own frame times, with a spike made by an
// input named as its cause; two reports are compared figure by figure, and the CLI writes JUnit for CI.
import {expect} from 'chai'
import {existsSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {EXIT} from '../../../src/errors.js'
import {pidAlive} from '../../../src/editor/discovery.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {decodePng} from '../../support/png.js'

/** A magenta line 1 pixel wide and 40 high at (100, 50), drawn above the scene. */
const ADD_LINE = [
  'var layer = CanvasLayer.new()',
  'layer.name = "Line"',
  'var r = ColorRect.new()',
  'r.color = Color(1, 0, 1)',
  'r.position = Vector2(100, 50)',
  'r.size = Vector2(1, 40)',
  'layer.add_child(r)',
  'root.add_child(layer)',
].join('\n')
const REMOVE_LINE = 'root.get_node("Line").free()'
const LINE_BOX = {x: 100, y: 50, width: 1, height: 40, pixels: 40}

/** The nearest-rank percentile, as docs/frames.md defines it. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

describe('frame baselines and play reports (the demo under Xvfb)', function () {
  this.timeout(240_000)
  const fx = useEditor({pristine: false, xvfb: true})
  const {call} = fx
  let pid = 0
  const userData = () => join(fx.editor.home, 'data', 'godot', 'app_userdata', 'Bridge Demo')
  const tmp = mkdtempSync(join(tmpdir(), 'bridge-golden-'))

  after(() => {
    if (pid && pidAlive(pid)) process.kill(pid, 'SIGKILL')
    rmSync(tmp, {recursive: true, force: true})
  })

  it('saves a frozen frame as a named baseline, kept from the import, and refuses to replace it unless told', async () => {
    pid = (await call('scene.play', {frozen: true})).pid
    const out = await call('runtime.frame_baseline', {name: 'start'})
    expect(out).to.include({name: 'start', path: 'res://baselines/start.png', width: 640, height: 360, replaced: false})
    const file = fx.disk('res://baselines/start.png')
    expect(decodePng(readFileSync(file)).width).to.equal(640)
    expect(existsSync(fx.disk('res://baselines/.gdignore')), 'a .gdignore keeps the editor from importing it').to.equal(
      true,
    )
    const before = statSync(file).mtimeMs
    await fx.failsWith('runtime.frame_baseline', {name: 'start'}, -32602, 'exists', 'replace: true')
    expect(statSync(file).mtimeMs, 'the refused call left the baseline alone').to.equal(before)
    expect(await call('runtime.frame_baseline', {name: 'start', replace: true})).to.include({replaced: true})
  })

  it('finds nothing changed in the same frozen frame, and says so without a diff image', async () => {
    const out = await call('runtime.frame_compare', {name: 'start'})
    expect(out).to.include({
      ok: true,
      changed_pixels: 0,
      changed_fraction: 0,
      boxes_total: 0,
      compared_pixels: 640 * 360,
    })
    expect(out).to.not.have.property('diff')
  })

  it('detects a deliberate one-pixel-wide change with masks off: its fraction, its box and a diff image showing it', async () => {
    await call('runtime.eval', {code: ADD_LINE})
    const out = await call('runtime.frame_compare', {name: 'start', diff_path: 'user://diffs/line.png'})
    expect(out).to.include({ok: false, changed_pixels: 40, boxes_total: 1})
    expect(out.changed_fraction).to.be.closeTo(40 / (640 * 360), 1e-9)
    expect(out.boxes).to.deep.equal([LINE_BOX])
    const diff = decodePng(Buffer.from(out.diff.image_base64, 'base64'))
    expect([diff.width, diff.height]).to.deep.equal([640, 360])
    expect(diff.rgb(100, 70), 'a changed pixel is red').to.deep.equal([255, 0, 0])
    const outline = diff.rgb(101, 70)
    expect(
      outline[0] === 255 && outline[1] > 150 && outline[2] === 0,
      `the box is outlined in yellow: ${outline}`,
    ).to.equal(true)
    const [r, g, b] = diff.rgb(300, 20)
    expect([g, b], 'elsewhere the frame is dimmed to grey').to.deep.equal([r, r])
    expect(out.diff.saved).to.equal('user://diffs/line.png')
    expect(decodePng(readFileSync(join(userData(), 'diffs', 'line.png'))).width).to.equal(640)
    // a fraction allowed to change lets it pass, and says how much changed all the same
    const allowed = await call('runtime.frame_compare', {name: 'start', max_changed_fraction: 0.001})
    expect(allowed).to.include({ok: true, changed_pixels: 40})
  })

  it('ignores the same change under a mask, counting the masked pixels', async () => {
    const out = await call('runtime.frame_compare', {name: 'start', masks: [{x: 98, y: 45, width: 5, height: 50}]})
    expect(out).to.include({ok: true, changed_pixels: 0, masked_pixels: 250, compared_pixels: 640 * 360 - 250})
    expect(out).to.not.have.property('diff')
    // a mask beside the line does not hide it
    const beside = await call('runtime.frame_compare', {name: 'start', masks: [{x: 102, y: 45, width: 5, height: 50}]})
    expect(beside).to.include({ok: false, changed_pixels: 40})
  })

  it('counts a pixel as changed only beyond the tolerance, and says how close the frame came', async () => {
    await call('runtime.eval', {code: REMOVE_LINE})
    // the same line, 3 levels of red away from what the baseline has there
    const [r, g, b] = decodePng(readFileSync(fx.disk('res://baselines/start.png'))).rgb(100, 60)
    const red = r > 250 ? r - 3 : r + 3
    await call('runtime.eval', {code: ADD_LINE.replace('Color(1, 0, 1)', `Color8(${red}, ${g}, ${b})`)})
    const strict = await call('runtime.frame_compare', {name: 'start', tolerance: 2})
    expect(strict).to.include({ok: false, changed_pixels: 40, max_channel_delta: 3})
    const lenient = await call('runtime.frame_compare', {name: 'start', tolerance: 3})
    expect(lenient).to.include({ok: true, changed_pixels: 0, max_channel_delta: 3})
    await call('runtime.eval', {code: REMOVE_LINE})
    await call('runtime.eval', {code: ADD_LINE})
  })

  it('asserts frames against their baseline in a scenario', async () => {
    const out = await call('test.run_scenario', {
      scene: 'none',
      steps: [
        {assert_frame: {name: 'start'}},
        {assert_frame: {name: 'start', masks: [{x: 90, y: 40, width: 20, height: 60}]}},
        {do: 'runtime.eval', params: {code: REMOVE_LINE}},
        {assert_frame: {name: 'start'}},
      ],
    })
    const steps: Json[] = out.steps
    expect(steps.map((s) => s.ok)).to.deep.equal([false, true, true, true])
    expect(steps[0]).to.include({kind: 'assert_frame', name: 'start', changed_pixels: 40})
    expect(steps[0].boxes).to.deep.equal([LINE_BOX])
    expect(out).to.include({ok: false, failed: 1})
    await fx.failsWith(
      'test.run_scenario',
      {scene: 'none', steps: [{assert_frame: {name: 'start', tolerence: 3}}]},
      -32602,
      'assert_frame takes',
      'tolerence',
    )
  })

  it('refuses what cannot be compared, naming it: an unknown baseline (listing those there are), a bad mask, a folder outside the project', async () => {
    await fx.failsWith('runtime.frame_compare', {name: 'nope'}, -32001, "no baseline 'nope'", 'it has: start')
    await fx.failsWith(
      'runtime.frame_compare',
      {name: 'start', masks: [{x: 0, y: 0, width: 0, height: 4}]},
      -32602,
      'masks[0]',
    )
    await fx.failsWith('runtime.frame_baseline', {name: 'x', baseline_dir: 'res://../outside'}, -32003)
    await fx.failsWith('runtime.frame_compare', {name: 'start', baseline_dir: '/tmp'}, -32003)
    await fx.failsWith('runtime.frame_baseline', {name: '../start'}, -32602, 'plain file name')
    const half = await call('runtime.frame_compare', {name: 'start', scale: 0.5})
    expect(half).to.include({ok: false})
    expect(half.size_mismatch).to.include('640x360').and.include('scale')
  })

  it('on the CLI writes the diff image to a PNG file with --out', async () => {
    await call('runtime.eval', {code: ADD_LINE})
    const file = join(tmp, 'diff.png')
    const res = await fx.cli(['runtime', 'frame-compare', '--name', 'start', '--out', file, '--json'])
    // a changed frame is a failed verdict: the step fails, as a test runner's would, with the answer and image kept
    expect(res.code, res.stderr).to.equal(EXIT.commandFailed)
    const out = JSON.parse(res.stdout)
    expect(out).to.include({ok: false, changed_pixels: 40})
    expect(out.diff.file).to.equal(file)
    expect(decodePng(readFileSync(file)).rgb(100, 70)).to.deep.equal([255, 0, 0])
  })

  it('returns the diff as MCP image content on the HTTP endpoint', async () => {
    const client = await fx.mcpHttp('golden-frames-e2e')
    try {
      const result = (await client.callTool({name: 'runtime_frame_compare', arguments: {name: 'start'}})) as Json
      expect(result.isError ?? false).to.equal(false)
      const [text, ...images] = result.content as Json[]
      const json = JSON.parse(text.text)
      expect(json).to.include({ok: false, changed_pixels: 40})
      expect(json.diff.image_base64).to.match(/^<image 1: image\/png, \d+ bytes, attached as image content>$/)
      expect(images.map((i) => [i.type, i.mimeType])).to.deep.equal([['image', 'image/png']])
      expect(decodePng(Buffer.from(images[0].data, 'base64')).rgb(100, 70)).to.deep.equal([255, 0, 0])
    } finally {
      await client.close()
    }
    await call('runtime.eval', {code: REMOVE_LINE})
  })

  it('times real frames into a report whose percentiles match its own frame times, a spike named after the input before it', async () => {
    await call('scene.stop')
    pid = (await call('scene.play', {})).pid
    // the game stalls 400 ms on the frame it receives move_right: a spike with a known cause; at 60 fps the
    // report's 150 frames last 2.5 s or more, so the input sent 0.7 s in lands inside it however fast the machine is
    await call('runtime.eval', {
      code: [
        'var s = GDScript.new()',
        's.source_code = "extends Node\\nfunc _input(e):\\n\\tif e is InputEventAction and e.action == &\\"move_right\\" and e.pressed:\\n\\t\\tOS.delay_msec(400)\\n"',
        's.reload()',
        'var n = Node.new()',
        'n.name = "Lag"',
        'n.set_script(s)',
        'root.add_child(n)',
        'Engine.max_fps = 60',
      ].join('\n'),
      // a script made at run time is what the guard refuses by default: this test's own lag node
      allow_unsafe_editor_io: true,
    })
    const report = call('profiling.play_report', {frames: 150, path: 'user://reports/a.json'})
    await new Promise((r) => setTimeout(r, 700))
    await call('input.action', {action: 'move_right', pressed: true})
    await call('input.action', {action: 'move_right', pressed: false})
    const out = await report
    expect(out).to.include({saved: 'user://reports/a.json', paused: false, scene: 'res://scenes/main.tscn'})
    const saved = JSON.parse(readFileSync(join(userData(), 'reports', 'a.json'), 'utf8'))
    const times: number[] = saved.frame_ms
    expect(times).to.have.length(150)
    const sorted = [...times].sort((a, b) => a - b)
    const f = out.figures
    expect(f.frames).to.equal(150)
    expect(f.p50_ms).to.equal(percentile(sorted, 50))
    expect(f.p95_ms).to.equal(percentile(sorted, 95))
    expect(f.p99_ms).to.equal(percentile(sorted, 99))
    expect(f.max_ms).to.equal(sorted[149])
    expect(f.low_1pct_ms).to.be.closeTo(sorted.slice(-2).reduce((a, b) => a + b) / 2, 0.001)
    const total = times.reduce((a, b) => a + b)
    expect(f.duration_ms).to.be.closeTo(total, 0.01)
    expect(f.fps_avg).to.be.closeTo((1000 * 150) / total, 0.01)
    expect(saved.figures).to.deep.equal(f)
    const spike = (out.spikes as Json[]).find((s) => s.ms >= 400)
    expect(spike, JSON.stringify(out.spikes)).to.not.equal(undefined)
    expect(spike!.after).to.include({kind: 'input', what: 'action move_right pressed'})
    expect(spike!.after.frames_before).to.be.at.most(1)
    expect(f.spikes).to.be.at.least(1)
    console.log(
      `      play report: ${f.frames} frames, p50 ${f.p50_ms} ms, p95 ${f.p95_ms} ms, p99 ${f.p99_ms} ms, 1% low ${f.low_1pct_fps} fps, ${f.spikes} spike(s)`,
    )
  })

  it('compares two reports figure by figure with a verdict each; the CLI writes JUnit and fails the step on a worse figure', async () => {
    const same = await call('profiling.compare_reports', {
      baseline: 'user://reports/a.json',
      current: 'user://reports/a.json',
    })
    expect(same).to.include({ok: true, verdict: 'same', worse: 0, better: 0, same: 7})
    // a second report with the stall gone: its longest frame is better (the rest is this busy machine's noise)
    await call('runtime.eval', {code: 'root.get_node("Lag").free()'})
    await call('profiling.play_report', {frames: 150, path: 'user://reports/b.json'})
    const fixed = await call('profiling.compare_reports', {
      baseline: 'user://reports/a.json',
      current: 'user://reports/b.json',
      tolerance: 0.5,
    })
    const maxCheck = (fixed.checks as Json[]).find((c) => c.name === 'max_ms')!
    expect(maxCheck.verdict, JSON.stringify(maxCheck)).to.equal('better')
    // the other way round the stall is a regression: not ok, and JUnit names the failing figure
    const junit = join(tmp, 'report.xml')
    const args = [
      'profiling',
      'compare-reports',
      '--baseline',
      'user://reports/b.json',
      '--current',
      'user://reports/a.json',
    ]
    const res = await fx.cli([...args, '--tolerance', '0.5', '--junit', junit, '--json'])
    expect(res.code, 'a worse figure fails the CI step').to.equal(1)
    const worse = JSON.parse(res.stdout)
    expect(worse.ok).to.equal(false)
    const xml = readFileSync(junit, 'utf8')
    expect(xml).to.include('<testsuite name="profiling.compare_reports" tests="7"')
    expect(xml).to.match(/<testcase classname="profiling.compare_reports" name="max_ms"><failure message="max_ms: /)
    expect((xml.match(/<failure /g) ?? []).length).to.equal(worse.worse)
    const passing = await fx.cli([
      'profiling',
      'compare-reports',
      '--baseline',
      'user://reports/a.json',
      '--current',
      'user://reports/a.json',
      '--junit',
      junit,
    ])
    expect(passing.code, passing.stderr).to.equal(0)
    expect(readFileSync(junit, 'utf8')).to.include('failures="0"')
    await fx.failsWith(
      'profiling.compare_reports',
      {baseline: 'user://reports/none.json', current: 'user://reports/a.json'},
      -32001,
      'baseline',
      'profiling.play_report',
    )
  })

  it('stops the game', async () => {
    expect(await call('scene.stop')).to.include({stopped: true, pid})
    expect(pidAlive(pid)).to.equal(false)
  })
})
