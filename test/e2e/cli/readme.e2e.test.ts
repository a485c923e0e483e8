// The README's shell session, run as written against a real editor: inside the project every step exits 0;
// outside any project (the editor on the fallback port) every read exits 0 and says which project the
// answering editor serves, and every step that changes something is refused (exit 2) naming --project.
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {commandDoc} from '../../../src/catalog/catalog.js'
import {EXIT} from '../../../src/errors.js'
import {BRIDGE_BIN} from '../../support/cli.js'
import {REPO_ROOT} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

/** The command lines of the README's "Use it from a shell" block (without `cd` and comments). */
function readmeShellLines(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Use it from a shell'))
  const block = /```bash\n([\s\S]*?)```/.exec(section)![1]
  return block
    .split('\n')
    .map((l) => l.replace(/\s{2,}#.*$/, '').trim())
    .filter((l) => l.startsWith('bridge '))
}

/** Whether a README line runs a read-only command (`bridge node add …` → node.add; `bridge run <method>`). */
function readOnly(line: string): boolean {
  const words = line.split(/\s+/)
  const method = words[1] === 'run' ? words[2] : `${words[1].replaceAll('-', '_')}.${words[2].replaceAll('-', '_')}`
  return commandDoc(method)?.read_only === true
}

describe('README: the shell examples exit as documented (real editor)', function () {
  this.timeout(300_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      outside = mkdtempSync(join(tmpdir(), 'bridge-readme-'))
      home = mkdtempSync(join(tmpdir(), 'bridge-readme-home-'))
      return {env: {BRIDGE_WS_PORT: port}}
    },
  })
  let outside: string
  let home: string
  const port = String(45000 + Math.floor(Math.random() * 4000))

  const run = (line: string, cwd: string) =>
    spawnSync('bash', ['-c', `bridge() { "${process.execPath}" "${BRIDGE_BIN}" "$@"; }\n${line}`], {
      cwd,
      env: {...process.env, NO_COLOR: '1', BRIDGE_WS_PORT: port, HOME: home, XDG_CACHE_HOME: join(home, 'cache')},
      encoding: 'utf8',
      timeout: 60_000,
    })

  after(async () => {
    rmSync(outside, {recursive: true, force: true})
    rmSync(home, {recursive: true, force: true})
  })

  it('has the examples this test runs', () => {
    expect(readmeShellLines().length).to.be.greaterThan(5)
  })

  it('inside the project, every step exits 0', async () => {
    for (const line of readmeShellLines()) {
      const result = run(line, fx.editor.root)
      expect(result.status, `${line}\n${result.stdout}\n${result.stderr}`).to.equal(0)
    }
    // the session leaves Hero and Score (its undo took back the position): take them back for the next run
    for (;;) {
      const tree = JSON.stringify(await fx.editor.client.call('scene.tree'))
      if (!tree.includes('"Hero"') && !tree.includes('"Score"')) break
      await fx.editor.client.call('editor.undo', {any_client: true}) // the shell's steps
    }
  })

  it("outside any project, reads exit 0 naming the editor's project; changes are refused naming --project", async () => {
    const before = await fx.editor.client.call('scene.tree')
    let refused = 0
    for (const line of readmeShellLines()) {
      const result = run(line, outside)
      if (!/--help|autocomplete/.test(line) && !readOnly(line)) {
        expect(result.status, `${line}\n${result.stdout}\n${result.stderr}`).to.equal(EXIT.usage)
        expect(result.stderr, line).to.include(`--project ${fx.editor.root}`)
        refused++
        continue
      }
      expect(result.status, `${line}\n${result.stdout}\n${result.stderr}`).to.equal(0)
      if (/--help|autocomplete/.test(line)) continue
      expect(JSON.parse(result.stdout).editor_project, line).to.equal(fx.editor.root)
    }
    expect(refused, 'the README session has steps that change the scene').to.be.greaterThan(0)
    expect(await fx.editor.client.call('scene.tree'), 'a refused step changed the scene').to.deep.equal(before)
    const status = run('bridge status', outside)
    expect(status.status, status.stderr).to.equal(0)
    expect(JSON.parse(status.stdout)).to.include({project_root: fx.editor.root, inside_project: false})
  })
})
