// Editor-side figures of `npm run bench` on the main editor: throughput of one WebSocket connection with many
// requests in flight, engine.search, the addon's own streamable-HTTP MCP endpoint, and scene.tree on scenes of
// 1,000 and 10,000 nodes (written as .tscn files into the editor's project copy, opened, closed again).
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import type {EngineClient} from '../src/editor/client.js'
import type {TestEditor} from '../test/support/editor.js'
import {floorCallsPerS, rawPipelined} from './floor-server.js'
import {figure, latency, median, note, table, targetAtLeast} from './report.js'

/**
 * Keeps `inFlight` engine.version requests outstanding on one connection (one more sent as each answers)
 * until `maxCalls` have been sent or `maxMs` has passed; answered calls per second.
 */
export async function pipelined(
  client: EngineClient,
  options: {inFlight?: number; maxCalls?: number; maxMs?: number} = {},
): Promise<{callsPerS: number; calls: number; ms: number}> {
  const {inFlight = 100, maxCalls = 5000, maxMs = 2000} = options
  for (let i = 0; i < 20; i++) await client.call('engine.version') // warm up
  let sent = 0
  let answered = 0
  const t0 = performance.now()
  await new Promise<void>((resolve, reject) => {
    const send = () => {
      sent++
      client.call('engine.version').then(() => {
        answered++
        if (sent < maxCalls && performance.now() - t0 < maxMs) send()
        else if (answered === sent) resolve()
      }, reject)
    }
    for (let i = 0; i < inFlight; i++) send()
  })
  const ms = performance.now() - t0
  return {callsPerS: (answered * 1000) / ms, calls: answered, ms}
}

/** engine.search for a common member name: the first (cold) call, and the median of `runs` after it. */
export async function engineSearch(client: EngineClient, runs = 10): Promise<{firstMs: number; medianMs: number}> {
  const search = async () => {
    const t = performance.now()
    await client.call('engine.search', {query: 'velocity'})
    return performance.now() - t
  }
  const firstMs = await search()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) samples.push(await search())
  return {firstMs, medianMs: median(samples)}
}

/**
 * tools/call engine_version on the addon's HTTP endpoint (stateless, POST /mcp, no session or query needed):
 * through the MCP SDK's StreamableHTTPClientTransport, and as a bare JSON-RPC POST with fetch. Table rows.
 */
export async function httpRows(httpPort: number, rounds: number): Promise<string[][]> {
  const url = `http://127.0.0.1:${httpPort}/mcp`
  const client = new Client({name: 'bench', version: '1.0.0'})
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  try {
    const sdk = await latency(
      'HTTP /mcp, SDK client, engine_version',
      () => client.callTool({name: 'engine_version', arguments: {}}),
      rounds,
    )
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {name: 'engine_version', arguments: {}},
    })
    const headers = {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream'}
    const bare = await latency(
      'HTTP /mcp, fetch JSON-RPC, engine_version',
      async () => {
        const res = await fetch(url, {method: 'POST', headers, body})
        if (!res.ok) throw new Error(`POST /mcp: HTTP ${res.status}`)
        await res.text()
      },
      rounds,
    )
    return [sdk, bare]
  } finally {
    await client.close()
  }
}

/** A scene of one Node2D root and `n` Node2D children, as the editor saves one. */
function bigScene(n: number): string {
  const lines = ['[gd_scene format=3]', '', '[node name="Big" type="Node2D"]', '']
  for (let i = 0; i < n; i++) lines.push(`[node name="N${i}" type="Node2D" parent="."]`, '')
  return lines.join('\n')
}

export interface TreeTiming {
  nodes: number
  openMs: number
  firstMs: number
  medianMs: number
  bytes: number
}

/**
 * scene.tree of a scene of `nodes` + 1 nodes: the file is written into the project copy, opened with
 * scene.open, read once (first) and `runs` times more (median), then closed again (the main scene is edited
 * afterwards, as before). Time = the whole round trip, the JSON of the tree included.
 */
export async function bigSceneTree(client: EngineClient, root: string, nodes: number, runs = 5): Promise<TreeTiming> {
  const path = `res://scenes/bench_${nodes}.tscn`
  writeFileSync(join(root, 'scenes', `bench_${nodes}.tscn`), bigScene(nodes))
  const t = performance.now()
  await client.call('scene.open', {path})
  const openMs = performance.now() - t
  try {
    let bytes = 0
    const tree = async () => {
      const t0 = performance.now()
      const out = await client.call('scene.tree')
      const ms = performance.now() - t0
      bytes = JSON.stringify(out).length
      return ms
    }
    const firstMs = await tree()
    const samples: number[] = []
    for (let i = 0; i < runs; i++) samples.push(await tree())
    return {nodes: nodes + 1, openMs, firstMs, medianMs: median(samples), bytes}
  } finally {
    await client.call('scene.close', {path, discard: true})
  }
}

/** Throughput with 100 in flight and a lone caller's round trip (`BENCH_ONLY=pipelined npm run bench`). */
export async function pipelinedOnly(editor: TestEditor, rounds: number): Promise<void> {
  const flood = await pipelined(editor.client)
  figure('ws_pipelined_calls_per_s', flood.callsPerS, 'calls/s')
  await againstFloor(editor)
  const rtt = await latency('WebSocket client, engine.version', () => editor.client.call('engine.version'), rounds)
  figure('ws_rtt_p50_ms', Number(rtt[2]), 'ms')
  figure('ws_rtt_p99_ms', Number(rtt[4]), 'ms')
  console.log(
    `one WebSocket, 100 engine.version requests in flight: ${flood.callsPerS.toFixed(0)} calls/s (${flood.calls} calls in ${flood.ms.toFixed(0)} ms)\n${table(['path (ms)', 'mean', 'p50', 'p95', 'p99'], [rtt])}`,
  )
}

/** The editor section of the report: figures and printed lines. */
export async function reportEditor(editor: TestEditor, rounds: number): Promise<void> {
  note('editor throughput, engine.search, HTTP /mcp, big scenes…')
  const flood = await pipelined(editor.client)
  figure('ws_pipelined_calls_per_s', flood.callsPerS, 'calls/s')
  await againstFloor(editor)
  console.log(
    `\n## the editor\n\none WebSocket, 100 engine.version requests in flight: ${flood.callsPerS.toFixed(0)} calls/s (${flood.calls} calls in ${flood.ms.toFixed(0)} ms)`,
  )
  const search = await engineSearch(editor.client)
  figure('engine_search_ms', search.medianMs, 'ms')
  figure('engine_search_first_ms', search.firstMs, 'ms')
  console.log(
    `engine.search "velocity": median ${search.medianMs.toFixed(1)} ms of 10, the first call ${search.firstMs.toFixed(0)} ms`,
  )
  const http = await httpRows(editor.discovery.http_port, rounds)
  console.log(`\n${table(['path (ms)', 'mean', 'p50', 'p95', 'p99'], http)}`)
  figure('http_call_p50_ms', Number(http[0][2]), 'ms')
  figure('http_call_p99_ms', Number(http[0][4]), 'ms')
  const trees = [
    await bigSceneTree(editor.client, editor.root, 1000),
    await bigSceneTree(editor.client, editor.root, 10_000),
  ]
  figure('big_scene_tree_1000_ms', trees[0].medianMs, 'ms')
  figure('big_scene_tree_ms', trees[1].medianMs, 'ms')
  const rows = trees.map((t) => [
    `${t.nodes} nodes`,
    t.openMs.toFixed(0),
    t.firstMs.toFixed(1),
    t.medianMs.toFixed(1),
    t.bytes,
  ])
  console.log(`\n${table(['scene.tree (ms)', 'scene.open', 'first', 'median of 5', 'JSON bytes'], rows)}`)
}

/**
 * The addon flooded by a raw client against a router-less GDScript server flooded the same way, alternating, three
 * of each (bench/floor-server.ts): the target is a share of what GDScript itself reaches here, not a fixed rate.
 */
async function againstFloor(editor: TestEditor): Promise<void> {
  const addon: number[] = []
  const floor: number[] = []
  const version = await editor.client.call('engine.version') // the floor answers the same data
  for (let i = 0; i < 3; i++) {
    addon.push(await rawPipelined(editor.discovery.ws_port, 'engine.version'))
    floor.push(await floorCallsPerS(version))
  }
  const [a, f] = [median(addon), median(floor)]
  figure('ws_pipelined_raw_calls_per_s', a, 'calls/s')
  figure('gdscript_server_floor_calls_per_s', f, 'calls/s')
  targetAtLeast(
    'ws_pipelined_over_floor_ratio',
    a / f,
    'x',
    0.6,
    `router-less GDScript server: ${f.toFixed(0)} calls/s`,
  )
  console.log(
    `raw client, 100 in flight: the addon ${a.toFixed(0)} calls/s, a router-less GDScript server ${f.toFixed(0)} calls/s (${(a / f).toFixed(2)}×; 3 alternating runs each, medians)`,
  )
}
