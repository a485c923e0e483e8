// serve's tool list follows the editor's own announcement: createServer() against a scripted WebSocket peer
// (the real addon's notification is proven in test/e2e), through the SDK's Client over an in-memory transport.
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {ToolListChangedNotificationSchema} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {WebSocketServer} from 'ws'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {serveInMemory} from '../../support/serve-in-memory.js'

const doc = (method: string): CommandDoc =>
  ({
    method,
    summary: `does ${method}`,
    params: [],
    example: {},
    read_only: true,
    destructive: false,
    input_schema: {type: 'object', properties: {}, additionalProperties: false},
  }) as CommandDoc

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('mcp server tool refresh (scripted editor)', () => {
  let peer: WebSocketServer
  let dir: string
  let commands: CommandDoc[]
  let client: Client
  let cleanup: () => Promise<void>
  let listChanged = 0

  before(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-refresh-')))
    mkdirSync(join(dir, '.engine'))
    writeFileSync(join(dir, 'project.godot'), 'config_version=5\n')
    commands = [doc('engine.version')]
    peer = new WebSocketServer({host: '127.0.0.1', port: 0})
    await new Promise((r) => peer.once('listening', r))
    const port = (peer.address() as {port: number}).port
    const hello = {project_root: dir, pid: process.pid, ws_port: port, started_at: '2026-01-01T00:00:00Z'}
    writeFileSync(join(dir, '.engine', 'bridge.json'), JSON.stringify(hello))
    peer.on('connection', (ws) => {
      ws.send(JSON.stringify({jsonrpc: '2.0', method: 'bridge.hello', params: hello}))
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString())
        // bridge.mcp as the addon answers it: tools/list from the commands, a call names its tool
        const mcp = msg.params?.message as {method: string; params: {name?: string}} | undefined
        const answer =
          mcp?.method === 'tools/list'
            ? {tools: commands.map((c) => ({name: c.method.replace('.', '_'), inputSchema: {type: 'object'}}))}
            : {content: [{type: 'text', text: JSON.stringify({ok: mcp?.params.name})}]}
        const result = msg.method === 'engine.commands' ? {count: commands.length, commands} : {result: answer}
        ws.send(JSON.stringify({jsonrpc: '2.0', id: msg.id, result}))
      })
    })
    ;({client, close: cleanup} = await serveInMemory(
      dir,
      (c) =>
        c.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
          listChanged++
        }),
      ['all'], // the test's commands are in no default
    ))
  })
  after(async () => {
    await cleanup?.()
    for (const ws of peer.clients) ws.terminate()
    await new Promise((r) => peer.close(r))
    rmSync(dir, {recursive: true, force: true})
  })

  it("sends tools/list_changed on the editor's bridge.commands_changed and lists the new command", async () => {
    const before = (await client.listTools()).tools.map((t) => t.name)
    expect(before).to.include('engine_version').and.not.include('probe_echo')
    const announced = listChanged // the first list connected the editor, which is announced too
    commands = [...commands, doc('probe.echo')]
    for (const ws of peer.clients)
      ws.send(JSON.stringify({jsonrpc: '2.0', method: 'bridge.commands_changed', params: {}}))
    await until(() => listChanged === announced + 1)
    const after = (await client.listTools()).tools.map((t) => t.name)
    expect(after).to.include('probe_echo')
    const called = await client.callTool({name: 'probe_echo', arguments: {}})
    expect(called.isError, JSON.stringify(called)).to.not.equal(true)
    expect(JSON.stringify(called.content)).to.include('probe_echo')
  })
})
