// The sweep of "what the engine said belongs to the answer" (core/engine_said.gd, docs/architecture.md): every
// command's declared example runs, one at a time, and every error or warning the engine logged while it ran
// (editor.errors, read around the call) is quoted in that call's answer as `engine_messages` (an error's data
// for a refused call), with its seq; the answer quotes nothing that was not logged. Calls that make the engine
// complain — a script pushing an error before and after an await, a node looked up that is not there — prove
// the sweep can fail; its counts say how many examples logged anything themselves.
import {expect} from 'chai'

import {EngineError} from '../../../src/errors.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {type Doc, exampleOrder, freshFor, snapshot, SWEEP_GROUPS} from '../../support/sweep.js'

const SEVERITIES = ['error', 'warning', 'script', 'shader']

/** Calls that make the engine log while they run: each must quote what it caused. */
const COMPLAINING: {method: string; params: Json; logs: RegExp}[] = [
  {
    method: 'editor.run_script',
    params: {code: 'push_error("sweep: before any await")\nreturn 1'},
    logs: /before any await/,
  },
  {
    method: 'editor.run_script',
    params: {code: 'await Engine.get_main_loop().process_frame\npush_warning("sweep: after an await")\nreturn 2'},
    logs: /after an await/,
  },
  {method: 'node.call', params: {node_path: '/root/Main', method: 'get_node', args: ['NotThere']}, logs: /NotThere/},
]

describe('engine messages: what the engine logs during any command is in its answer (real editor)', function () {
  this.timeout(1_200_000)
  const fx = useEditor({pristine: false, xvfb: true})
  const call = <T = Json>(method: string, params: Json = {}) => fx.editor.client.call<T>(method, params)
  let docs: Doc[]
  let files: Map<string, Buffer>

  before(async () => {
    const all = (await call<{commands: Doc[]}>('engine.commands')).commands.filter((c) => c.source === 'builtin')
    docs = SWEEP_GROUPS.length > 0 ? all.filter((c) => SWEEP_GROUPS.includes(c.method.split('.')[0])) : all
    files = snapshot(fx.editor.root)
  })
  afterEach(() => fx.game.stop())

  /** The call's answer (a result, or a refusal's data) and what editor.errors listed from just before it. */
  async function logged(method: string, params: Json): Promise<{answer: Json; entries: Json[]; failed: boolean}> {
    const {next_seq: since} = await call<{next_seq: number}>('editor.errors', {limit: 1, source: 'editor'})
    const answer = await call(method, params).then(
      (result) => ({result, failed: false}),
      (error: unknown) => {
        if (!(error instanceof EngineError)) throw error
        return {result: (error.rpcData ?? {}) as Json, failed: true}
      },
    )
    if (typeof answer.result?.pid === 'number') fx.game.track(answer.result.pid)
    const {entries} = await call<{entries: Json[]}>('editor.errors', {since, source: 'editor', limit: 1000})
    return {
      answer: answer.result,
      entries: entries.filter((e) => SEVERITIES.includes(e.type)),
      failed: answer.failed,
    }
  }

  /** What of `entries` the answer leaves out, and what it quotes that was never logged. */
  function mismatch(method: string, answer: Json, entries: Json[]): string[] {
    const quoted = ((answer?.engine_messages ?? []) as Json[]).map((m) => m.seq as number)
    const seqs = entries.map((e) => e.seq as number)
    const out: string[] = []
    for (const e of entries)
      if (!quoted.includes(e.seq) && !answer?.engine_messages_note)
        out.push(`${method}: logged "${e.message}" (seq ${e.seq}) but its answer does not quote it`)
    for (const seq of quoted)
      if (!seqs.includes(seq)) out.push(`${method}: its answer quotes seq ${seq}, which editor.errors does not list`)
    return out
  }

  it('quotes, in the answer of each call that makes the engine complain, what it logged', async () => {
    await call('scene.open', {path: 'res://scenes/main.tscn'})
    for (const c of COMPLAINING) {
      const {answer, entries} = await logged(c.method, c.params)
      expect(
        entries.some((e) => c.logs.test(String(e.message))),
        `${c.method} logged ${c.logs}`,
      ).to.equal(true)
      expect(mismatch(c.method, answer, entries)).to.deep.equal([])
      const said = (answer.engine_messages as Json[]).find((m) => c.logs.test(String(m.message)))
      expect(said, JSON.stringify(answer)).to.not.equal(undefined)
      expect(Object.keys(said!).sort()).to.deep.equal(['file', 'line', 'message', 'seq', 'severity'])
    }
  })

  it('runs every example: whatever the engine logged while it ran is in its answer', async () => {
    const failures: string[] = []
    let ran = 0
    let logging = 0
    const play = docs.find((d) => d.method === 'scene.play') ?? {
      ...(await call<{commands: Doc[]}>('engine.commands', {group: 'scene'})).commands.find(
        (d) => d.method === 'scene.play',
      )!,
    }
    const {sequence, inGame} = exampleOrder(docs, play)
    for (const doc of sequence) {
      if (doc.method === 'editor.quit') continue // the editor's end: nothing after it could be read
      try {
        if (!inGame.has(doc) || doc === play) await freshFor(call, fx.editor.root, files, doc)
        else for (const step of doc.example_setup ?? []) await call(step.method, step.params ?? {})
        const {answer, entries} = await logged(doc.method, doc.example)
        failures.push(...mismatch(doc.method, answer, entries))
        if (docs.includes(doc)) ran++
        if (entries.length > 0) logging++
      } catch (error) {
        failures.push(`${doc.method}: ${(error as Error).message}`)
      }
    }
    console.log(`      engine messages: ${ran}/${docs.length} examples ran; ${logging} logged something, all quoted`)
    expect(failures, failures.join('\n')).to.deep.equal([])
  })
})
