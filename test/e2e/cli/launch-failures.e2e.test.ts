// `bridge launch` when things go wrong, with stand-in engines (shell scripts) so each case is exact and
// fast: a project without the addon is refused at once; an engine that exits while starting is quoted
// from its log; one that never answers is stopped at --timeout (milliseconds); nothing is left running.
import {expect} from 'chai'
import {chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {EXIT} from '../../../src/errors.js'
import {parseJson, runCli} from '../../support/cli.js'
import {deadline} from '../../support/deadline.js'
import {DEMO_PROJECT, isolatedEnv, waitForExit} from '../../support/editor.js'

describe('bridge launch failures (stand-in engines)', function () {
  this.timeout(60_000)
  let base: string
  let bare: string
  let ready: string
  const engine = (name: string, body: string) => {
    const file = join(base, name)
    writeFileSync(file, `#!/bin/sh\necho $$ > ${join(base, name + '.pid')}\n${body}\n`)
    chmodSync(file, 0o755)
    return file
  }
  const pidOf = (name: string) => Number(readFileSync(join(base, name + '.pid'), 'utf8'))
  // no display, whatever the machine running the tests has
  let env: NodeJS.ProcessEnv

  before(async () => {
    base = mkdtempSync(join(tmpdir(), 'bridge-launch-fail-'))
    // an editor that does start anyway keeps its settings, user data and ports to itself
    env = {...(await isolatedEnv(join(base, 'home'))), DISPLAY: '', WAYLAND_DISPLAY: ''}
    bare = join(base, 'bare')
    ready = join(base, 'ready')
    cpSync(DEMO_PROJECT, bare, {recursive: true})
    cpSync(DEMO_PROJECT, ready, {recursive: true})
    copyAddon(ready)
    enablePlugin(ready)
  })
  after(() => rmSync(base, {recursive: true, force: true}))

  it('refuses a project without the addon at once, naming bridge install --enable, and starts nothing', async () => {
    const godot = engine('never.sh', 'sleep 30')
    const result = await deadline(
      runCli(['launch', '--project', bare, '--godot', godot, '--json'], {env}),
      20_000,
      'launch of a project without the addon',
    )
    expect(result.code, result.stderr).to.equal(EXIT.usage)
    expect(parseJson<{error: {message: string}}>(result).error.message)
      .to.include('bridge install')
      .and.include('--enable')
    expect(existsSync(join(base, 'never.sh.pid')), 'the engine was not started').to.equal(false)
  })

  it("quotes the engine's log when it exits while starting, names the log, and points to --headless", async () => {
    const godot = engine('dies.sh', 'echo "ERROR: Could not open display: the stand-in failed" >&2; exit 1')
    const result = await runCli(['launch', '--project', ready, '--godot', godot, '--json'], {env})
    expect(result.code, result.stderr).to.equal(EXIT.crashed)
    const {error} = parseJson<{error: {message: string; log_file: string}}>(result)
    expect(error.message).to.include('Could not open display: the stand-in failed')
    expect(error.message).to.include(join(ready, '.engine', 'editor.log'))
    expect(error.message).to.include('--headless')
  })

  it('stops an engine that never answers at --timeout (milliseconds) and leaves no process behind', async () => {
    const godot = engine('hangs.sh', 'sleep 60')
    // gives up at --timeout, not when the stand-in's 60 s sleep ends
    const result = await deadline(
      runCli(['launch', '--project', ready, '--godot', godot, '--headless', '--timeout', '1500', '--json'], {env}),
      30_000,
      'launch --timeout 1500',
    )
    expect(result.code, result.stderr).to.equal(EXIT.starting)
    expect(parseJson<{error: {message: string}}>(result).error.message).to.include('1500 ms')
    const pid = pidOf('hangs.sh')
    expect(await waitForExit(pid, 2000), `stand-in engine ${pid} still running`).to.equal(true)
  })

  it('says which unit --timeout takes', async () => {
    const help = await runCli(['launch', '--help'])
    expect(help.stdout).to.match(/--timeout=<value>\s+\[default: 120000\] Milliseconds/)
    const node = await runCli(['node', 'get', '--help'])
    expect(node.stdout).to.match(/--timeout=<value>\s+Milliseconds/)
  })
})
