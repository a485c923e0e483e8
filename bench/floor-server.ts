// The floor for pipelined calls (issue 50): what a GDScript WebSocket JSON-RPC server with no router reaches on
// this machine in this run. The 40k calls/s target of issue 40 was above any GDScript server here (a router-less
// one answered about 20k); the target is now a share of this floor. The server is a SceneTree script run by the
// same engine binary, headless: scripts/pipelined-floor.gd with the addon's own WebSocket framing and frame loop,
// parsing each request and answering engine.version's data, nothing else: what is left is the router. Both it and
// the addon are flooded by the same raw `ws` client (100 in flight, one connection), so the client's own
// cost is the same on both sides.
import {spawn} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

import WebSocket from 'ws'

import {findGodot} from '../src/editor/godot.js'
import {REPO_ROOT, freePort, waitForExit} from '../test/support/editor.js'
import {sleep} from './report.js'

/** The addon's scripts that addon/transport/ws/connection.gd and net/tcp_listener.gd load, with their paths
 *  (scripts/pipelined-floor.gd preloads them; scripts/pipelined-floor.ts runs its other variants). */
export const TRANSPORT_FILES = [
  'transport/ws/connection.gd',
  'transport/ws/frames.gd',
  'transport/ws/handshake.gd',
  'transport/net/tcp_listener.gd',
  'transport/net/http_head.gd',
  'transport/net/origin_rule.gd',
  'core/json_value.gd',
]

/** A project holding scripts/pipelined-floor.gd and the addon's transport scripts it runs on. */
export function floorProject(work: string): string {
  const project = join(work, 'project')
  for (const file of TRANSPORT_FILES) {
    mkdirSync(dirname(join(project, 'addons', 'bridge', file)), {recursive: true})
    cpSync(join(REPO_ROOT, 'addon', file), join(project, 'addons', 'bridge', file))
  }
  cpSync(join(REPO_ROOT, 'scripts', 'pipelined-floor.gd'), join(project, 'floor_server.gd'))
  writeFileSync(
    join(project, 'project.godot'),
    'config_version=5\n\n[application]\n\nconfig/name="pipelined-floor"\nrun/flush_stdout_on_print=true\n',
  )
  return project
}

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

/**
 * The router-less server (the addon's own WebSocket framing and frame loop, JSON.parse and JSON.stringify of
 * `result`, nothing else) started, flooded and stopped by pid: calls per second.
 */
export async function floorCallsPerS(result: unknown): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'bridge-bench-floor-'))
  const project = floorProject(work)
  const port = await freePort()
  const args = ['--headless', '--path', project, '--script', 'res://floor_server.gd', '--']
  const child = spawn(findGodot(), [...args, 'transport', 'json', 'addon', String(port), JSON.stringify(result)], {
    env: {...process.env, XDG_DATA_HOME: join(work, 'data'), XDG_CONFIG_HOME: join(work, 'config')},
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
    rmSync(work, {recursive: true, force: true})
  }
}
