// Process control on Linux, macOS and Windows, in one place: Windows has no process groups and no signals but
// TerminateProcess, and only Linux has /proc. Every function takes the host, so unit tests run each platform's
// rules (and see the commands it would run) on any machine.
import {execFileSync, type SpawnOptions} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'

export interface ProcessHost {
  platform: NodeJS.Platform
  kill(pid: number, signal: NodeJS.Signals | 0): void
  readFile(path: string): string
  readDir(path: string): string[]
  /** Runs a program to its end and returns its stdout; throws when it cannot start or fails. */
  run(command: string, args: string[]): string
}

export const systemHost: ProcessHost = {
  platform: process.platform,
  kill: (pid, signal) => process.kill(pid, signal),
  readFile: (path) => readFileSync(path, 'utf8'),
  readDir: (path) => readdirSync(path),
  run: (command, args) =>
    execFileSync(command, args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true}),
}

/**
 * Whether process `pid` exists. kill(pid, 0) asks without touching it on every platform (on Windows Node opens
 * the process and reads its exit code); EPERM means it runs as another user. A zombie counts as alive: see exited().
 */
export function pidAlive(pid: number, host: ProcessHost = systemHost): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    host.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether `pid` has ended: gone, or a zombie (POSIX: exited, not yet reaped by its parent). */
export function exited(pid: number, host: ProcessHost = systemHost): boolean {
  return !pidAlive(pid, host) || isZombie(pid, host)
}

function isZombie(pid: number, host: ProcessHost): boolean {
  if (host.platform === 'win32') return false // an ended Windows process is gone, whoever holds its handle
  try {
    if (host.platform === 'linux') return /\) Z /.test(host.readFile(`/proc/${pid}/stat`))
    return host
      .run('ps', ['-o', 'stat=', '-p', String(pid)])
      .trim()
      .startsWith('Z')
  } catch {
    return true // no stat: it ended while we looked
  }
}

/** Kills one process at once (SIGKILL; TerminateProcess on Windows). Already gone is fine. */
export function killPid(pid: number, host: ProcessHost = systemHost): void {
  try {
    host.kill(pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/**
 * Kills a process started with detachedSpawnOptions() and everything it started in its group: POSIX signals the
 * group it leads (then the pid, should it have left it); Windows has no groups, so taskkill walks the tree.
 */
export function stopTree(pid: number, host: ProcessHost = systemHost): void {
  if (host.platform === 'win32') {
    try {
      host.run('taskkill', ['/pid', String(pid), '/T', '/F'])
    } catch {
      // already gone (taskkill exits 128)
    }
    return
  }
  for (const target of [-pid, pid]) killPid(target, host)
}

/**
 * Spawn options for a process that must outlive this one and not get the signals meant for it: its own
 * session and process group on POSIX; on Windows `detached` gives it its own console, which windowsHide keeps
 * from opening a window.
 */
export function detachedSpawnOptions(host: Pick<ProcessHost, 'platform'> = systemHost): SpawnOptions {
  return host.platform === 'win32' ? {detached: true, windowsHide: true} : {detached: true}
}

/** The pids whose parent is `pid` (games an editor started run in their own session, outside its group). */
export function childPids(pid: number, host: ProcessHost = systemHost): number[] {
  if (host.platform === 'linux') return linuxChildren(pid, host)
  try {
    if (host.platform === 'win32')
      return numbers(
        host.run('powershell', [
          '-NoProfile',
          '-NonInteractive',
          '-Command',
          `(Get-CimInstance Win32_Process -Filter 'ParentProcessId=${pid}').ProcessId`,
        ]),
      )
    return host
      .run('ps', ['-A', '-o', 'pid=,ppid='])
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number))
      .filter(([child, parent]) => parent === pid && child > 0)
      .map(([child]) => child)
  } catch {
    return []
  }
}

function linuxChildren(pid: number, host: ProcessHost): number[] {
  const out: number[] = []
  for (const entry of host.readDir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // the field after the parenthesised command name: state, then ppid
      const stat = host.readFile(`/proc/${entry}/stat`)
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) out.push(Number(entry))
    } catch {
      // the process ended while we looked
    }
  }
  return out
}

function numbers(text: string): number[] {
  return text
    .split(/\s+/)
    .filter((word) => /^\d+$/.test(word))
    .map(Number)
}
