// Editors the bench starts besides its main one (test/support/editor.ts): a fresh copy of examples/demo with
// or without the bridge addon, each with a tiny probe plugin (addons/bench_probe) that writes a marker file on
// the editor's first frame, so an editor without the addon also says when it is up. Started the way the test
// harness starts its editors (headless, own XDG dirs and debugger ports); stopped by pid, SIGTERM then
// SIGKILL, with an exit hook that kills whatever is still running when the bench ends early.
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {EngineClient} from '../src/editor/client.js'
import {pidAlive, readDiscovery, tcpProbe} from '../src/editor/discovery.js'
import {spawnEditor} from '../src/editor/editor-process.js'
import {findGodot} from '../src/editor/godot.js'
import {copyAddon, enablePlugin, withPluginEnabled} from '../src/editor/install.js'
import {DEMO_PROJECT, waitForExit, xdgDirs} from '../test/support/editor.js'
import {sleep} from './report.js'

const PROBE_CFG = 'res://addons/bench_probe/plugin.cfg'
const PROBE_PLUGIN_CFG = `[plugin]

name="bench probe"
description="Writes BENCH_PROBE_MARKER on the editor's first frame (npm run bench)."
author="bench"
version="1"
script="probe.gd"
`
const PROBE_SCRIPT = `@tool
extends EditorPlugin
## The bench's probe: writes the file named by BENCH_PROBE_MARKER on the editor's first frame, and the same name
## with ".settled" once the editor's first file system scan is over (its caches written), then idles.

var _settled_at := -1


func _enter_tree() -> void:
	set_process(true)


func _process(_delta: float) -> void:
	var marker := OS.get_environment("BENCH_PROBE_MARKER")
	if not FileAccess.file_exists(marker):
		_write(marker)
	if EditorInterface.get_resource_filesystem().is_scanning():
		_settled_at = -1
	elif _settled_at < 0:
		_settled_at = Time.get_ticks_msec()
	elif Time.get_ticks_msec() - _settled_at > 500:
		_write(marker + ".settled")
		set_process(false)


func _write(path: String) -> void:
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file:
		file.store_string("up")
		file.close()
`

export interface BenchEditor {
  readonly pid: number
  root: string
  logFile: string
  /** Wall clock (ms since the epoch) just before the (latest) spawn. */
  readonly spawnedAt: number
  /** ms from spawn to the probe's marker file (its modification time): the editor's first frame. */
  waitProbe(timeoutMs?: number): Promise<number>
  /**
   * Until the editor's first file system scan is over and its caches are written (the probe's second marker): a
   * project stopped before that reopens as if opened for the first time.
   */
  waitSettled(timeoutMs?: number): Promise<void>
  /** ms from spawn to the first engine.version reply over the WebSocket (addon editors only). */
  waitFirstReply(timeoutMs?: number): Promise<number>
  /** Starts it again, stopped, on the same project copy: its .godot cache is kept (a warm start). */
  restart(): void
  /** SIGTERM, SIGKILL (its process group) after a few seconds; removes the temp dir unless kept. */
  stop(options?: {keepDir?: boolean}): Promise<void>
}

const live = new Set<number>()
const dirs = new Set<string>()
process.on('exit', () => {
  for (const pid of live) killGroup(pid, 'SIGKILL')
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true})
})

function killGroup(pid: number, signal: NodeJS.Signals): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal)
    } catch {
      // already gone
    }
  }
}

const wallNow = () => performance.timeOrigin + performance.now()
let portSeed = 52000 + Math.floor(Math.random() * 8000)

/** Starts a headless editor on a fresh copy of examples/demo; `addon: false` leaves the bridge out. */
export function startBenchEditor(options: {addon: boolean; env?: NodeJS.ProcessEnv}): BenchEditor {
  const godot = findGodot()
  const base = mkdtempSync(join(tmpdir(), 'bridge-bench-'))
  dirs.add(base)
  const root = join(base, 'project')
  cpSync(DEMO_PROJECT, root, {recursive: true, filter: (src) => !/[/\\](\.godot|\.engine)$/.test(src)})
  if (options.addon) {
    copyAddon(root)
    enablePlugin(root)
  }
  const probeDir = join(root, 'addons', 'bench_probe')
  mkdirSync(probeDir, {recursive: true})
  writeFileSync(join(probeDir, 'plugin.cfg'), PROBE_PLUGIN_CFG)
  writeFileSync(join(probeDir, 'probe.gd'), PROBE_SCRIPT)
  const projectFile = join(root, 'project.godot')
  writeFileSync(projectFile, withPluginEnabled(readFileSync(projectFile, 'utf8'), PROBE_CFG))
  const home = join(base, 'home')
  mkdirSync(home, {recursive: true})
  const marker = join(base, 'probe-marker')
  const logFile = join(base, 'editor.log')
  const env = {
    ...process.env,
    ...xdgDirs(home),
    ...options.env,
    BENCH_PROBE_MARKER: marker,
  }
  const ports = portSeed
  portSeed += 3
  const args = [
    '--lsp-port',
    String(ports),
    '--dap-port',
    String(ports + 1),
    '--debug-server',
    `tcp://127.0.0.1:${ports + 2}`,
  ]
  let pid = 0
  let spawnedAt = 0
  const launch = () => {
    rmSync(marker, {force: true})
    rmSync(`${marker}.settled`, {force: true})
    spawnedAt = wallNow()
    pid = spawnEditor({godot, projectRoot: root, headless: true, env, args, logFile})
    live.add(pid)
  }
  launch()

  const check = (what: string, end: number) => {
    if (!pidAlive(pid)) throw new Error(`bench editor ${pid} exited before ${what}; log: ${readLog(logFile)}`)
    if (Date.now() > end) throw new Error(`bench editor ${pid}: no ${what} in time; log: ${readLog(logFile)}`)
  }
  return {
    get pid() {
      return pid
    },
    root,
    logFile,
    get spawnedAt() {
      return spawnedAt
    },
    async waitProbe(timeoutMs = 180_000) {
      const end = Date.now() + timeoutMs
      for (;;) {
        if (existsSync(marker)) return statSync(marker).mtimeMs - spawnedAt
        check('probe marker', end)
        await sleep(10)
      }
    },
    async waitSettled(timeoutMs = 180_000) {
      const end = Date.now() + timeoutMs
      while (!existsSync(`${marker}.settled`)) {
        check('settled probe marker', end)
        await sleep(50)
      }
    },
    async waitFirstReply(timeoutMs = 180_000) {
      const end = Date.now() + timeoutMs
      for (;;) {
        const found = readDiscovery(root)
        if (found?.pid === pid && (await tcpProbe(found.ws_port, 200))) {
          try {
            const client = await EngineClient.connect({projectRoot: root, port: found.ws_port, connectTimeoutMs: 2000})
            try {
              await client.call('engine.version', {}, 5000)
              return wallNow() - spawnedAt
            } finally {
              client.close()
            }
          } catch {
            // bound but not answering yet: try again
          }
        }
        check('engine.version reply', end)
        await sleep(10)
      }
    },
    restart() {
      if (live.has(pid)) throw new Error(`bench editor ${pid} is still running`)
      launch()
    },
    async stop(options = {}) {
      if (live.has(pid)) {
        if (pidAlive(pid)) {
          killGroup(pid, 'SIGTERM')
          if (!(await waitForExit(pid, 4000))) killGroup(pid, 'SIGKILL')
          await waitForExit(pid, 3000)
        }
        killGroup(pid, 'SIGKILL') // anything left in its process group
        await waitReaped(pid, 3000)
        live.delete(pid)
      }
      if (!options.keepDir) {
        rmSync(base, {recursive: true, force: true})
        dirs.delete(base)
      }
    },
  }
}

/** Until Node has reaped an exited child (no zombie left for init when the bench ends right after). */
export async function waitReaped(pid: number, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs
  while (existsSync(`/proc/${pid}`) && Date.now() < end) await sleep(20)
}

function readLog(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').slice(-2000) : '(no log)'
}
