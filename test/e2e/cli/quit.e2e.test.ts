// `bridge editor quit` as a user runs it on an editor `bridge launch` started: the answer comes once the editor and
// its game are gone (the client waits for their pids: the editor cannot wait for its own end), and on a clean close
// none of bridge's files stays in the project (.engine/ with the discovery file and the editor's log); an editor
// that ends without closing cleanly keeps its log, for the user to read why.
import {expect} from 'chai'
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {parseJson, runCli} from '../../support/cli.js'
import {DEMO_PROJECT, childPids, isolatedEnv, waitForExit} from '../../support/editor.js'

/**
 * Whether `pid` still runs: an exited process left unreaped (a zombie: in a container whose init does not reap,
 * an editor `bridge launch` started stays one) has ended.
 */
function running(pid: number): boolean {
  if (!pidAlive(pid)) return false
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

describe('bridge editor quit (real editor started by bridge launch)', function () {
  this.timeout(240_000)
  let base: string
  let project: string
  let env: NodeJS.ProcessEnv
  const started: number[] = []

  async function launch(): Promise<number> {
    const result = await runCli(['launch', '--project', project, '--headless', '--timeout', '110000', '--json'], {
      env,
      timeoutMs: 120_000,
    })
    expect(result.code, result.stderr).to.equal(0)
    const {pid} = parseJson<{pid: number}>(result)
    started.push(pid)
    return pid
  }

  before(async () => {
    base = mkdtempSync(join(tmpdir(), 'bridge-quit-'))
    project = join(base, 'game')
    cpSync(DEMO_PROJECT, project, {recursive: true})
    env = await isolatedEnv(join(base, 'home'))
    const installed = await runCli(['install', '--project', project, '--enable', '--json'], {env})
    expect(installed.code, installed.stderr).to.equal(0)
  })
  after(async () => {
    // only what this file started, by pid: editors and any game they still have
    for (const pid of started) {
      const games = childPids(pid)
      if (pidAlive(pid)) {
        process.kill(pid, 'SIGKILL')
        await waitForExit(pid, 10_000)
      }
      for (const g of games) if (pidAlive(g)) process.kill(g, 'SIGKILL')
    }
    rmSync(base, {recursive: true, force: true})
  })

  it('answers once the editor and its game have exited, and leaves none of bridge files in the project', async () => {
    const pid = await launch()
    expect(existsSync(join(project, '.engine', 'editor.log')), 'launch logs the editor there').to.equal(true)
    const play = await runCli(['scene', 'play', '--project', project, '--display', 'headless', '--json'], {env})
    expect(play.code, play.stderr).to.equal(0)
    const game = parseJson<{pid: number}>(play).pid
    expect(game).to.be.greaterThan(0)
    expect(pidAlive(game)).to.equal(true)

    const quit = await runCli(['editor', 'quit', '--project', project, '--json'], {env, timeoutMs: 90_000})
    expect(quit.code, quit.stderr).to.equal(0)
    // right after the CLI returns: a behaviour of the answer, not a duration
    expect(running(pid), `editor pid ${pid} after the quit answered: ${quit.stdout}`).to.equal(false)
    expect(running(game), `game pid ${game} after the quit answered`).to.equal(false)
    const said = parseJson<Record<string, unknown>>(quit)
    expect(said).to.include({quitting: true, waited: true, gone: true, clean: true, pid, game_pid: game})
    expect(said.files_left).to.deep.equal([])
    expect(existsSync(join(project, '.engine')), 'no .engine/ (discovery file, editor.log) left behind').to.equal(false)
  })

  it('an editor that ends without closing cleanly keeps its log in .engine/', async () => {
    const pid = await launch()
    process.kill(pid, 'SIGKILL')
    expect(await waitForExit(pid, 10_000)).to.equal(true)
    expect(existsSync(join(project, '.engine', 'editor.log')), 'the log of an editor that crashed stays').to.equal(true)
  })
})
