// An agent elsewhere (a container, WSL, a cloud sandbox) reaches an editor on this machine the way docs/remote.md
// says: its MCP client runs `ssh host godot-bridge serve --project DIR`, so serve runs beside the editor and only
// stdio crosses. Here test/support/stdio-relay.mjs plays ssh: a bare environment, no TTY, the bytes in pieces of a
// few at a time. Through it an SDK client lists the tools, drives the editor and reads the change back; when the
// client goes away, serve and the relay are gone too, and the editor was never reachable beyond 127.0.0.1.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

import {REPO_ROOT, waitForExit} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

const RELAY = join(REPO_ROOT, 'test', 'support', 'stdio-relay.mjs')

describe('bridge serve over an SSH-like stdio tunnel (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor()
  let home = ''
  let client: Client
  let transport: StdioClientTransport
  const pids: number[] = []

  before(async () => {
    // the remote side's own home, with godot-bridge on its PATH as `npm install -g` puts it there
    home = mkdtempSync(join(tmpdir(), 'bridge-remote-home-'))
    mkdirSync(join(home, 'bin'))
    symlinkSync(join(REPO_ROOT, 'bin', 'run.js'), join(home, 'bin', 'godot-bridge'))
    const path = [join(home, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(':')
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [RELAY, path, home, '--', 'godot-bridge', 'serve', '--project', fx.editor.root],
      stderr: 'pipe',
    })
    transport.stderr!.on('data', (d: Buffer) => {
      for (const m of d.toString().matchAll(/relay: pid (\d+)/g)) pids.push(Number(m[1]))
    })
    client = new Client({name: 'remote-agent', version: '1.0.0'})
    await client.connect(transport)
    pids.push(transport.pid!)
  })
  after(async () => {
    await client?.close().catch(() => {})
    rmSync(home, {recursive: true, force: true})
  })

  it('lists the tools and drives the editor through the tunnel; the change reads back', async () => {
    const {tools} = await client.listTools()
    expect(tools.map((t) => t.name)).to.include('engine_run')
    const added = (await client.callTool({
      name: 'engine_run',
      arguments: {method: 'node.add', params: {type: 'Node2D', name: 'FromAfar'}},
    })) as CallToolResult
    expect(added.isError, JSON.stringify(added.content)).to.not.equal(true)
    expect(JSON.stringify(await fx.editor.client.call('scene.tree'))).to.include('FromAfar')
    // the step is the remote agent's (its client name crossed the tunnel): its own undo takes it back
    const undone = (await client.callTool({name: 'engine_run', arguments: {method: 'editor.undo'}})) as CallToolResult
    expect(undone.isError, JSON.stringify(undone.content)).to.not.equal(true)
  })

  it('binds nothing beyond the loopback address: the editor the tunnel reached listens on 127.0.0.1 only', () => {
    const discovery = JSON.parse(readFileSync(join(fx.editor.root, '.engine', 'bridge.json'), 'utf8'))
    const listening = readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)
    const ports = [discovery.ws_port, discovery.http_port].filter(Boolean) as number[]
    for (const port of ports) {
      const hex = port.toString(16).toUpperCase().padStart(4, '0')
      const rows = listening.filter((row) => row.trim().split(/\s+/)[1]?.endsWith(`:${hex}`) && row.includes(' 0A '))
      expect(rows.length, `port ${port} listens`).to.be.greaterThan(0)
      for (const row of rows) expect(row.trim().split(/\s+/)[1], `port ${port}`).to.equal(`0100007F:${hex}`)
    }
  })

  it('leaves nothing running once the agent goes away: serve and the tunnel exit', async () => {
    expect(pids, 'the relay and the serve it ran').to.have.length(2)
    await client.close()
    for (const pid of pids) expect(await waitForExit(pid, 10_000), `process ${pid} still running`).to.equal(true)
  })
})
