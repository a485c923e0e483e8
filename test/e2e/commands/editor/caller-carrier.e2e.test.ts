// The call is the only carrier of its caller (issue 48): a JSON-RPC batch waits between its messages (a
// batch.run of placements that wait for a settled physics frame), and a second client's messages arrive
// meanwhile, on another WebSocket and over HTTP. Every undo step and every audit entry must still name the
// client that sent its message — never the one whose message the transport saw last.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'
import {type UndoAction, namedClients, openLevelWithFloor} from '../../../support/named-clients.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Action = UndoAction

describe('the caller travels with its call: batches beside a second client (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    setup: openLevelWithFloor,
  })
  const {dial, closeAll} = namedClients(fx)

  after(() => {
    closeAll()
  })

  const place = (name: string, x: number) => ({
    method: 'scene3d.place',
    params: {type: 'Marker3D', name, parent: '/root/Level3D', position: [x, 0, -2], on_ground: true},
  })
  const script = (marker: string) => ({method: 'editor.run_script', params: {code: `return "${marker}"`}})

  /** One HTTP POST carrying a JSON-RPC batch of engine_run tool calls, as the client `agent` (its User-Agent). */
  async function httpBatch(agent: string, calls: {method: string; params: Json}[]): Promise<Json[]> {
    const body = calls.map((c, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: {name: 'engine_run', arguments: {method: c.method, params: c.params}},
    }))
    const answer = await fetch(`http://127.0.0.1:${fx.editor.discovery.http_port}/mcp`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json', 'User-Agent': agent},
      body: JSON.stringify(body),
    })
    expect(answer.status, await answer.clone().text()).to.equal(200)
    return (await answer.json()) as Json[]
  }

  it('every undo step and audit entry names the client that sent it, while another client sends at once', async () => {
    const a = await dial('agent-a')
    const b = await dial('agent-b')
    const stamp = Date.now()
    const before = (await fx.sceneHistory()).count
    // A: one WebSocket message, a JSON-RPC batch: a batch.run of two waiting placements, then an edit and a script
    const fromA = a.callBatch(
      [
        {method: 'batch.run', params: {label: 'carrier', commands: [place('A1', 1), place('A2', 2)]}},
        {method: 'node.add', params: {type: 'Node3D', name: 'A3', parent: '/root/Level3D'}},
        script(`carrier_a_${stamp}`),
      ],
      120_000,
    )
    await sleep(20) // A's batch.run is waiting on its placements
    // B, on its own connection, and C over HTTP: their own edits and scripts, at the same time
    const fromB = Promise.all([
      b.call('scene3d.place', place('B1', 3).params),
      b.call('node.add', {type: 'Node', name: 'B2', parent: '/root/Level3D'}),
      b.call('editor.run_script', script(`carrier_b_${stamp}`).params),
    ])
    const fromC = httpBatch('agent-c', [
      {method: 'node.add', params: {type: 'Node3D', name: 'C1', parent: '/root/Level3D'}},
      place('C2', 4),
      {method: 'node.add', params: {type: 'Marker2D', name: 'C3', parent: '/root/Level3D'}},
      script(`carrier_c_${stamp}`),
    ])
    const settledA = await fromA
    for (const [i, r] of settledA.entries())
      expect(r.status, `A's message ${i}: ${JSON.stringify(r)}`).to.equal('fulfilled')
    await fromB
    for (const reply of await fromC) expect(reply.result?.isError, JSON.stringify(reply)).to.not.equal(true)

    // every step since: the command and client each message's sender would name
    const {histories} = await fx.call<{histories: {history: string; count: number; actions: Action[]}[]}>(
      'editor.undo_history',
      {limit: 30},
    )
    const scene = histories.find((h) => h.history.startsWith('scene:'))!
    const steps = scene.actions.slice(scene.actions.length - (scene.count - before))
    const owners = steps
      .map((s) => `${s.name.replace(/^Bridge: /, '').replace(/#\d+$/, '#n')} [${s.command} by ${s.client}]`)
      .sort()
    expect(owners).to.deep.equal(
      [
        'add Marker2D [node.add by agent-c]',
        'add Node [node.add by agent-b]',
        'add Node3D [node.add by agent-a]',
        'add Node3D [node.add by agent-c]',
        'batch carrier #n [batch.run by agent-a]',
        'place Marker3D [scene3d.place by agent-b]',
        'place Marker3D [scene3d.place by agent-c]',
      ].sort(),
    )

    // every script's audit entry: the client that sent it, over the transport it came on
    const {entries} = await fx.call<{entries: Json[]}>('editor.audit', {limit: 100})
    const started = (marker: string) =>
      entries.filter((e) => String(e.body ?? '').includes(`${marker}_${stamp}`) && e.outcome === 'started')
    expect(started('carrier_a').map((e) => [e.client, e.transport])).to.deep.equal([['agent-a', 'ws']])
    expect(started('carrier_b').map((e) => [e.client, e.transport])).to.deep.equal([['agent-b', 'ws']])
    expect(started('carrier_c').map((e) => [e.client, e.transport])).to.deep.equal([['agent-c', 'http']])
  })
})
