// The CLI against a real editor as a person types it: generated commands with coerced flags, the read
// back, refusals before sending, and forwarding of commands only the live editor knows.
import {expect} from 'chai'
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {EXIT} from '../../../src/errors.js'
import {parseJson, runCli} from '../../support/cli.js'
import {DEMO_PROJECT, REPO_ROOT} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

describe('CLI commands against a real editor', function () {
  this.timeout(120_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      fixture = join(mkdtempSync(join(tmpdir(), 'bridge-cli-')), 'game')
      cpSync(DEMO_PROJECT, fixture, {recursive: true})
      mkdirSync(join(fixture, 'bridge_commands'))
      cpSync(join(REPO_ROOT, 'test', 'fixtures', 'local-commands'), join(fixture, 'bridge_commands'), {recursive: true})
      return {fixture}
    },
  })
  let fixture: string
  const cli = (...args: string[]) => runCli([...args, '--json'], {cwd: fx.editor.root})

  after(async () => {
    rmSync(join(fixture, '..'), {recursive: true, force: true})
  })

  it('bridge node add --type Sprite2D --parent /root/Main --name Hero adds the node, and it reads back', async () => {
    const added = await cli('node', 'add', '--type', 'Sprite2D', '--parent', '/root/Main', '--name', 'Hero')
    expect(added.code, added.stderr).to.equal(0)
    expect(parseJson(added).path).to.equal('/root/Main/Hero')
    const set = await cli('node', 'set', '--node-path', 'Hero', '--property', 'position', '--value', '10,20')
    expect(set.code, set.stderr).to.equal(0)
    const got = parseJson(await cli('node', 'get', '--node-path', '/root/Main/Hero', '--property', 'position'))
    expect(got.value).to.deep.equal([10, 20])
    const undo = await cli('editor', 'undo')
    expect(undo.code, undo.stderr).to.equal(0)
  })

  it('coerces a Color flag and an int flag by the declared types', async () => {
    const result = await cli(
      'node',
      'add',
      '--type',
      'ColorRect',
      '--name',
      'Swatch',
      '--index',
      '0',
      '--properties',
      '{"color": "#ff8800"}',
    )
    expect(result.code, result.stderr).to.equal(0)
    const color = parseJson<{value: number[]}>(await cli('node', 'get', '--node-path', 'Swatch', '--property', 'color'))
    expect(color.value.map((c) => Math.round(c * 255))).to.deep.equal([255, 136, 0, 255])
    const tree = parseJson<{children?: {name: string}[]}>(await cli('scene', 'tree', '--max-depth', '1'))
    expect(JSON.stringify(tree)).to.include('Swatch')
  })

  it('refuses an invalid flag value before sending, naming the flag, and changes nothing', async () => {
    const before = await cli('scene', 'tree')
    const bad = await cli('node', 'add', '--type', 'Node2D', '--index', 'first')
    expect(bad.code).to.equal(EXIT.usage)
    expect(bad.stderr).to.include('--index')
    const range = await cli('node', 'add', '--type', 'Node2D', '--index', '-1')
    expect(range.code).to.equal(EXIT.usage)
    expect(range.stderr).to.include("'index'")
    expect((await cli('scene', 'tree')).stdout).to.equal(before.stdout)
  })

  it('reports a node path that does not exist with exit 1 and the path named', async () => {
    const result = await cli('node', 'get', '--node-path', '/root/Main/Nobody', '--property', 'position')
    expect(result.code).to.equal(EXIT.commandFailed)
    expect(result.stderr).to.include('Nobody')
    expect(parseJson<{error: {rpc_code: number}}>(result).error.rpc_code).to.equal(-32001)
  })

  it('forwards a project-local command the catalog does not know, with flags read by its live docs', async () => {
    const result = await cli('greet', 'hello', '--name', 'Ada', '--times', '2', '--loud')
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson(result).greeting).to.equal('HELLO, ADA!HELLO, ADA!')
  })

  it('bridge run calls any method with JSON params', async () => {
    const result = await cli('run', 'greet.hello', '--params', '{"name": "Run"}')
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson(result).greeting).to.equal('Hello, Run!')
  })

  it('a verdict command exits like a test runner: 1 on a fail, 0 on a pass — one-shot, bridge run and bridge run -', async () => {
    mkdirSync(join(fx.editor.root, 'verdict'), {recursive: true})
    writeFileSync(join(fx.editor.root, 'verdict', 'broken.gd'), 'extends Node\n\nfunc _ready() -> void\n\tpass\n')
    writeFileSync(join(fx.editor.root, 'verdict', 'fine.gd'), 'extends Node\n\nfunc _ready() -> void:\n\tpass\n')
    const broken = await cli('script', 'validate', '--path', 'res://verdict/broken.gd')
    expect(parseJson(broken).ok, broken.stdout).to.equal(false)
    expect(broken.code, 'a script that does not compile fails the shell step').to.equal(EXIT.commandFailed)
    const fine = await cli('script', 'validate', '--path', 'res://verdict/fine.gd')
    expect([fine.code, parseJson(fine).ok], fine.stderr).to.deep.equal([0, true])
    const run = await cli('run', 'script.validate', '--params', '{"path": "res://verdict/broken.gd"}')
    expect([run.code, parseJson(run).ok]).to.deep.equal([EXIT.commandFailed, false])
    const lines = ['fine.gd', 'broken.gd'].map((f) =>
      JSON.stringify({method: 'script.validate', params: {path: `res://verdict/${f}`}}),
    )
    const piped = await runCli(['run', '-'], {cwd: fx.editor.root, input: lines.join('\n') + '\n'})
    expect(
      piped.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).result.ok),
    ).to.deep.equal([true, false])
    expect(piped.code).to.equal(EXIT.commandFailed)
    expect(piped.stderr).to.include('1 of 2 requests failed (1 of them a failed verdict)')
    rmSync(join(fx.editor.root, 'verdict'), {recursive: true, force: true})
  })

  it('bridge audit shows the run_script bodies the editor ran, newest last', async () => {
    const marker = `audit_cli_${Date.now()}`
    await fx.editor.client.call('editor.run_script', {code: `return "${marker}"`})
    const out = await cli('audit', '--limit', '5')
    expect(out.code, out.stderr).to.equal(0)
    const {entries} = parseJson<{entries: {body?: string; outcome: string; transport?: string}[]}>(out)
    const started = entries.filter((e) => e.body?.includes(marker))
    expect(started).to.have.length(1)
    expect(started[0]).to.include({outcome: 'started', transport: 'ws'})
  })

  it('ends an unknown command of a live group non-zero, and an unknown flag too', async () => {
    const unknown = await cli('greet', 'goodbye')
    expect(unknown.code).to.equal(EXIT.usage)
    expect(unknown.stderr).to.include("no method 'greet.goodbye'")
    const flag = await cli('greet', 'hello', '--name', 'x', '--colour', 'red')
    expect(flag.code).to.equal(EXIT.usage)
    expect(flag.stderr).to.include('--colour')
  })
})
