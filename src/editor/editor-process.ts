// Starts a Godot editor on a project through the engine's own command line, in its own session so
// signals meant for the CLI do not reach it, and waits until its bridge answers.
import {spawn} from 'node:child_process'
import {existsSync, openSync, readFileSync} from 'node:fs'

import {type Discovery, pidAlive, readDiscovery, tcpProbe} from './discovery.js'
import {detachedSpawnOptions, stopTree} from '../platform/processes.js'
import {BridgeCliError, EXIT} from '../errors.js'

/** How often the discovery file is read while an editor starts: a read and a local connect, ~0.1 ms each. */
const POLL_MS = 20

export interface SpawnEditorOptions {
  godot: string
  projectRoot: string
  headless?: boolean
  env?: NodeJS.ProcessEnv
  /** Extra engine arguments, e.g. --lsp-port / --dap-port / --debug-server for parallel editors. */
  args?: string[]
  logFile?: string
}

export function spawnEditor(options: SpawnEditorOptions): number {
  const args = [
    ...(options.headless ? ['--headless'] : []),
    '--editor',
    '--path',
    options.projectRoot,
    ...(options.args ?? []),
  ]
  const out = options.logFile ? openSync(options.logFile, 'a') : 'ignore'
  const child = spawn(options.godot, args, {
    ...detachedSpawnOptions(),
    stdio: ['ignore', out, out],
    env: options.env ?? process.env,
  })
  child.unref()
  if (!child.pid) throw new BridgeCliError(`could not start ${options.godot}`, EXIT.closed, 'spawn_failed')
  return child.pid
}

/**
 * Resolves with the discovery record once the editor `pid` has bound its port and finished its own start-up
 * work (`ready`: the first scan done and the last session's scenes, or the main scene, reopened): a scene
 * opened before that is lost to the editor's restore. An addon that predates `ready` is taken as ready.
 */
export async function waitForEditor(
  projectRoot: string,
  pid: number,
  timeoutMs: number,
  onTick?: (elapsedMs: number) => void,
  logFile?: string,
  /** False: resolve as soon as the port answers, before the editor's start-up work is over (tests of that window). */
  untilReady = true,
): Promise<Discovery> {
  const start = Date.now()
  for (;;) {
    const found = readDiscovery(projectRoot)
    if (found && found.pid === pid && (found.ready !== false || !untilReady) && (await tcpProbe(found.ws_port)))
      return found
    if (!pidAlive(pid)) {
      const cause = logFile ? logCause(logFile) : ''
      throw new BridgeCliError(
        `the editor (pid ${pid}) exited while starting${cause ? `: ${cause}` : ''}${logFile ? `; its log is ${logFile}` : ''}`,
        EXIT.crashed,
        'editor_exited',
        {verdict: 'crashed', ...(logFile ? {log_file: logFile} : {}), ...(cause ? {cause} : {})},
      )
    }
    const elapsed = Date.now() - start
    if (elapsed > timeoutMs)
      throw new BridgeCliError(
        `the editor (pid ${pid}) ${found?.pid === pid ? 'answered but did not finish opening the project' : 'did not bind'} within ${timeoutMs} ms${logFile ? `; its log is ${logFile}` : ''}`,
        EXIT.starting,
        'start_timeout',
        {verdict: 'starting', ...(logFile ? {log_file: logFile} : {})},
      )
    onTick?.(elapsed)
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
}

/** Ends an editor this process started (its whole process group: it runs in its own session; its tree on Windows). */
export function killEditor(pid: number): void {
  stopTree(pid)
}

/** The lines of an engine log that say why it stopped: its last errors, else its last lines. */
export function logCause(logFile: string, max = 3): string {
  if (!existsSync(logFile)) return ''
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  const errors = lines.filter(
    (l) => /\b(ERROR|FATAL|error)\b|Error:|Could not|Can't|cannot/i.test(l) && !/^at:/.test(l),
  )
  return (errors.length > 0 ? errors : lines).slice(-max).join(' | ')
}
