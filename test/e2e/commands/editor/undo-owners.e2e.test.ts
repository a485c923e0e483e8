// Undo steps that name their client (issue 36): every step bridge makes is named by the command and the client
// that made it, as the client identified itself; editor.undo_history shows both, and editor.undo refuses another
// client's step (naming whose it is) unless told any_client — the step stays applied. Two named clients on one
// real editor, a connection that calls for an MCP client by name (as `bridge serve` does for claude-code), the
// shell (`bridge cli`, no exemption: --any-client takes an agent's step) and a raw WebSocket client that never
// named itself (known as "unknown client": it undoes its own steps, and is refused an agent's).
import {expect} from 'chai'
import WebSocket from 'ws'

import {EngineClient} from '../../../../src/editor/client.js'
import {EXIT} from '../../../../src/errors.js'
import {useEditor} from '../../../support/fixture.js'
import {type UndoHistory as History, namedClients} from '../../../support/named-clients.js'
import {rpcError} from '../../../support/rpc.js'

describe("undo steps name their client; editor.undo refuses another client's step (real editor)", function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const {dial, closeAll} = namedClients(fx)
  let a: EngineClient
  let b: EngineClient

  before(async () => {
    a = await dial('agent-a')
    b = await dial('agent-b')
  })

  after(() => {
    closeAll()
  })

  async function history(kind: 'scene' | 'global'): Promise<History> {
    const {histories} = await fx.call<{histories: History[]}>('editor.undo_history', {limit: 5})
    return histories.find((h) => (kind === 'global' ? h.history === 'global' : h.history.startsWith('scene:')))!
  }

  async function names(): Promise<string[]> {
    const {children} = await fx.call<{children: {name: string}[]}>('scene.tree', {max_depth: 1})
    return children.map((c) => c.name)
  }

  it('names each step by its command and client in editor.undo_history', async () => {
    await a.call('node.add', {type: 'Node2D', name: 'FromA'})
    const last = (await history('scene')).actions.at(-1)!
    expect(last).to.deep.include({command: 'node.add', client: 'agent-a', applied: true})
    expect(last.name)
      .to.match(/^Bridge: /)
      .and.not.include('agent-a') // the name as before; the owner beside it
  })

  it("refuses to undo another client's step, saying whose it is, and leaves it applied", async () => {
    const before = await history('scene')
    const refused = await rpcError(b, 'editor.undo')
    expect(refused.rpcCode).to.equal(-32000)
    expect(refused.message).to.match(/^editor\.undo: /)
    expect(refused.message).to.include("agent-a's").and.include('node.add').and.include('any_client')
    expect(refused.rpcData).to.deep.include({client: 'agent-a', command: 'node.add'})
    expect(await names()).to.include('FromA')
    const after = await history('scene')
    expect({count: after.count, current: after.current}).to.deep.equal({count: before.count, current: before.current})
    expect(after.actions.at(-1)).to.deep.include({client: 'agent-a', applied: true})
  })

  it("undoes its own step, and another client's with any_client: true", async () => {
    const own = await a.call<{undone: boolean; action: string; client: string; command: string}>('editor.undo')
    expect(own).to.deep.include({undone: true, client: 'agent-a', command: 'node.add'})
    expect(own.action)
      .to.match(/^Bridge: /)
      .and.not.include('[')
    expect(await names()).to.not.include('FromA')

    await a.call('editor.redo')
    expect(await names()).to.include('FromA')
    const taken = await b.call<{undone: boolean; client: string}>('editor.undo', {any_client: true})
    expect(taken).to.deep.include({undone: true, client: 'agent-a'})
    expect(await names()).to.not.include('FromA')
  })

  it('names global-history steps too (project settings), from the router like scene steps', async () => {
    await b.call('project.settings_set', {key: 'application/config/description', value: 'owned by b'})
    const last = (await history('global')).actions.at(-1)!
    expect(last).to.deep.include({command: 'project.settings_set', client: 'agent-b', applied: true})
    await rpcError(a, 'editor.undo').then((e) => expect(e.rpcData).to.deep.include({client: 'agent-b'}))
    const own = await b.call<{undone: boolean; history: string}>('editor.undo')
    expect(own).to.deep.include({undone: true, history: 'global'})
  })

  it('a connection that calls for a named client (bridge serve for claude-code) names the step after it', async () => {
    const serve = await dial('bridge serve')
    serve.callingFor = () => 'claude-code'
    await serve.call('node.add', {type: 'Node2D', name: 'FromClaude'})
    expect((await history('scene')).actions.at(-1)).to.deep.include({command: 'node.add', client: 'claude-code'})
    const refused = await rpcError(a, 'editor.undo')
    expect(refused.message).to.include("claude-code's")
    await serve.call('editor.undo')
    expect(await names()).to.not.include('FromClaude')
  })

  it("the shell is a client like any other: bridge cli is refused an agent's step, and --any-client takes it", async () => {
    await a.call('node.add', {type: 'Node2D', name: 'FromAgain'})
    const refused = await fx.cli(['editor', 'undo', '--json'])
    expect(refused.code, `${refused.stdout}\n${refused.stderr}`).to.equal(EXIT.commandFailed)
    const error = (JSON.parse(refused.stdout) as {error: {message: string; data?: {client?: string}}}).error
    expect(error.message).to.include("agent-a's").and.include('--any-client') // the shell reads the flag
    expect(error.data).to.deep.include({client: 'agent-a'})
    expect(await names()).to.include('FromAgain')
    expect((await history('scene')).actions.at(-1)).to.deep.include({client: 'agent-a', applied: true})

    const taken = await fx.cli(['editor', 'undo', '--any-client', '--json'])
    expect(taken.code, taken.stderr).to.equal(0)
    expect(JSON.parse(taken.stdout)).to.deep.include({undone: true, client: 'agent-a', command: 'node.add'})
    expect(await names()).to.not.include('FromAgain')

    // its own step it undoes without the flag
    expect((await fx.cli(['node', 'add', '--type', 'Node2D', '--name', 'FromShell', '--json'])).code).to.equal(0)
    expect((await history('scene')).actions.at(-1)).to.deep.include({command: 'node.add', client: 'bridge cli'})
    const own = await fx.cli(['editor', 'undo', '--json'])
    expect(own.code, own.stderr).to.equal(0)
    expect(JSON.parse(own.stdout)).to.deep.include({undone: true, client: 'bridge cli'})
    expect(await names()).to.not.include('FromShell')
  })

  it('a raw WebSocket client that never named itself owns its steps as "unknown client" and is refused the others', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${fx.editor.discovery.ws_port}`) // no User-Agent, no client name
    type Reply = {id?: number; method?: string; result?: unknown; error?: {message: string; data?: unknown}}
    const waiting = new Map<number, (reply: Reply) => void>()
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject)
      ws.on('message', (data) => {
        const reply = JSON.parse(data.toString()) as Reply
        if (reply.method === 'bridge.hello') resolve()
        else if (typeof reply.id === 'number') waiting.get(reply.id)?.(reply)
      })
    })
    let id = 0
    const raw = (method: string, params: object = {}) =>
      new Promise<Reply>((resolve) => {
        waiting.set(++id, resolve)
        ws.send(JSON.stringify({jsonrpc: '2.0', id, method, params}))
      })
    try {
      await raw('node.add', {type: 'Node2D', name: 'FromRaw'})
      expect((await history('scene')).actions.at(-1)).to.deep.include({command: 'node.add', client: 'unknown client'})
      const own = await raw('editor.undo')
      expect(own.result).to.deep.include({undone: true, client: 'unknown client'})
      expect(await names()).to.not.include('FromRaw')

      await a.call('node.add', {type: 'Node2D', name: 'FromAgent'})
      const refused = await raw('editor.undo')
      expect(refused.error?.message).to.include("agent-a's")
      expect(await names()).to.include('FromAgent')
      expect((await raw('editor.undo', {any_client: true})).result).to.deep.include({undone: true, client: 'agent-a'})
      expect(await names()).to.not.include('FromAgent')
    } finally {
      ws.close()
    }
  })
})
