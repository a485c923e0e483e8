// No null for a failure: every parameter a command declares `evaluates: true` (engine.commands) answers an
// expression or body that does not parse, and one that fails when it runs, as that call's error: a typed code
// (-32602 for a parse error, -32000 for a run error), the parameter named, the line of the engine's complaint
// counted in the parameter's own text, and an expression echoed. Generated from the declarations: a new
// evaluating parameter without a case here fails the sweep.
import {expect} from 'chai'

import {evaluatingParams, type ParamLike} from '../../support/code-params.js'
import {type Json, useEditor} from '../../support/fixture.js'

const INVALID = -32602
const FAILED = -32000
const PLAYER = 'res://scripts/player.gd'

/** How to call one evaluating parameter with a value, and what it is given. */
interface Case {
  /** What the call needs: a running game, a frozen one, or one held at a breakpoint. */
  needs: 'editor' | 'game' | 'break'
  call: (value: string) => [string, Json]
  /** Does not parse; the engine names `parseLine` of it. */
  parse: string
  parseLine?: number
  /** Parses, then fails as it runs, on `runLine` of it; `runSays` is in the engine's complaint. */
  run: string
  runLine?: number
  runSays: RegExp
  /** An expression (echoed in the error), not a body of statements. */
  expression: boolean
}

const body = (method: string, param: string) => (v: string) => [method, {[param]: v}] as [string, Json]

const CASES: Record<string, Case> = {
  'editor.run_script.code': {
    needs: 'editor',
    call: body('editor.run_script', 'code'),
    parse: 'var a = 1\nvar b = \nreturn a',
    parseLine: 2,
    run: 'var n = null\nn.queue_free()\nreturn 5',
    runLine: 2,
    runSays: /null instance|Nil/,
    expression: false,
  },
  'runtime.eval.code': {
    needs: 'game',
    call: body('runtime.eval', 'code'),
    parse: 'var a = 1\nvar b = \nreturn a',
    parseLine: 2,
    run: 'var n = null\nn.queue_free()\nreturn 5',
    runLine: 2,
    runSays: /null instance|Nil/,
    expression: false,
  },
  'runtime.wait_until.condition': {
    needs: 'game',
    call: (v) => ['runtime.wait_until', {condition: v, timeout_ms: 3000}],
    parse: 'tree.get_frame() >',
    parseLine: 1,
    run: 'scene.get_node_or_null("Nope").position.x > 0',
    runLine: 1,
    runSays: /Nil|null/,
    expression: true,
  },
  'runtime.step.until': {
    needs: 'game',
    call: (v) => ['runtime.step', {frames: 5, until: v}],
    parse: 'tree.get_frame() >',
    parseLine: 1,
    run: 'scene.get_node_or_null("Nope").position.x > 0',
    runLine: 1,
    runSays: /Nil|null/,
    expression: true,
  },
  'runtime.step.watch': {
    needs: 'game',
    call: (v) => ['runtime.step', {frames: 2, watch: ['tree.get_frame()', v]}],
    parse: 'tree.get_frame() >',
    parseLine: 1,
    run: 'scene.get_node_or_null("Nope").position',
    runLine: 1,
    runSays: /Nil|null/,
    expression: true,
  },
  'runtime.record.watch': {
    needs: 'game',
    call: (v) => [
      'runtime.record',
      {mode: 'start', path: 'user://runs/eval-errors.jsonl', watch: ['tree.get_frame()', v]},
    ],
    parse: 'tree.get_frame() >',
    parseLine: 1,
    run: 'scene.get_node_or_null("Nope").position',
    runLine: 1,
    runSays: /Nil|null/,
    expression: true,
  },
  'debug.evaluate.expression': {
    needs: 'break',
    call: body('debug.evaluate', 'expression'),
    parse: 'health - * amount',
    parseLine: 1,
    run: 'amount.no_such_member',
    runSays: /no_such_member/,
    expression: true,
  },
}

describe('no null for a failure: every evaluating parameter answers a parse or run error as the call’s error (real editor)', function () {
  this.timeout(240_000)
  const fx = useEditor({pristine: false})
  let swept: [string, ParamLike][] = []

  before(async () => {
    const {commands} = await fx.call<{commands: {method: string; params: ParamLike[]}[]}>('engine.commands')
    swept = evaluatingParams(commands)
  })
  after(async () => {
    await fx.game.stop()
    await fx.call('debug.clear_breakpoints').catch(() => null)
  })

  it('has a case for every parameter declared evaluates: true, and none for one that is not', () => {
    const declared = swept.map(([method, p]) => `${method}.${p.name}`)
    expect(declared.length).to.be.at.least(7)
    expect(Object.keys(CASES)).to.have.members(declared)
  })

  async function check(key: string, kind: 'parse' | 'run') {
    const c = CASES[key]
    const param = key.split('.').pop()!
    const value = c[kind]
    const [method, params] = c.call(value)
    const error = await fx.rpcError(method, params)
    const what = `${key} (${kind}): ${error.message} ${JSON.stringify(error.rpcData)}`
    expect(error.rpcCode, what).to.equal(kind === 'parse' ? INVALID : FAILED)
    const data = (error.rpcData ?? {}) as Json
    const line = kind === 'parse' ? c.parseLine : c.runLine
    if (line !== undefined) expect(error.message, what).to.include(`line ${line}:`)
    if (kind === 'run') expect(error.message, what).to.match(c.runSays)
    expect(data.param, what).to.equal(param)
    if (c.expression) {
      expect(data, what).to.include({param, expression: value})
      expect(error.message, what).to.include(value)
      if (line !== undefined) expect(data.line, what).to.equal(line)
    }
  }

  for (const [key, c] of Object.entries(CASES).filter(([, c]) => c.needs !== 'break')) {
    it(`${key}: a parse error and a run error are the call’s errors`, async () => {
      if (c.needs === 'game' && !(await fx.call('scene.is_playing')).playing) await fx.game.play()
      await check(key, 'parse')
      await check(key, 'run')
    })
  }

  it('debug.evaluate.expression (a game held at a breakpoint): a parse error and a run error are the call’s errors', async () => {
    await fx.game.stop()
    await fx.call('debug.set_breakpoint', {path: PLAYER, line: 16})
    await fx.game.play()
    const hit = await fx.rpcError('runtime.call', {node_path: 'Player', method: 'take_damage', args: [7]})
    expect(hit.message).to.include('paused at a breakpoint')
    await check('debug.evaluate.expression', 'parse')
    await check('debug.evaluate.expression', 'run')
  })
})
