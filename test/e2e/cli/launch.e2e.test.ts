// `bridge install` and `bridge launch` as a user runs them: a real editor started through the engine's
// own command line, progress until running, and no second editor for a project that has one.
import {expect} from 'chai'
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {pidAlive, readDiscovery} from '../../../src/editor/discovery.js'
import {parseJson, runCli} from '../../support/cli.js'
import {DEMO_PROJECT, childPids, isolatedEnv, waitForExit} from '../../support/editor.js'

describe('bridge install + launch (real editor)', function () {
  this.timeout(150_000)
  let base: string
  let project: string
  let env: NodeJS.ProcessEnv
  let pid = 0

  before(async () => {
    base = mkdtempSync(join(tmpdir(), 'bridge-launch-'))
    project = join(base, 'game')
    cpSync(DEMO_PROJECT, project, {recursive: true})
    // the launched editor keeps its settings, user data and ports to itself, like the harness's own
    env = await isolatedEnv(join(base, 'home'))
  })
  after(async () => {
    if (pid && pidAlive(pid)) {
      const games = childPids(pid)
      await runCli(['editor', 'quit', '--project', project], {env})
      if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL')
      for (const g of games) if (pidAlive(g)) process.kill(g, 'SIGKILL')
    }
    rmSync(base, {recursive: true, force: true})
  })

  it('install --enable copies the addon and enables it, changing only that section', async () => {
    const before = readFileSync(join(project, 'project.godot'), 'utf8')
    const result = await runCli(['install', '--project', project, '--enable', '--json'], {env})
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson(result).project_godot_changed).to.equal(true)
    const after = readFileSync(join(project, 'project.godot'), 'utf8')
    expect(after.startsWith(before.trimEnd())).to.equal(true)
    expect(after).to.include('enabled=PackedStringArray("res://addons/bridge/plugin.cfg")')
    expect(readFileSync(join(project, 'addons', 'bridge', 'plugin.cfg'), 'utf8')).to.include('name="bridge"')
    const again = await runCli(['install', '--project', project, '--enable', '--json'], {env})
    expect(parseJson(again).project_godot_changed).to.equal(false)
  })

  it('launch --headless starts the editor and returns once it is running', async () => {
    // launch gives up (and stops its editor) before the harness would kill it
    const result = await runCli(['launch', '--project', project, '--headless', '--timeout', '110000', '--json'], {
      env,
      timeoutMs: 120_000,
    })
    expect(result.code, result.stderr).to.equal(0)
    const out = parseJson<{pid: number; ws_port: number; verdict: string}>(result)
    pid = out.pid
    expect(out.verdict).to.equal('running')
    expect(readDiscovery(project)?.pid).to.equal(pid)
    const status = await runCli(['status', '--project', project, '--json'], {env})
    expect(status.code).to.equal(0)
    expect(parseJson(status).verdict).to.equal('running')
  })

  it('launch returns once bridge answers, says whether the editor is still opening, and a scene command right after waits for it', async () => {
    const quit = await runCli(['editor', 'quit', '--project', project], {env})
    expect(quit.code, quit.stderr).to.equal(0)
    expect(await waitForExit(pid, 20_000), 'the first editor quit').to.equal(true)
    const result = await runCli(['launch', '--project', project, '--headless', '--timeout', '110000', '--json'], {
      env,
      timeoutMs: 120_000,
    })
    expect(result.code, result.stderr).to.equal(0)
    const out = parseJson<{pid: number; ready: unknown}>(result)
    pid = out.pid
    // bridge answers during the editor's first scan: launch no longer waits for the end of its start-up work
    expect(out.ready, 'launch says whether the editor has finished opening the project').to.be.a('boolean')
    const opened = await runCli(
      ['run', 'scene.open', '--params', '{"path":"res://scenes/ui.tscn"}', '--project', project, '--json'],
      {env},
    )
    expect(opened.code, opened.stderr).to.equal(0)
    const current = await runCli(['run', 'scene.current', '--project', project, '--json'], {env})
    expect(parseJson<{path: string}>(current).path).to.equal('res://scenes/ui.tscn')
  })

  it('launch on a project whose editor runs says so and exits 0, starting nothing', async () => {
    const result = await runCli(['launch', '--project', project, '--headless', '--json'], {env})
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson(result)).to.include({verdict: 'running', already_running: true, pid})
    expect(readDiscovery(project)?.pid, 'the running editor is untouched').to.equal(pid)
  })
})
