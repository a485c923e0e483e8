// `bridge run -` against a real editor: one JSON request per stdin line, one result line each, in order, over
// one connection; a bad line gets an error line and the stream goes on; any failure makes the exit status 1.
import {expect} from 'chai'
import {spawn} from 'node:child_process'

import {EXIT} from '../../../src/errors.js'
import {BRIDGE_BIN, runCli} from '../../support/cli.js'
import {useEditor} from '../../support/fixture.js'

type Line = {id: unknown; result?: Record<string, unknown>; error?: {code: string; message: string; exit_code: number}}

function outputLines(stdout: string): Line[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
}

describe('CLI pipeline mode: bridge run -', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const pipe = (lines: string[]) => runCli(['run', '-'], {cwd: fx.editor.root, input: lines.join('\n') + '\n'})

  it('runs every line in order, each seeing what the one before it changed, and exits 0', async () => {
    const run = await pipe([
      JSON.stringify({method: 'node.add', params: {type: 'Node2D', parent: '/root/Main', name: 'Piped'}, id: 'add'}),
      JSON.stringify({method: 'node.set', params: {node_path: 'Piped', property: 'position', value: [7, 8]}}),
      '',
      JSON.stringify({method: 'node.get', params: {node_path: '/root/Main/Piped', property: 'position'}, id: 42}),
      JSON.stringify({method: 'editor.undo'}),
      JSON.stringify({method: 'editor.undo'}),
    ])
    expect(run.code, run.stderr).to.equal(0)
    const lines = outputLines(run.stdout)
    expect(lines.map((l) => l.id)).to.deep.equal(['add', 2, 42, 5, 6])
    expect(
      lines.every((l) => l.result && !l.error),
      run.stdout,
    ).to.equal(true)
    expect(lines[0].result!.path).to.equal('/root/Main/Piped')
    expect(lines[2].result!.value).to.deep.equal([7, 8])
    // both undos applied: the node is gone again
    const gone = await fx.editor.client.call('node.get', {node_path: '/root/Main/Piped', property: 'name'}).then(
      () => false,
      () => true,
    )
    expect(gone).to.equal(true)
  })

  it('answers a bad line with an error line, goes on, and exits 1 at the end', async () => {
    const run = await pipe([
      JSON.stringify({method: 'engine.version', id: 'a'}),
      'this is not json',
      JSON.stringify({method: 'no_such.command', id: 'b'}),
      JSON.stringify({method: 'nodot'}),
      JSON.stringify({method: 'node.get', params: [1]}),
      JSON.stringify({method: 'node.add', params: {type: 'Node2D', bogus: 1}, id: 'c'}),
      JSON.stringify({method: 'engine.version', id: 'z'}),
    ])
    expect(run.code).to.equal(EXIT.commandFailed)
    expect(run.stderr).to.match(/5 of 7 requests failed/)
    const lines = outputLines(run.stdout)
    expect(lines.map((l) => l.id)).to.deep.equal(['a', 2, 'b', 4, 5, 'c', 'z'])
    expect(lines[0].result).to.be.an('object')
    expect(lines[1].error!.code).to.equal('usage')
    expect(lines[1].error!.message).to.match(/not valid JSON/)
    expect(lines[2].error!.code).to.equal('engine_error')
    expect(lines[3].error!.message).to.match(/<group>\.<command>/)
    expect(lines[4].error!.message).to.match(/"params" must be a JSON object/)
    expect(lines[5].error!.code).to.equal('engine_error')
    expect(lines[5].error!.message).to.match(/bogus/)
    expect(lines[6].result).to.deep.equal(lines[0].result)
  })

  it('answers 100 mixed requests in one process, in order', async () => {
    const requests = Array.from({length: 100}, (_, i) =>
      JSON.stringify(i % 2 ? {method: 'engine.version', id: i} : {method: 'scene.current', id: i}),
    )
    const run = await pipe(requests)
    expect(run.code, run.stderr).to.equal(0)
    expect(outputLines(run.stdout).map((l) => l.id)).to.deep.equal(requests.map((_, i) => i))
  })

  it('answers each line as it comes when the caller waits for an answer before writing the next (a coprocess)', async () => {
    const child = spawn(process.execPath, [BRIDGE_BIN, 'run', '-'], {
      cwd: fx.editor.root,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const answers: Line[] = []
    let buffer = ''
    const next = () =>
      new Promise<Line>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer line; so far: ${buffer}`)), 30_000)
        const check = () => {
          if (answers.length === 0) return
          clearTimeout(timer)
          child.stdout.off('data', check)
          resolve(answers.shift()!)
        }
        child.stdout.on('data', check)
        check()
      })
    child.stdout.on('data', (d) => {
      buffer += d
      let nl
      while ((nl = buffer.indexOf('\n')) !== -1) {
        answers.push(JSON.parse(buffer.slice(0, nl)))
        buffer = buffer.slice(nl + 1)
      }
    })
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)))
    child.stdin.write(
      JSON.stringify({method: 'node.add', params: {type: 'Node2D', parent: '/root/Main', name: 'Asked'}, id: 1}) + '\n',
    )
    const added = await next() // stdin is still open: the answer must not wait for more input
    expect(added.result!.path).to.equal('/root/Main/Asked')
    child.stdin.write(JSON.stringify({method: 'editor.undo', id: 2}) + '\n')
    expect((await next()).id).to.equal(2)
    child.stdin.end()
    expect(await exited).to.equal(0)
  })
})
