// `bridge serve` leaves no process behind: whenever its client goes away — before the editor is dialled,
// while it is, after it answered — or a SIGTERM arrives, the server exits on its own. MCP clients start
// serve for a health check and close stdin at once (Gemini CLI's `mcp list`); each survivor would hold an
// editor connection forever. Quiet, it exits within a second; the tests give it EXIT_BOUND_MS, since at load ~9
// Node alone takes over a second to start and the stdin closed while it loads is read only after: a survivor
// never exits, so a bound that is long beside any start still tells the two apart.
import {expect} from 'chai'
import {type ChildProcess, spawn} from 'node:child_process'

import {serveParams} from '../../support/serve.js'
import {useEditor} from '../../support/fixture.js'
import {waitForExit} from '../../support/editor.js'

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'lifetime-test', version: '1'}},
})
const INITIALIZED = JSON.stringify({jsonrpc: '2.0', method: 'notifications/initialized'})
const TOOLS_LIST = JSON.stringify({jsonrpc: '2.0', id: 2, method: 'tools/list'})

const EXIT_BOUND_MS = 15_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('bridge serve lifetime (real editor)', function () {
  this.timeout(60_000)
  const fx = useEditor()
  const started: ChildProcess[] = []

  function serve(): ChildProcess {
    const params = serveParams(fx)
    const child = spawn(params.command, params.args, {env: params.env, stdio: ['pipe', 'pipe', 'ignore']})
    started.push(child)
    return child
  }

  /** Lines the server wrote, until one answers `id`. */
  function answer(child: ChildProcess, id: number): Promise<void> {
    return new Promise((resolve) => {
      let seen = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        if (seen.split('\n').some((line) => line.includes(`"id":${id}`))) resolve()
      })
    })
  }

  afterEach(() => {
    for (const child of started.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })

  for (const delayMs of [0, 100, 300, 700, 1000, 2000]) {
    it(`exits when the client closes stdin ${delayMs} ms after starting it`, async () => {
      const child = serve()
      child.stdin!.write(INITIALIZE + '\n')
      await sleep(delayMs)
      child.stdin!.end()
      expect(await waitForExit(child.pid!, EXIT_BOUND_MS), `serve (pid ${child.pid}) still running`).to.equal(true)
    })
  }

  it('exits when the client closes stdin after its first tools/list', async () => {
    const child = serve()
    child.stdin!.write(INITIALIZE + '\n' + INITIALIZED + '\n' + TOOLS_LIST + '\n')
    await answer(child, 2)
    child.stdin!.end()
    expect(await waitForExit(child.pid!, EXIT_BOUND_MS), `serve (pid ${child.pid}) still running`).to.equal(true)
  })

  for (const delayMs of [0, 300, 1000]) {
    it(`exits on the first SIGTERM ${delayMs} ms after starting, its client still connected`, async () => {
      const child = serve()
      child.stdin!.write(INITIALIZE + '\n')
      await sleep(delayMs)
      child.kill('SIGTERM')
      expect(await waitForExit(child.pid!, EXIT_BOUND_MS), `serve (pid ${child.pid}) survived SIGTERM`).to.equal(true)
    })
  }
})
