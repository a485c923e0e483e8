// The floor for pipelined calls (issue 50): what a GDScript WebSocket JSON-RPC server with no router reaches on
// this machine in this run. The 40k calls/s target of issue 40 was above any GDScript server here (a router-less
// one answered about 20k); the target is now a share of this floor. The server is a SceneTree script run by the
// same engine binary, headless: it parses each request and answers engine.version's data, nothing else. Both it
// and the addon are flooded by the same raw `ws` client (100 in flight, one connection), so the client's own
// cost is the same on both sides.
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import WebSocket from 'ws'

import {findGodot} from '../src/editor/godot.js'
import {freePort, waitForExit} from '../test/support/editor.js'
import {sleep} from './report.js'

const SERVER = `extends SceneTree
## bench: a router-less WebSocket JSON-RPC server, the floor of ws_pipelined_calls_per_s.

var _tcp := TCPServer.new()
var _peers: Array[WebSocketPeer] = []


func _initialize() -> void:
	if _tcp.listen(int(OS.get_environment("BENCH_FLOOR_PORT")), "127.0.0.1") != OK:
		quit(1)


func _process(_delta: float) -> bool:
	while _tcp.is_connection_available():
		var peer := WebSocketPeer.new()
		peer.inbound_buffer_size = 1 << 20
		peer.outbound_buffer_size = 1 << 20
		peer.max_queued_packets = 4096
		peer.accept_stream(_tcp.take_connection())
		_peers.append(peer)
	for peer in _peers:
		peer.poll()
		while peer.get_available_packet_count() > 0:
			var request: Variant = JSON.parse_string(peer.get_packet().get_string_from_utf8())
			if request is Dictionary:
				peer.send_text(JSON.stringify({"jsonrpc": "2.0", "id": request.get("id"), "result": Engine.get_version_info()}))
	_peers = _peers.filter(func(p: WebSocketPeer) -> bool: return p.get_ready_state() != WebSocketPeer.STATE_CLOSED)
	return false
`

/** Keeps `inFlight` requests outstanding on one raw connection for `ms` (after `warm` calls one by one): answered
 *  calls per second. */
export async function rawPipelined(
  port: number,
  method: string,
  {inFlight = 100, ms = 2000, warm = 20} = {},
): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, {perMessageDeflate: false})
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  try {
    const pending = new Map<number, () => void>()
    ws.on('message', (data) => {
      const id = (JSON.parse(String(data)) as {id?: number}).id // the addon's greeting has none
      const answered = id === undefined ? undefined : pending.get(id)
      if (answered) {
        pending.delete(id!)
        answered()
      }
    })
    let id = 0
    const call = () =>
      new Promise<void>((resolve) => {
        pending.set(++id, resolve)
        ws.send(JSON.stringify({jsonrpc: '2.0', id, method, params: {}}))
      })
    for (let i = 0; i < warm; i++) await call()
    let answered = 0
    const t0 = performance.now()
    const lane = async () => {
      while (performance.now() - t0 < ms) {
        await call()
        answered++
      }
    }
    await Promise.all(Array.from({length: inFlight}, lane))
    return (answered * 1000) / (performance.now() - t0)
  } finally {
    ws.close()
  }
}

/** Starts the router-less server, floods it, stops it by pid: calls per second. */
export async function floorCallsPerS(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-bench-floor-'))
  writeFileSync(join(dir, 'project.godot'), 'config_version=5\n')
  writeFileSync(join(dir, 'server.gd'), SERVER)
  const port = await freePort()
  const child = spawn(findGodot(), ['--headless', '--path', dir, '-s', 'res://server.gd'], {
    env: {
      ...process.env,
      BENCH_FLOOR_PORT: String(port),
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
    },
    stdio: 'ignore',
  })
  try {
    for (let i = 0; ; i++) {
      try {
        return await rawPipelined(port, 'engine.version')
      } catch (error) {
        if (i > 100 || child.exitCode !== null) throw error
        await sleep(100) // not listening yet
      }
    }
  } finally {
    child.kill('SIGKILL')
    await waitForExit(child.pid!, 5000)
    rmSync(dir, {recursive: true, force: true})
  }
}
