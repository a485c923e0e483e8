// The smoke runner and its report without an editor: a scripted fake of the editor's answers stands in for
// the JSON-RPC calls, so every path (pass, logged errors, a script error that pauses the game, a game that
// never starts or exits) is checked, and the game is always stopped.
import {expect} from 'chai'

import {formatReport, jsonReport} from '../src/report.js'
import {runSmoke} from '../src/smoke.js'

type Json = Record<string, any>

/** A fake editor: answers by method (a value, or a function of the params); records every call. */
function fakeEditor(answers: Record<string, unknown>) {
  const calls: [string, Json][] = []
  const call = async (method: string, params: Json = {}) => {
    calls.push([method, params])
    if (!(method in answers)) throw new Error(`unexpected call ${method}`)
    const answer = answers[method]
    if (answer instanceof Error) throw answer
    return typeof answer === 'function' ? answer(params) : answer
  }
  return {call, calls, methods: () => calls.map(([m]) => m)}
}

const PLAYING = {playing: true, paused_at_breakpoint: false}
const PNG = Buffer.from('\x89PNG fake').toString('base64')

describe('qa smoke runner', () => {
  it('passes a game that runs, takes the input, draws frames and logs no error; stops it', async () => {
    const editor = fakeEditor({
      'scene.play': {pid: 42, display_server: 'X11', renders: true},
      'scene.is_playing': PLAYING,
      'input.sequence': (p: Json) => ({
        delivered: p.events.filter((e: Json) => e.type !== 'wait').map((e: Json) => e.action),
      }),
      'runtime.capture_frames': (p: Json) => ({
        count: p.count,
        frames: Array.from({length: p.count}, () => ({width: 320, height: 180, image_base64: PNG})),
      }),
      'runtime.errors': {entries: [{type: 'stderr', message: 'just printerr'}]},
      'scene.stop': {stopped: true},
    })
    const report = await runSmoke(editor.call, {
      scene: 'res://main.tscn',
      input: [
        {type: 'action', action: 'jump', pressed: true},
        {type: 'wait', frames: 2},
      ],
      frames: 2,
      settleMs: 0,
    })
    expect(report.ok).to.equal(true)
    expect(report.problems).to.deep.equal([])
    expect(report.input).to.deep.equal({events: 2, delivered: ['jump']})
    expect(report.frames.count).to.equal(2)
    expect(editor.methods().at(-1)).to.equal('scene.stop')
    expect(editor.calls.find(([m]) => m === 'scene.play')).to.deep.equal([
      'scene.play',
      {scene: 'res://main.tscn', display: 'auto'},
    ])
    expect(formatReport(report)).to.match(/^qa smoke res:\/\/main\.tscn: passed in \d+\.\d s/)
    const json = jsonReport(report, ['/tmp/f0.png', '/tmp/f1.png'])
    expect(json.frames.items[0]).to.deep.equal({index: 0, width: 320, height: 180, file: '/tmp/f0.png'})
  })

  it('fails on logged errors, naming each with its script line; warnings only with failOnWarnings', async () => {
    const answers = {
      'scene.play': {pid: 1, display_server: 'headless', renders: false},
      'scene.is_playing': PLAYING,
      'runtime.errors': {
        entries: [
          {
            type: 'error',
            message: 'level missing',
            file: 'core/x.cpp',
            line: 9,
            script_file: 'res://a.gd',
            script_line: 5,
          },
          {type: 'script', message: 'bad index', file: 'res://b.gd', line: 12},
          {type: 'warning', message: 'unused', file: 'res://c.gd', line: 3},
        ],
      },
      'scene.stop': {},
    }
    const report = await runSmoke(fakeEditor(answers).call, {scene: 'main', settleMs: 0})
    expect(report.ok).to.equal(false)
    expect(report.problems).to.deep.equal([
      'error: level missing (res://a.gd:5)',
      'script error: bad index (res://b.gd:12)',
    ])
    expect(report.frames.skipped).to.include('headless')
    expect(report.warnings).to.deep.equal([{type: 'warning', message: 'unused', where: 'res://c.gd:3'}])
    const strict = await runSmoke(fakeEditor(answers).call, {scene: 'main', settleMs: 0, failOnWarnings: true})
    expect(strict.problems.at(-1)).to.equal('warning: unused (res://c.gd:3)')
    expect(formatReport(report)).to.include('FAILED (2 problems)')
  })

  it('reports a script error that paused the game with its stack, and reads nothing more from it', async () => {
    const editor = fakeEditor({
      'scene.play': {pid: 1, display_server: 'headless', renders: false},
      'scene.is_playing': {playing: true, paused_at_breakpoint: true},
      'debug.state': {
        reason: "Cannot call method 'queue_free' on a null value.",
        stack: [
          {function: '_process', file: 'res://s.gd', line: 8},
          {function: 'tick', file: 'res://t.gd', line: 2},
        ],
      },
      'scene.stop': {},
    })
    const report = await runSmoke(editor.call, {scene: 'main', input: [{type: 'wait', frames: 1}], settleMs: 0})
    expect(report.ok).to.equal(false)
    expect(report.stopped_at).to.deep.equal({
      reason: "Cannot call method 'queue_free' on a null value.",
      where: 'res://s.gd:8',
      stack: ['_process at res://s.gd:8', 'tick at res://t.gd:2'],
    })
    expect(report.problems).to.deep.equal([
      "the game stopped on a script error before the input: Cannot call method 'queue_free' on a null value. (res://s.gd:8)",
    ])
    expect(editor.methods()).to.not.include('input.sequence')
    expect(editor.methods()).to.not.include('runtime.errors')
    expect(editor.methods().at(-1)).to.equal('scene.stop')
    expect(formatReport(report)).to.include('    _process at res://s.gd:8')
  })

  it('says so when the game does not start or exits, and still stops', async () => {
    const noStart = fakeEditor({
      'scene.play': new Error('scene.play: the game exited right after starting'),
      'scene.stop': {},
    })
    const report = await runSmoke(noStart.call, {scene: 'main', settleMs: 0})
    expect(report.problems).to.deep.equal(['the game did not start: scene.play: the game exited right after starting'])
    expect(noStart.methods()).to.deep.equal(['debug.state', 'scene.play', 'scene.stop'])
    const exits = fakeEditor({
      'scene.play': {pid: 1, display_server: 'headless', renders: false},
      'scene.is_playing': {playing: false},
      'scene.stop': {},
    })
    const gone = await runSmoke(exits.call, {scene: 'main', settleMs: 0})
    expect(gone.problems).to.deep.equal([
      'the game exited before the frames (crashed or quit); editor.errors may say why',
    ])
    expect(formatReport(gone)).to.include('FAILED (1 problem)')
  })
})
