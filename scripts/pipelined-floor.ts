// Floors for the bench's pipelined row (issue 40: 40k calls/s, 100 engine.version calls in flight on one
// WebSocket): the same client (`bench/engine.ts`'s pipelined() over an EngineClient) and the same load against
// servers that do less than the addon: a Node `ws` server (the client's own ceiling on this machine), and headless
// Godot servers without the router (scripts/pipelined-floor.gd): the addon's own WebSocket transport scripts or
// Godot's WebSocketPeer, each answering with JSON.parse + a fixed result + JSON.stringify, or with a prebuilt
// reply (framing alone), polled as the addon polls while a client is busy or in a loop with no sleep. One server
// runs at a time (started for its measurement, killed by pid after it); the order alternates between rounds.
// First, the same Godot times the pieces of a call alone (JSON.parse, JSON.stringify, framing) in a loop.
// Prints calls/s, the server's and the client's CPU time per call (from /proc and process.cpuUsage) and the
// load average. Usage: npx tsx scripts/pipelined-floor.ts [rounds] [variant names, comma-separated]
import {type ChildProcess, spawn, spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {join} from 'node:path'

import WebSocket from 'ws'

import {pipelined} from '../bench/engine.js'
import {floorProject} from '../bench/floor-server.js'
import {median, sleep, table} from '../bench/report.js'
import {cpuSeconds} from '../bench/startup.js'
import {EngineClient} from '../src/editor/client.js'
import {findGodot} from '../src/editor/godot.js'
import {REPO_ROOT, freePort, startEditor, waitForExit} from '../test/support/editor.js'

const rounds = Number(process.argv[2] ?? 3)
const only = process.argv[3]?.split(',')

/** engine.version's result as the addon answered it on Godot 4.6.3 (the reply is 264 bytes with its id). */
const RESULT = {
  build: 'debian4.6.3+ds-3',
  full: '4.6.3-stable (debian4.6.3+ds-3)',
  in_range: true,
  limits: [],
  major: 4,
  minor: 6,
  patch: 3,
  status: 'stable',
  string: '4.6.3',
  supported: {ceiling: '4.7', floor: '4.3', range: '4.3 to 4.7'},
}

/** The Node server: JSON.parse of each request, a reply of the fixed result through JSON.stringify. */
const NODE_SERVER = `
const {WebSocketServer} = require('ws')
const port = Number(process.argv[1])
const result = JSON.parse(process.argv[2])
const wss = new WebSocketServer({host: '127.0.0.1', port, perMessageDeflate: false})
wss.on('listening', () => console.log('floor: listening on ' + port))
wss.on('connection', (ws) => {
  ws.send(JSON.stringify({jsonrpc: '2.0', method: 'bridge.hello', params: {}}))
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString())
    ws.send(JSON.stringify({jsonrpc: '2.0', id: msg.id, result}))
  })
})
`

interface Variant {
  name: string
  what: string
  /** pipelined-floor.gd's arguments (framing, reply, loop); none for the Node server */
  godot?: [string, string, string]
  /** a bare `ws` client instead of EngineClient (rawClient) */
  raw?: boolean
}

const ALL_VARIANTS: Variant[] = [
  {name: 'editor', what: "headless editor with this worktree's addon (the bench's row)"},
  {name: 'node', what: 'Node ws server, JSON.parse + JSON.stringify'},
  {name: 'node-raw-client', what: 'the same, called by a bare ws client (no EngineClient)', raw: true},
  {name: 'gd-transport', what: "addon's GDScript framing, JSON, addon loop", godot: ['transport', 'json', 'addon']},
  {name: 'gd-native', what: 'WebSocketPeer (C++ framing), JSON, addon loop', godot: ['native', 'json', 'addon']},
  {
    name: 'gd-transport-prebuilt',
    what: "addon's GDScript framing, prebuilt reply, addon loop",
    godot: ['transport', 'prebuilt', 'addon'],
  },
  {
    name: 'gd-transport-parse',
    what: "addon's GDScript framing, JSON.parse + prebuilt reply, addon loop",
    godot: ['transport', 'parse', 'addon'],
  },
  {
    name: 'gd-transport-stringify',
    what: "addon's GDScript framing, id found + JSON.stringify, addon loop",
    godot: ['transport', 'stringify', 'addon'],
  },
  {
    name: 'gd-native-prebuilt',
    what: 'WebSocketPeer, prebuilt reply, addon loop',
    godot: ['native', 'prebuilt', 'addon'],
  },
  {name: 'gd-transport-spin', what: "addon's GDScript framing, JSON, no sleep", godot: ['transport', 'json', 'spin']},
  {name: 'gd-native-spin', what: 'WebSocketPeer, JSON, no sleep', godot: ['native', 'json', 'spin']},
]
const VARIANTS = ALL_VARIANTS.filter((v) => !only || only.includes(v.name))

/** The process's CPU time (user + system) in µs (clock ticks of 10 ms). */
const cpuUsec = (pid: number): number => cpuSeconds(pid) * 1e6

const work = mkdtempSync(join(tmpdir(), 'bridge-floor-'))
const project = floorProject(work)
// user data, settings and caches of the Godot servers stay in the temp dir (as the e2e harness's isolatedEnv)
const env = {
  ...process.env,
  XDG_CONFIG_HOME: join(work, 'home', 'config'),
  XDG_DATA_HOME: join(work, 'home', 'data'),
  XDG_CACHE_HOME: join(work, 'home', 'cache'),
}

const live = new Set<ChildProcess>()

/** Starts the variant's server on a free port and resolves once it says it listens. */
async function startServer(variant: Variant): Promise<{server: ChildProcess; port: number}> {
  const port = await freePort()
  const result = JSON.stringify(RESULT)
  const server = variant.godot
    ? spawn(
        findGodot(),
        [
          '--headless',
          '--path',
          project,
          '--script',
          'res://floor_server.gd',
          '--',
          ...variant.godot,
          String(port),
          result,
        ],
        {env, stdio: ['ignore', 'pipe', 'pipe']},
      )
    : spawn(process.execPath, ['-e', NODE_SERVER, String(port), result], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
  live.add(server)
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${variant.name}: no "listening" in 30 s:\n${output}`)), 30_000)
    const onData = (data: Buffer) => {
      output += data.toString()
      if (output.includes('floor: listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    server.stdout!.on('data', onData)
    server.stderr!.on('data', onData)
    server.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${variant.name} exited with ${code}:\n${output}`))
    })
  })
  return {server, port}
}

async function stopServer(server: ChildProcess): Promise<void> {
  server.removeAllListeners('exit')
  if (server.pid) {
    try {
      process.kill(server.pid, 'SIGKILL')
    } catch {
      // already gone
    }
    await waitForExit(server.pid, 5000)
  }
  live.delete(server)
}

/** The size of the server's reply to one engine.version request, read on a connection of its own. */
async function replyBytes(port: number): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, {perMessageDeflate: false})
  try {
    return await new Promise<number>((resolve, reject) => {
      ws.once('error', reject)
      ws.on('message', (data: Buffer) => {
        const msg = JSON.parse(data.toString()) as {method?: string}
        if (msg.method === 'bridge.hello')
          ws.send(JSON.stringify({jsonrpc: '2.0', id: 1234, method: 'engine.version', params: {}}))
        else resolve(data.length)
      })
    })
  } finally {
    ws.close()
  }
}

interface Sample {
  rate: number
  serverUs: number
  clientUs: number
}

/** Calls/s of pipelined() on a new connection to `port`, with the server's (`pid`) and the client's CPU a call. */
/**
 * The client's own floor: what EngineClient.call does on the wire (JSON.stringify of the request, ws.send, JSON.parse
 * of the reply, the id looked up in a Map) without its per-call timer, refusal check and error types.
 */
async function rawClient(port: number): Promise<EngineClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, {perMessageDeflate: false})
  const pending = new Map<number, (result: unknown) => void>()
  let nextId = 1
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject)
    ws.once('message', () => resolve()) // bridge.hello
  })
  ws.on('message', (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as {id: number; result: unknown}
    pending.get(msg.id)?.(msg.result)
    pending.delete(msg.id)
  })
  const client = {
    call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
      const id = nextId++
      ws.send(JSON.stringify({jsonrpc: '2.0', id, method, params}))
      return new Promise((resolve) => pending.set(id, resolve))
    },
    close: () => ws.close(),
  }
  return client as unknown as EngineClient // pipelined() uses call() only
}

async function flood(port: number, pid: number, raw = false): Promise<Sample> {
  const client = raw ? await rawClient(port) : await EngineClient.connect({port})
  try {
    const cpu0 = cpuUsec(pid)
    const client0 = process.cpuUsage()
    const run = await pipelined(client, {maxCalls: 30_000, maxMs: 3000})
    const used = process.cpuUsage(client0)
    const calls = run.calls + 20 // pipelined() warms up with 20 lone calls first
    return {
      rate: run.callsPerS,
      serverUs: (cpuUsec(pid) - cpu0) / calls,
      clientUs: (used.user + used.system) / calls,
    }
  } finally {
    client.close()
  }
}

async function measure(variant: Variant): Promise<Sample & {bytes: number}> {
  if (variant.name === 'editor') {
    const editor = await startEditor()
    try {
      // as scripts/ab-pipelined.ts: the addon compiles its deferred group scripts in idle frames after start
      await sleep(5000)
      const port = editor.discovery.ws_port
      return {...(await flood(port, editor.pid)), bytes: await replyBytes(port)}
    } finally {
      await editor.stop()
    }
  }
  const {server, port} = await startServer(variant)
  try {
    const bytes = await replyBytes(port)
    return {...(await flood(port, server.pid!, variant.raw)), bytes}
  } finally {
    await stopServer(server)
  }
}

/** pipelined-floor.gd's `micro` mode: each piece of a call timed alone in a loop, in the same Godot. */
function micro(): string[] {
  const out = spawnSync(
    findGodot(),
    [
      '--headless',
      '--path',
      project,
      '--script',
      'res://floor_server.gd',
      '--',
      'micro',
      'json',
      'addon',
      '0',
      JSON.stringify(RESULT),
    ],
    {env, encoding: 'utf8', timeout: 60_000},
  )
  return out.stdout.split('\n').filter((line) => line.startsWith('micro: '))
}

console.log(`GDScript pieces alone, µs a call (load ${loadavg()[0].toFixed(2)}):\n${micro().join('\n')}\n`)
const samples = new Map<string, Sample[]>(VARIANTS.map((v) => [v.name, []]))
const loads: number[] = []
try {
  for (let round = 0; round < rounds; round++) {
    // alternate the order, so a trend in the machine's load favours no variant
    const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()
    for (const variant of order) {
      const s = await measure(variant)
      samples.get(variant.name)!.push(s)
      loads.push(loadavg()[0])
      console.log(
        `round ${round} ${variant.name}: ${s.rate.toFixed(0)} calls/s, server CPU ${s.serverUs.toFixed(1)} µs/call, client CPU ${s.clientUs.toFixed(1)} µs/call, reply ${s.bytes} bytes, load ${loadavg()[0].toFixed(2)}`,
      )
    }
  }
  const rows = VARIANTS.map((v) => {
    const s = samples.get(v.name)!
    return [
      v.name,
      v.what,
      median(s.map((x) => x.rate)).toFixed(0),
      median(s.map((x) => x.serverUs)).toFixed(1),
      median(s.map((x) => x.clientUs)).toFixed(1),
    ]
  })
  console.log(
    `\nmedians of ${rounds} rounds (100 in flight, one WebSocket, up to 30,000 calls or 3 s each):\n` +
      table(['variant', 'server', 'calls/s', 'server CPU µs/call', 'client CPU µs/call'], rows),
  )
  console.log(
    `load average during the rounds ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; now ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  )
} finally {
  for (const server of [...live]) await stopServer(server)
  rmSync(work, {recursive: true, force: true})
}
