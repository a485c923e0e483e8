// The serve link's logic against a scripted WebSocket peer (the restart of a real editor is proven in
// test/e2e/serve): it reports a connection, re-reads the command set when the peer announces a change (and
// only then), and follows a restarted editor, reading its command set again.
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {WebSocketServer} from 'ws'

import {type CommandDoc, loadCatalog} from '../../../src/catalog/catalog.js'
import {UnreachableError} from '../../../src/errors.js'
import {type ChangeReason, EditorLink, commandSignature, servedFields} from '../../../src/mcp/editor-link.js'

const doc = (method: string, summary = 's'): CommandDoc =>
  ({
    method,
    summary,
    params: [],
    example: {},
    read_only: true,
    destructive: false,
    input_schema: {type: 'object'},
  }) as CommandDoc

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('mcp EditorLink (scripted peer)', () => {
  let server: WebSocketServer
  let port: number
  let dir: string
  let startedAt: string
  let commands: CommandDoc[]
  let link: EditorLink
  let changes: ChangeReason[]
  let commandReads: number

  /** What the addon sends every open client when its command set changes. */
  const announceChange = () => {
    for (const client of server.clients)
      client.send(JSON.stringify({jsonrpc: '2.0', method: 'bridge.commands_changed', params: {}}))
  }

  const writeDiscovery = () =>
    writeFileSync(
      join(dir, '.engine', 'bridge.json'),
      JSON.stringify({ws_port: port, pid: process.pid, project_root: dir, started_at: startedAt}),
    )

  beforeEach(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-link-')))
    mkdirSync(join(dir, '.engine'))
    startedAt = '2026-01-01T00:00:00Z'
    commands = [doc('engine.version'), doc('node.add')]
    server = new WebSocketServer({host: '127.0.0.1', port: 0})
    await new Promise((r) => server.once('listening', r))
    port = (server.address() as {port: number}).port
    server.on('connection', (ws) => {
      ws.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'bridge.hello',
          params: {project_root: dir, pid: process.pid, ws_port: port, started_at: startedAt},
        }),
      )
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString())
        if (msg.method === 'engine.commands') commandReads++
        const result = msg.method === 'engine.commands' ? {count: commands.length, commands} : {ok: msg.method}
        ws.send(JSON.stringify({jsonrpc: '2.0', id: msg.id, result}))
      })
    })
    writeDiscovery()
    changes = []
    commandReads = 0
    link = new EditorLink({projectRoot: dir, watchMs: 20, log: () => {}})
    link.onChange((reason) => changes.push(reason))
  })
  afterEach(async () => {
    link.stop()
    for (const client of server.clients) client.terminate()
    await new Promise((r) => server.close(r))
    rmSync(dir, {recursive: true, force: true})
  })

  it('connects on start, reads the command docs and reports the connection', async () => {
    link.start()
    expect((await link.commands())?.map((c) => c.method)).to.deep.equal(['engine.version', 'node.add'])
    expect(changes).to.deep.equal(['connected'])
    expect(await link.call('engine.version', {})).to.deep.equal({ok: 'engine.version'})
  })

  it('re-reads the command set when the editor announces bridge.commands_changed, and reports the change', async () => {
    link.start()
    await link.commands()
    commands = [...commands, doc('probe.echo')]
    announceChange()
    await until(() => changes.length === 2)
    expect(changes).to.deep.equal(['connected', 'commands'])
    expect(link.knownCommands()?.map((c) => c.method)).to.include('probe.echo')
    expect(commandReads).to.equal(2)
  })

  it('does not poll: without an announcement the command set is read once per connection', async () => {
    link.start()
    await link.commands()
    commands = [...commands, doc('probe.echo')] // changed, but not announced
    await new Promise((r) => setTimeout(r, 300)) // 15 watch steps
    expect(commandReads).to.equal(1)
    expect(changes).to.deep.equal(['connected'])
    expect(link.knownCommands()?.map((c) => c.method)).to.not.include('probe.echo')
  })

  it('folds a burst of announcements into two reads, and reports nothing when the set did not change', async () => {
    link.start()
    await link.commands()
    for (let i = 0; i < 5; i++) announceChange() // the first starts a read; the other four ask for one more
    await until(() => commandReads >= 3)
    await new Promise((r) => setTimeout(r, 100))
    expect(commandReads).to.equal(3)
    expect(changes).to.deep.equal(['connected'])
  })

  it('follows a restarted editor (new started_at in the discovery file) and reports it', async () => {
    link.start()
    await link.commands()
    startedAt = '2026-01-01T00:05:00Z'
    commands = [...commands, doc('probe.echo')] // the restarted editor has another command set, unannounced
    writeDiscovery()
    await until(() => changes.length === 2)
    expect(changes).to.deep.equal(['connected', 'connected'])
    expect(link.knownCommands()?.map((c) => c.method)).to.include('probe.echo')
  })

  it('comes back by itself once a stopped editor is up again', async () => {
    link.start()
    await link.commands()
    rmSync(join(dir, '.engine', 'bridge.json'))
    for (const client of server.clients) client.close()
    commands = [doc('engine.version')] // the editor comes back with fewer commands
    await new Promise((r) => setTimeout(r, 100))
    const error = await link.call('engine.version', {}, 1000).catch((e: unknown) => e)
    expect(error).to.be.instanceOf(UnreachableError)
    expect((error as UnreachableError).verdict).to.equal('closed')
    writeDiscovery()
    await until(() => changes.length === 2)
    expect(link.knownCommands()?.map((c) => c.method)).to.deep.equal(['engine.version'])
    expect(await link.call('engine.version', {})).to.deep.equal({ok: 'engine.version'})
  })

  it('signs a command set so any change of method, summary or schema shows, but not the order', () => {
    const a = [doc('a.x'), doc('b.y')]
    expect(commandSignature(a)).to.equal(commandSignature([a[1], a[0]]))
    expect(commandSignature(a)).to.not.equal(commandSignature([doc('a.x', 'other'), doc('b.y')]))
    expect(commandSignature(a)).to.not.equal(
      commandSignature([doc('a.x'), {...doc('b.y'), input_schema: {type: 'object', required: ['z']}}]),
    )
  })

  it('keeps of each command only what serve reads: the method, the input schema it checks with, the timeout', () => {
    const catalog = loadCatalog()
    expect(catalog.length).to.be.greaterThan(300)
    for (const full of catalog) {
      const kept = servedFields(full)
      expect(kept.input_schema, full.method).to.equal(full.input_schema)
      expect(kept.timeout_ms, full.method).to.equal(full.timeout_ms)
      expect(kept).to.not.have.any.keys('params', 'result_schema', 'example', 'summary', 'output_schema')
    }
  })
})
