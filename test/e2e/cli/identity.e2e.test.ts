// The right editor or a clear word about which one: with a project whose editor is not running, another
// project's editor on the fallback port is not this project's (verdict closed, naming it, exit 13); a stale
// discovery file pointing at another project's editor is refused as the wrong project (exit 3); outside any
// project the fallback port's editor answers reads, every result says which project it serves, and writes are
// refused unless --project names one.
import {expect} from 'chai'
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {EXIT} from '../../../src/errors.js'
import {parseJson, runCli} from '../../support/cli.js'
import {DEMO_PROJECT, freePort} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

describe("CLI: which editor answers (another project's editor on the port)", function () {
  this.timeout(120_000)
  let base: string
  let other: string
  let nowhere: string
  let env: NodeJS.ProcessEnv

  const fx = useEditor({
    pristine: false,
    async prepare() {
      base = mkdtempSync(join(tmpdir(), 'bridge-identity-'))
      other = join(base, 'other-game')
      nowhere = join(base, 'not-a-project')
      cpSync(DEMO_PROJECT, other, {recursive: true})
      cpSync(join(DEMO_PROJECT, 'scripts'), nowhere, {recursive: true})
      const port = String(await freePort())
      // project B has no editor: its fallback port is the one project A's editor holds
      env = {BRIDGE_WS_PORT: port}
      return {env: {BRIDGE_WS_PORT: port}}
    },
  })
  after(() => {
    if (base) rmSync(base, {recursive: true, force: true})
  })

  it("bridge status --project B reports closed and names A's editor, exit 13", async () => {
    const result = await runCli(['status', '--project', other, '--json'], {env})
    expect(result.code, result.stderr).to.equal(EXIT.closed)
    const report = parseJson<{verdict: string; other_editor: {project_root: string}; advice: string}>(result)
    expect(report.verdict).to.equal('closed')
    expect(report.other_editor.project_root).to.equal(fx.editor.root)
    expect(report.advice).to.include(fx.editor.root)
  })

  it("with no editor for project B, a command says closed (exit 13) and names A's editor", async () => {
    const result = await runCli(['node', 'get', '--node-path', 'Player', '--property', 'position', '--json'], {
      env,
      cwd: other,
    })
    expect(result.code, result.stderr).to.equal(EXIT.closed)
    expect(result.stderr).to.include(fx.editor.root)
    const error = parseJson<{error: {code: string; verdict: string; actual: string}}>(result).error
    expect(error).to.include({code: 'unreachable', verdict: 'closed', actual: fx.editor.root})
  })

  it("a stale discovery file of project B naming A's port is the wrong project (exit 3), naming both", async () => {
    const stale = join(base, 'stale-game')
    cpSync(DEMO_PROJECT, stale, {recursive: true})
    mkdirSync(join(stale, '.engine'), {recursive: true})
    const port = Number(env.BRIDGE_WS_PORT)
    writeFileSync(
      join(stale, '.engine', 'bridge.json'),
      JSON.stringify({pid: process.pid, ws_port: port, project_root: stale, started_at: 1}),
    )
    const result = await runCli(['node', 'get', '--node-path', 'Player', '--property', 'position', '--json'], {
      cwd: stale,
    })
    expect(result.code, result.stderr).to.equal(EXIT.wrongProject)
    expect(result.stderr).to.include(fx.editor.root).and.to.include(stale)
    expect(parseJson<{error: {code: string}}>(result).error.code).to.equal('wrong_project')
  })

  it('outside any project, status reports the fallback editor and the project it serves, exit 0', async () => {
    const result = await runCli(['status', '--json'], {env, cwd: nowhere})
    expect(result.code, result.stderr).to.equal(0)
    const report = parseJson<{verdict: string; project_root: string; inside_project: boolean}>(result)
    expect(report).to.include({verdict: 'running', project_root: fx.editor.root, inside_project: false})
  })

  it("outside any project, a command's JSON carries editor_project", async () => {
    const result = await runCli(['node', 'get', '--node-path', 'Player', '--property', 'position', '--json'], {
      env,
      cwd: nowhere,
    })
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson(result)).to.deep.include({value: [320, 180], editor_project: fx.editor.root})
    const run = await runCli(['run', 'scene.current', '--json'], {env, cwd: nowhere})
    expect(parseJson(run).editor_project).to.equal(fx.editor.root)
  })

  it('outside any project, a command that changes something is refused, naming the editor; nothing changes', async () => {
    const before = await fx.call('node.get', {node_path: 'Player', property: 'position'})
    for (const args of [
      ['node', 'set', '--node-path', 'Player', '--property', 'position', '--value', '[1, 2]', '--json'],
      ['run', 'node.set', '--params', '{"node_path": "Player", "property": "position", "value": [1, 2]}', '--json'],
    ]) {
      const result = await runCli(args, {env, cwd: nowhere})
      expect(result.code, result.stderr).to.equal(EXIT.usage)
      expect(result.stderr).to.include('node.set').and.to.include(`--project ${fx.editor.root}`)
    }
    expect(await fx.call('node.get', {node_path: 'Player', property: 'position'})).to.deep.equal(before)
  })

  it('outside any project, a piped script answers its reads and refuses its writes line by line', async () => {
    const input = [
      JSON.stringify({method: 'scene.current', id: 'read'}),
      JSON.stringify({method: 'node.rename', id: 'write', params: {node_path: 'Player', name: 'Hero'}}),
    ].join('\n')
    const result = await runCli(['run', '-'], {env, cwd: nowhere, input: input + '\n'})
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as {id: string; error?: unknown})
    expect(lines.find((l) => l.id === 'read')?.error).to.equal(undefined)
    expect(lines.find((l) => l.id === 'write')?.error, result.stdout).to.not.equal(undefined)
    expect(await fx.call('node.get', {node_path: 'Player', property: 'name'})).to.deep.include({value: 'Player'})
  })
})
