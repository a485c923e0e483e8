// The engine test bed: a real headless Godot editor on a fresh temp copy of a fixture project with the
// addon installed, a connected client, and a stop that never leaks a process or a temp dir.
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'

import {EngineClient} from '../../src/editor/client.js'
import {ensureAddonCache} from '../../src/editor/declaration-cache.js'
import {type Discovery, pidAlive} from '../../src/editor/discovery.js'
import {spawnEditor, waitForEditor} from '../../src/editor/editor-process.js'
import {findGodot} from '../../src/editor/godot.js'
import {addonSourceDir, copyAddon, enablePlugin} from '../../src/editor/install.js'
import {childPids as childrenOf, exited, killPid, stopTree} from '../../src/platform/processes.js'
import {checkingReturns} from './returns.js'

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..')
export const DEMO_PROJECT = join(REPO_ROOT, 'examples', 'demo')

export interface StartOptions {
  /** Project to copy (default: examples/demo). */
  fixture?: string
  /** Extra environment for the editor (BRIDGE_WS_PORT, BRIDGE_MCP_HTTP_PORT, ...). */
  env?: Record<string, string>
  /** Puts the addon into the copy and enables it (default: `bridge install --enable`'s copyAddon + enablePlugin). */
  install?: (projectRoot: string) => void
  /** Lines appended to the copy's project.godot before start. */
  projectLines?: string[]
  /** Skip connecting a client (for verdict tests). */
  connect?: boolean
  /**
   * Wait until the discovery file says the editor finished its start-up work (default true); false hands the
   * editor over as soon as bridge answers, as `bridge launch` did before it waited (tests of that window).
   */
  waitForReady?: boolean
  /** Wait until the editor has opened the project's main scene (it does so ~3 s after bridge answers). Default true. */
  waitForScene?: boolean
  startTimeoutMs?: number
  /** Run the editor --headless (default true); false gives it a renderer, which needs a display (startXvfb). */
  headless?: boolean
  /** The editor's debugger port (default: a fresh one per editor). Two editors on one port share it as two
   * editors with the default settings (6007) do. */
  debugPort?: number
  /**
   * Pin the editor's WebSocket and MCP HTTP ports to free ports the OS picked (default true), so a test
   * editor never takes (or waits for) one of the addon's default ports 9080-9095 / 9100-9115 that other
   * editors on the machine use. False for the tests of the addon's own port choice.
   */
  pinPorts?: boolean
}

export interface TestEditor {
  root: string
  pid: number
  discovery: Discovery
  client: EngineClient
  home: string
  logFile: string
  /** Starts the same project again (after stop or kill), keeping the temp dir. */
  restart(): Promise<void>
  /** Clean quit through the addon, then SIGKILL if it hangs; kills any game it started; removes temp dirs. */
  stop(options?: {keepDir?: boolean}): Promise<void>
  /** SIGKILL the editor (and its game), as a crash would. */
  kill(): Promise<void>
  log(): string
}

const live = new Set<number>()
const dirs = new Set<string>()
function cleanUpEverything(): void {
  for (const pid of live) killTree(pid)
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true})
}
process.on('exit', cleanUpEverything)
// an interrupted run (Ctrl-C, a CI timeout) must not leave editors behind either
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    cleanUpEverything()
    process.exit(128 + ({SIGINT: 2, SIGTERM: 15, SIGHUP: 1} as const)[signal])
  })

/** Generous: a loaded 2-core machine (CI, or several suites at once) can take a minute or more to start an editor. */
const START_TIMEOUT_MS = Number(process.env.BRIDGE_TEST_START_TIMEOUT_MS ?? 180_000)

/**
 * Ports a test editor listens on come from 20000-31999, below Linux's ephemeral range (32768+, where the
 * OS picks ports for outgoing connections and for bind(0)) and away from the addon's default ranges and
 * Godot's 6005-6007. Each port is reserved by a lock file in the shared temp dir (holding our pid) before it
 * is checked free, so two test processes on the machine, of this suite or another branch's, never hand out
 * the same port while an editor is still starting and has not bound it yet. Locks are dropped at exit; a
 * lock whose pid is gone is taken over.
 */
const PORT_LOCKS = join(tmpdir(), 'bridge-test-ports')
const lockedPorts = new Set<string>()
process.on('exit', () => {
  for (const lock of lockedPorts) rmSync(lock, {force: true})
})

function reserve(port: number): boolean {
  const lock = join(PORT_LOCKS, `${port}.lock`)
  try {
    writeFileSync(lock, String(process.pid), {flag: 'wx'})
  } catch {
    const owner = Number(readFileSync(lock, {encoding: 'utf8', flag: 'a+'}))
    if (!owner || owner === process.pid || pidAlive(owner)) return false
    rmSync(lock, {force: true}) // its process is gone
    return reserve(port)
  }
  lockedPorts.add(lock)
  return true
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** `count` distinct ports, free on 127.0.0.1 and reserved for this process (see PORT_LOCKS). */
export async function freePorts(count: number): Promise<number[]> {
  mkdirSync(PORT_LOCKS, {recursive: true})
  const ports: number[] = []
  while (ports.length < count) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    if (ports.includes(port) || !reserve(port)) continue
    if (await bindable(port)) ports.push(port)
  }
  return ports
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]
}

/**
 * The environment that keeps an editor started under `home` (by the harness, or by `bridge launch` in a
 * test) to itself: editor settings (XDG_CONFIG_HOME/godot), user:// and the game IPC
 * (XDG_DATA_HOME/godot/app_userdata), caches, and WebSocket and MCP HTTP ports the OS just handed out
 * instead of the addon's default ranges other editors on the machine use.
 */
/** Godot's settings, user data and caches under `home` (Linux's XDG dirs): what a test or bench process owns. */
export function xdgDirs(home: string): Record<string, string> {
  return {XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache')}
}

export async function isolatedEnv(home: string): Promise<Record<string, string>> {
  const [ws, http] = await freePorts(2)
  return {
    ...xdgDirs(home),
    BRIDGE_WS_PORT: String(ws),
    BRIDGE_MCP_HTTP_PORT: String(http),
  }
}

let cacheReady: Promise<boolean> | undefined
/**
 * Makes addon/declarations.cache match the addon's scripts, once per test process (a build is one headless
 * editor start, only after a script changed): every editor the harness starts then copies it with the addon and
 * starts from it, instead of each one loading every group script and writing its own under .godot/bridge/.
 */
export function prepareDeclarationCache(): Promise<boolean> {
  // the build's editor takes ports from the harness's reserved range too (freePorts), never the addon's defaults
  cacheReady ??= freePorts(2).then(([ws, http]) =>
    ensureAddonCache(addonSourceDir(), {
      godot: findGodot(),
      env: {BRIDGE_WS_PORT: String(ws), BRIDGE_MCP_HTTP_PORT: String(http)},
      timeoutMs: START_TIMEOUT_MS,
    }),
  )
  return cacheReady
}

export async function startEditor(options: StartOptions = {}): Promise<TestEditor> {
  const godot = findGodot()
  await prepareDeclarationCache()
  const base = mkdtempSync(join(tmpdir(), 'bridge-e2e-'))
  dirs.add(base)
  const root = join(base, 'project')
  cpSync(options.fixture ?? DEMO_PROJECT, root, {
    recursive: true,
    filter: (src) => !/[/\\](\.godot|\.engine)$/.test(src),
  })
  if (options.install) options.install(root)
  else {
    copyAddon(root)
    enablePlugin(root)
  }
  if (options.projectLines) {
    const file = join(root, 'project.godot')
    const text = readFileSync(file, 'utf8') + '\n' + options.projectLines.join('\n') + '\n'
    writeFileSync(file, text)
  }
  const home = join(base, 'home')
  mkdirSync(home, {recursive: true})
  const logFile = join(base, 'editor.log')
  // Everything the editor (and any game it starts) keeps per user is under this test's own home, and
  // every port it listens on is one the OS just handed out, never a fixed or scanned one (see isolatedEnv).
  const {BRIDGE_WS_PORT: ws, BRIDGE_MCP_HTTP_PORT: http, ...userDirs} = await isolatedEnv(home)
  const [lsp, dap, debug] = await freePorts(3)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(options.pinPorts === false ? userDirs : {...userDirs, BRIDGE_WS_PORT: ws, BRIDGE_MCP_HTTP_PORT: http}),
    ...options.env,
  }
  const args = [
    '--lsp-port',
    String(lsp),
    '--dap-port',
    String(dap),
    '--debug-server',
    `tcp://127.0.0.1:${options.debugPort ?? debug}`,
  ]

  const editor: TestEditor = {
    root,
    home,
    logFile,
    pid: 0,
    discovery: undefined as unknown as Discovery,
    client: undefined as unknown as EngineClient,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async restart() {
      editor.pid = spawnEditor({godot, projectRoot: root, headless: options.headless ?? true, env, args, logFile})
      live.add(editor.pid)
      try {
        editor.discovery = await waitForEditor(
          root,
          editor.pid,
          options.startTimeoutMs ?? START_TIMEOUT_MS,
          undefined,
          undefined,
          options.waitForReady !== false,
        )
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- editor log ---\n${editor.log().slice(-4000)}`)
      }
      if (options.connect === false) return
      editor.client = checkingReturns(await EngineClient.connect({projectRoot: root}))
      if (options.waitForScene !== false) await waitForMainScene(editor.client, root)
    },
    async stop(stopOptions = {}) {
      const pid = editor.pid
      if (pid && pidAlive(pid)) {
        const games = childPids(pid)
        try {
          const client = editor.client?.isOpen ? editor.client : await EngineClient.connect({projectRoot: root})
          await client.call('editor.quit', {}, 5000).catch(() => {})
          client.close()
        } catch {
          // not reachable: fall through to the kill
        }
        await waitForExit(pid, 10_000)
        killTree(pid)
        for (const game of games) killTree(game)
      }
      editor.client?.close()
      live.delete(pid)
      if (!stopOptions.keepDir) {
        rmSync(base, {recursive: true, force: true})
        dirs.delete(base)
      }
    },
    async kill() {
      const games = childPids(editor.pid)
      editor.client?.close()
      killPid(editor.pid)
      await waitForExit(editor.pid, 5000)
      for (const game of games) killTree(game)
      live.delete(editor.pid)
    },
  }
  await editor.restart()
  return editor
}

/** A fresh editor opens its main scene a few seconds after bridge answers; tests start from that state. */
async function waitForMainScene(client: EngineClient, root: string): Promise<void> {
  if (!/^run\/main_scene=/m.test(readFileSync(join(root, 'project.godot'), 'utf8'))) return
  const end = Date.now() + START_TIMEOUT_MS
  while (Date.now() < end) {
    const open = await client.call('scene.current').then(
      () => true,
      () => false,
    )
    if (open) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the editor did not open the main scene within ${START_TIMEOUT_MS / 1000} s`)
}

/** Pids whose parent is `pid` (the games an editor started: they run in their own session). */
export function childPids(pid: number): number[] {
  return childrenOf(pid)
}

function killTree(pid: number): void {
  if (process.platform === 'win32') return stopTree(pid) // taskkill /T walks the tree itself
  for (const child of childPids(pid)) killTree(child)
  killPid(pid)
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (exited(pid)) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return false
}
