// What editor.quit's answer promises: the editor cannot wait for its own end, so the client does. Its answer names
// the editor's pid and its game's; this waits (bounded) until both are gone, then makes sure bridge's own files
// left the project on a clean close, and keeps the log, naming it, when the editor did not close cleanly.
import {existsSync, readdirSync, readFileSync, rmdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'

import {discoveryPath, launchingPath, pidAlive} from './discovery.js'
import {BridgeCliError, EXIT} from '../errors.js'

/** How long a quitting editor may take to exit (it saves its layout, stops its game, frees the scene). */
const QUIT_WAIT_MS = 60_000

/** The answer of editor.quit with what the wait saw: both processes gone, the files removed (or the log kept). */
export async function waitForQuit(
  answer: unknown,
  projectRoot: string,
  timeoutMs = QUIT_WAIT_MS,
): Promise<Record<string, unknown>> {
  const said = (answer ?? {}) as Record<string, unknown>
  if (said.wait === false) return said
  const pids = [said.pid, said.game_pid].filter((p): p is number => typeof p === 'number' && p > 0)
  const end = Date.now() + timeoutMs
  let left = pids.filter(alive)
  while (left.length > 0 && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100))
    left = left.filter(alive)
  }
  const logFile = join(projectRoot, '.engine', 'editor.log')
  if (left.length > 0)
    throw new BridgeCliError(
      `editor.quit: ${left.map((p) => (p === said.pid ? `the editor (pid ${p})` : `its game (pid ${p})`)).join(' and ')} still running ${timeoutMs} ms after the quit${existsSync(logFile) ? `; its log is ${logFile}` : ''}`,
      EXIT.timeout,
      'quit_timeout',
      {pids: left, ...(existsSync(logFile) ? {log_file: logFile} : {})},
    )
  // the addon deletes the discovery file on a clean close; still there means the editor ended some other way
  const clean = !discoveryOf(projectRoot, said.pid)
  if (!clean)
    return {...said, waited: true, gone: true, clean: false, ...(existsSync(logFile) ? {log_file: logFile} : {})}
  removeOwnFiles(projectRoot)
  return {
    ...said,
    waited: true,
    gone: true,
    clean: true,
    files_left: ownFiles(projectRoot).filter((f) => existsSync(f)),
  }
}

/**
 * Bridge's files under <project>/.engine/ (the log `bridge launch` redirects the editor's output to, the launch
 * marker), and the folder when nothing else is in it: what is still there after the addon's own clean-up (an
 * open log cannot be deleted on Windows).
 */
function removeOwnFiles(projectRoot: string): void {
  for (const file of ownFiles(projectRoot)) rmSync(file, {force: true})
  const dir = join(projectRoot, '.engine')
  if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir)
}

/** Every file bridge may put in a project: the discovery file, the editor's log, the launch marker. */
function ownFiles(projectRoot: string): string[] {
  return [discoveryPath(projectRoot), join(projectRoot, '.engine', 'editor.log'), launchingPath(projectRoot)]
}

function discoveryOf(projectRoot: string, pid: unknown): boolean {
  const file = discoveryPath(projectRoot)
  if (!existsSync(file)) return false
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as {pid?: unknown}).pid === pid
  } catch {
    return true // half-written: not the clean close's deletion
  }
}

/** Alive and not a zombie (an editor this very process started is one until it is reaped). */
function alive(pid: number): boolean {
  if (!pidAlive(pid)) return false
  if (process.platform !== 'linux') return true
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}
