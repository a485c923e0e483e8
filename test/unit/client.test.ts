// The client's own logic against a scripted WebSocket peer (never proof that a command works: the
// engine-backed suites do that): greeting, identity refusal, correlation, late replies, timeouts, verdicts.
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {WebSocketServer} from 'ws'

import {EngineClient} from '../../src/editor/client.js'
import {editorState, verdictFor} from '../../src/editor/verdicts.js'
import {BridgeCliError, EXIT, EngineError, UnreachableError} from '../../src/errors.js'

describe('EngineClient logic (scripted peer)', () => {
  let server: WebSocketServer
  let port: number
  let dir: string
  let handler: (msg: {id: number; method: string}, reply: (body: object) => void) => void

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bridge-unit-'))
    server = new WebSocketServer({host: '127.0.0.1', port: 0})
    await new Promise((r) => server.once('listening', r))
    port = (server.address() as {port: number}).port
    server.on('connection', (ws) => {
      ws.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'bridge.hello',
          params: {project_root: dir, pid: process.pid, ws_port: port},
        }),
      )
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString())
        handler(msg, (body) => ws.send(JSON.stringify({jsonrpc: '2.0', id: msg.id, ...body})))
      })
    })
  })
  after(() => {
    server.close()
    rmSync(dir, {recursive: true, force: true})
  })

  it("refuses an editor whose greeting names another project: wrong project when this one's discovery file names the port", async () => {
    const other = join(dir, 'other')
    mkdirSync(join(other, '.engine'), {recursive: true})
    writeFileSync(join(other, '.engine', 'bridge.json'), JSON.stringify({pid: process.pid, ws_port: port}))
    try {
      await EngineClient.connect({projectRoot: other, port})
      expect.fail('connected to the wrong project')
    } catch (error) {
      expect(error).to.be.instanceOf(BridgeCliError)
      expect((error as BridgeCliError).exitCode).to.equal(EXIT.wrongProject)
    }
  })

  it('refuses an editor whose greeting names another project: closed when this project has no discovery file', async () => {
    const lonely = join(dir, 'lonely')
    mkdirSync(lonely)
    try {
      await EngineClient.connect({projectRoot: lonely, port})
      expect.fail('connected to the wrong project')
    } catch (error) {
      expect(error).to.be.instanceOf(UnreachableError)
      expect((error as UnreachableError).verdict).to.equal('closed')
      expect((error as BridgeCliError).message).to.include(dir)
    }
  })

  it('never hands a late reply to the next call', async () => {
    const client = await EngineClient.connect({projectRoot: dir, port})
    handler = (msg, reply) => {
      if (msg.method === 'slow') setTimeout(() => reply({result: 'late'}), 150)
      else reply({result: 'fresh'})
    }
    const slow = client.call('slow', {}, 50).catch((e) => e)
    expect(await slow)
      .to.be.instanceOf(BridgeCliError)
      .with.property('exitCode', EXIT.timeout)
    await new Promise((r) => setTimeout(r, 200))
    expect(await client.call('fast')).to.equal('fresh')
    client.close()
  })

  it('hands notifications to its listeners and never mistakes them for replies', async () => {
    const client = await EngineClient.connect({projectRoot: dir, port})
    const seen: [string, unknown][] = []
    client.onNotification((method, params) => seen.push([method, params]))
    handler = (msg, reply) => {
      for (const ws of server.clients)
        ws.send(JSON.stringify({jsonrpc: '2.0', method: 'bridge.commands_changed', params: {}}))
      reply({result: 'answer'})
    }
    expect(await client.call('any')).to.equal('answer')
    expect(seen).to.deep.equal([['bridge.commands_changed', {}]])
    client.close()
  })

  it('sends a batch as one message and settles each request on its own, whatever order the replies come in', async () => {
    const client = await EngineClient.connect({projectRoot: dir, port})
    let messages = 0
    handler = (msg) => {
      messages++
      const batch = msg as unknown as {id: number; method: string}[]
      expect(batch.map((m) => m.method)).to.deep.equal(['a.one', 'a.two', 'a.three'])
      const replies = batch.map((m) =>
        m.method === 'a.two'
          ? {jsonrpc: '2.0', id: m.id, error: {code: -32000, message: 'two failed'}}
          : {jsonrpc: '2.0', id: m.id, result: m.method},
      )
      for (const ws of server.clients) ws.send(JSON.stringify(replies.reverse()))
    }
    const settled = await client.callBatch([
      {method: 'a.one', params: {}},
      {method: 'a.two', params: {}},
      {method: 'a.three', params: {}},
    ])
    expect(messages).to.equal(1)
    expect(settled.map((s) => s.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled'])
    expect((settled[0] as PromiseFulfilledResult<unknown>).value).to.equal('a.one')
    expect((settled[1] as PromiseRejectedResult).reason)
      .to.be.instanceOf(EngineError)
      .with.property('message', 'two failed')
    expect((settled[2] as PromiseFulfilledResult<unknown>).value).to.equal('a.three')
    client.close()
  })

  it('turns a JSON-RPC error into an EngineError with the usage exit code for bad params', async () => {
    const client = await EngineClient.connect({projectRoot: dir, port})
    handler = (_msg, reply) => reply({error: {code: -32602, message: "x.y: unknown parameter 'z'"}})
    const error = (await client.call('x.y').catch((e) => e)) as EngineError
    expect(error).to.be.instanceOf(EngineError)
    expect(error.exitCode).to.equal(EXIT.usage)
    expect(error.message).to.include("unknown parameter 'z'")
    client.close()
  })

  it('fails pending calls when the connection drops', async () => {
    const client = await EngineClient.connect({projectRoot: dir, port})
    handler = () => {
      for (const ws of server.clients) ws.terminate()
    }
    const error = await client.call('anything', {}, 5000).catch((e) => e)
    expect(error).to.be.instanceOf(BridgeCliError)
    expect((error as BridgeCliError).message).to.include('closed')
  })

  it('verdicts: running when the port answers, starting/crashed/closed from the discovery file', async () => {
    const project = join(dir, 'verdicts')
    mkdirSync(join(project, '.engine'), {recursive: true})
    expect(await verdictFor(dir, port)).to.equal('running')
    expect(await verdictFor(undefined, port)).to.equal('running')
    expect(await verdictFor(project, 1)).to.equal('closed')
    const file = join(project, '.engine', 'bridge.json')
    writeFileSync(file, JSON.stringify({ws_port: 1, pid: process.pid}))
    expect(await verdictFor(project, 1)).to.equal('starting')
    writeFileSync(file, JSON.stringify({ws_port: 1, pid: 2 ** 22 + 12345}))
    expect(await verdictFor(project, 1)).to.equal('crashed')
    writeFileSync(file, '{half a fi')
    expect(await verdictFor(project, 1)).to.equal('starting')
    rmSync(file)
    // an editor bridge launch started and that has not bound yet: starting, so no second one is launched
    writeFileSync(join(project, '.engine', 'launching.json'), JSON.stringify({pid: process.pid}))
    expect(await verdictFor(project, 1)).to.equal('starting')
    writeFileSync(join(project, '.engine', 'launching.json'), JSON.stringify({pid: 2 ** 22 + 12345}))
    expect(await verdictFor(project, 1)).to.equal('closed')
    rmSync(join(project, '.engine', 'launching.json'))
    writeFileSync(file, '{half a fi') // the next test reads this project as starting
  })

  it("verdicts: another project's editor on the port is not this project's: closed, naming the other", async () => {
    const project = join(dir, 'elsewhere')
    mkdirSync(project, {recursive: true})
    const state = await editorState(project, port)
    expect(state.verdict).to.equal('closed')
    expect(state.other?.project_root).to.equal(dir)
  })

  it('carries the verdict in the error when nothing listens', async () => {
    const error = (await EngineClient.connect({projectRoot: join(dir, 'verdicts'), port: 1}).catch(
      (e) => e,
    )) as UnreachableError
    expect(error).to.be.instanceOf(UnreachableError)
    expect(error.verdict).to.equal('starting') // the half-written file from the previous case
    expect(error.exitCode).to.equal(EXIT.starting)
  })
})
