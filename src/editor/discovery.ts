// The discovery file <project>/.engine/bridge.json, the port to dial, and the probes verdicts.ts builds on.
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createConnection} from 'node:net'
import {join} from 'node:path'

import {pidAlive as alive} from '../platform/processes.js'

export const DEFAULT_WS_PORT = 9080

export interface Discovery {
  ws_port: number
  http_port: number
  pid: number
  project_root: string
  engine_version: string
  addon_version: string
  started_at: string
  /** False until the editor has finished its own start-up work (first scan, the session's scenes reopened). */
  ready?: boolean
  [key: string]: unknown
}

export function discoveryPath(projectRoot: string): string {
  return join(projectRoot, '.engine', 'bridge.json')
}

export function readDiscovery(projectRoot: string): Discovery | undefined {
  const file = discoveryPath(projectRoot)
  if (!existsSync(file)) return undefined
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return typeof data === 'object' && data ? (data as Discovery) : undefined
  } catch {
    return undefined // half-written or hand-edited: treated like an editor still starting
  }
}

/** Whether process `pid` exists (src/platform/processes.ts has each platform's rule); one argument, for .filter(). */
export function pidAlive(pid: number): boolean {
  return alive(pid)
}

export function tcpProbe(port: number, timeoutMs = 500, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    if (!port) return resolve(false)
    const socket = createConnection({host, port})
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/** The port to dial: the discovery file's, else BRIDGE_WS_PORT, else 9080. */
export function wsPortFor(projectRoot: string | undefined): number {
  const found = projectRoot ? readDiscovery(projectRoot) : undefined
  if (found?.ws_port) return found.ws_port
  const env = Number(process.env.BRIDGE_WS_PORT)
  return Number.isInteger(env) && env > 0 ? env : DEFAULT_WS_PORT
}

/** `bridge launch` marks the editor it started until it answers, so a second launch sees it starting. */
export function launchingPath(projectRoot: string): string {
  return join(projectRoot, '.engine', 'launching.json')
}

export function markLaunching(projectRoot: string, pid: number): void {
  mkdirSync(join(projectRoot, '.engine'), {recursive: true})
  writeFileSync(launchingPath(projectRoot), JSON.stringify({pid}))
}

export function clearLaunching(projectRoot: string): void {
  rmSync(launchingPath(projectRoot), {force: true})
}

/** The pid of an editor `bridge launch` started and that has not answered yet, when it is still alive. */
export function launchingPid(projectRoot: string): number | undefined {
  try {
    const {pid} = JSON.parse(readFileSync(launchingPath(projectRoot), 'utf8')) as {pid: number}
    return pidAlive(pid) ? pid : undefined
  } catch {
    return undefined
  }
}
