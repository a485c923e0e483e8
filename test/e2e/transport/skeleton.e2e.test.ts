// The walking skeleton against real editors: project info through the CLI, all four verdicts produced
// for real, two editors on two projects reached by project, discovery written and removed.
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import WebSocket from 'ws'

import {discoveryPath} from '../../../src/editor/discovery.js'
import {EXIT} from '../../../src/errors.js'
import {BRIDGE_BIN, parseJson, runCli} from '../../support/cli.js'
import {freePort, type TestEditor} from '../../support/editor.js'
import {useEditor, useEditors} from '../../support/fixture.js'

describe('walking skeleton (real editor)', function () {
  this.timeout(120_000)
  // unpinned: this file checks the addon's own choice of port (the first free one of 9080-9095)
  const fx = useEditor({pristine: false, pinPorts: false})

  it('writes the discovery file with ports, pid, root and versions when bound', () => {
    const info = JSON.parse(readFileSync(discoveryPath(fx.editor.root), 'utf8'))
    expect(info.pid).to.equal(fx.editor.pid)
    expect(info.project_root).to.equal(fx.editor.root)
    expect(info.ws_port).to.be.within(9080, 9095)
    expect(info.engine_version).to.match(/^4\.6\./)
    expect(info).to.include.keys('http_port', 'addon_version', 'started_at')
  })

  it('bridge project info prints the fixture name and engine 4.6 as JSON', async () => {
    const result = await runCli(['project', 'info', '--project', fx.editor.root, '--json'])
    expect(result.code, result.stderr).to.equal(0)
    const info = parseJson(result)
    expect(info.name).to.equal('Bridge Demo')
    expect(info.engine_version).to.match(/^4\.6\./)
    expect(info.project_root).to.equal(fx.editor.root)
  })

  it('finds the project from a working directory inside it', async () => {
    const result = await runCli(['project', 'info', '--json'], {cwd: join(fx.editor.root, 'scenes')})
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson(result).project_root).to.equal(fx.editor.root)
  })

  it('prints JSON without --json when stdout is not a terminal', async () => {
    const result = await runCli(['project', 'info', '--project', fx.editor.root])
    expect(result.code).to.equal(0)
    expect(parseJson(result).name).to.equal('Bridge Demo')
  })

  it('prints a readable summary on a terminal', () => {
    // `script` gives the CLI a real pseudo-terminal
    const cmd = `${process.execPath} ${BRIDGE_BIN} project info --project ${fx.editor.root}`
    const out = execFileSync('script', ['-qec', cmd, '/dev/null'], {
      encoding: 'utf8',
      env: {...process.env, NO_COLOR: '1'},
    })
    expect(out).to.match(/name\s+Bridge Demo/)
    expect(out).to.match(/engine_version\s+4\.6\./)
    expect(out.trim().startsWith('{')).to.equal(false)
  })

  it('echoes an integer id as an integer in the reply text, and a string id as a string', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${fx.editor.discovery.ws_port}`)
    const replies: string[] = []
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject)
      ws.on('message', (data) => {
        const text = data.toString()
        if (text.includes('bridge.hello')) {
          ws.send('{"jsonrpc":"2.0","id":7,"method":"engine.version"}')
          ws.send('{"jsonrpc":"2.0","id":"seven","method":"engine.version"}')
          return
        }
        replies.push(text)
        if (replies.length === 2) resolve()
      })
    })
    ws.close()
    expect(
      replies.find((r) => /"id":7[,}]/.test(r)),
      replies.join('\n'),
    ).to.be.a('string')
    expect(replies.join('')).to.not.include('7.0')
    expect(replies.find((r) => r.includes('"id":"seven"'))).to.be.a('string')
  })

  it('escapes control characters in replies (a colour code must not make the reply unparseable)', async () => {
    const out = await fx.editor.client.call<{result: string}>(
      'editor.run_script',
      {code: 'return char(27) + "[31mred" + char(1)'},
      10_000,
    )
    expect(out.result).to.equal('\u001b[31mred\u0001')
  })

  it('correlates concurrent calls', async () => {
    const [a, b, c] = await Promise.all([
      fx.editor.client.call<{major: number}>('engine.version'),
      fx.editor.client.call<{name: string}>('project.info'),
      fx.editor.client.call<{count: number}>('engine.commands', {group: 'engine'}),
    ])
    expect(a.major).to.equal(4)
    expect(b.name).to.equal('Bridge Demo')
    expect(c.count).to.be.greaterThan(1)
  })

  it('reports an unknown method with a suggestion and a non-zero exit', async () => {
    const result = await runCli(['run', 'engine.versoin', '--project', fx.editor.root, '--json'])
    expect(result.code).to.equal(EXIT.usage)
    expect(result.stderr).to.include("did you mean 'engine.version'")
  })

  it('verdict running: the port answers but the editor is busy and cannot greet in time', async () => {
    const busy = fx.editor.client.call('editor.run_script', {code: 'OS.delay_msec(8000)'}, 20_000)
    const result = await runCli(['project', 'info', '--project', fx.editor.root, '--timeout', '1000', '--json'])
    await busy
    expect(result.code, result.stderr).to.equal(EXIT.running)
    expect(parseJson<{error: {verdict: string}}>(result).error.verdict).to.equal('running')
    const after = await runCli(['project', 'info', '--project', fx.editor.root, '--json'])
    expect(after.code, 'answers again once free').to.equal(0)
  })

  it('verdict starting: discovery file whose pid is alive but nothing listens', async () => {
    const other = join(fx.editor.home, 'starting-project')
    mkdirSync(join(other, '.engine'), {recursive: true})
    writeFileSync(join(other, 'project.godot'), 'config_version=5\n')
    const port = await freePort()
    writeFileSync(
      discoveryPath(other),
      JSON.stringify({ws_port: port, http_port: 0, pid: process.pid, project_root: other}),
    )
    const result = await runCli(['project', 'info', '--project', other, '--json'], {
      env: {BRIDGE_WS_PORT: String(port)},
    })
    expect(result.code).to.equal(EXIT.starting)
    expect(parseJson<{error: {verdict: string}}>(result).error.verdict).to.equal('starting')
    expect(result.stderr).to.include('editor starting')
  })

  it('verdict closed: no discovery file and nothing listening', async () => {
    const other = join(fx.editor.home, 'closed-project')
    mkdirSync(other, {recursive: true})
    writeFileSync(join(other, 'project.godot'), 'config_version=5\n')
    const port = await freePort()
    const result = await runCli(['project', 'info', '--project', other, '--json'], {
      env: {BRIDGE_WS_PORT: String(port)},
    })
    expect(result.code).to.equal(EXIT.closed)
    expect(parseJson<{error: {verdict: string}}>(result).error.verdict).to.equal('closed')
  })

  it('refuses an editor that serves another project (no discovery file, port of another editor): closed', async () => {
    const other = join(fx.editor.home, 'lonely-project')
    mkdirSync(other, {recursive: true})
    writeFileSync(join(other, 'project.godot'), 'config_version=5\n')
    const result = await runCli(['project', 'info', '--project', other, '--json'], {
      env: {BRIDGE_WS_PORT: String(fx.editor.discovery.ws_port)},
    })
    // its editor is not running: verdict closed, naming the editor that answered instead
    expect(result.code).to.equal(EXIT.closed)
    expect(result.stderr).to.include(`no editor is running for`).and.to.include(fx.editor.root)
  })

  describe('a second editor on another project, its port pinned by BRIDGE_WS_PORT', () => {
    const editors = useEditors()
    let second: TestEditor
    let pinned: number
    before(async () => {
      pinned = await freePort()
      second = await editors.start({env: {BRIDGE_WS_PORT: String(pinned)}})
    })

    it('binds another port, and the CLI reaches each editor by its project', async () => {
      expect(second.discovery.ws_port).to.equal(pinned)
      expect(second.discovery.ws_port).to.not.equal(fx.editor.discovery.ws_port)
      const a = parseJson(await runCli(['project', 'info', '--project', fx.editor.root, '--json']))
      const b = parseJson(await runCli(['project', 'info', '--project', second.root, '--json']))
      expect(a.project_root).to.equal(fx.editor.root)
      expect(b.project_root).to.equal(second.root)
      expect(a.pid).to.equal(fx.editor.pid)
      expect(b.pid).to.equal(second.pid)
    })

    it('verdict crashed after SIGKILL, then running again after a restart', async () => {
      await second.kill()
      expect(existsSync(discoveryPath(second.root)), 'a killed editor leaves its file').to.equal(true)
      const crashed = await runCli(['project', 'info', '--project', second.root, '--json'])
      expect(crashed.code).to.equal(EXIT.crashed)
      expect(parseJson<{error: {verdict: string}}>(crashed).error.verdict).to.equal('crashed')
      await second.restart() // the stale file (dead pid) is replaced at start
      const info = JSON.parse(readFileSync(discoveryPath(second.root), 'utf8'))
      expect(info.pid).to.equal(second.pid)
      const running = await runCli(['project', 'info', '--project', second.root, '--json'])
      expect(running.code, running.stderr).to.equal(0)
    })

    it('deletes the discovery file on a clean exit, and the verdict becomes closed', async () => {
      await second.stop({keepDir: true})
      expect(existsSync(discoveryPath(second.root))).to.equal(false)
      const result = await runCli(['project', 'info', '--project', second.root, '--json'], {
        env: {BRIDGE_WS_PORT: String(await freePort())},
      })
      expect(result.code).to.equal(EXIT.closed)
    })
  })
})
