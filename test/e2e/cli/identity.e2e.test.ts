// The right editor or a clear word about which one: with a project, an editor of another project on the
// port is not this project's (status: closed, naming it; commands: exit 3); outside any project, the
// fallback port's editor answers and every result says which project it serves.
import {expect} from 'chai'
import {cpSync, mkdtempSync, rmSync} from 'node:fs'
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

  it('every command with project B refuses the editor of A (exit 3), naming both', async () => {
    const result = await runCli(['node', 'get', '--node-path', 'Player', '--property', 'position', '--json'], {
      env,
      cwd: other,
    })
    expect(result.code, result.stderr).to.equal(EXIT.wrongProject)
    expect(result.stderr).to.include(fx.editor.root)
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
})
