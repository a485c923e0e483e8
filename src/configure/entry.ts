// The server entry a client config gets: how to start `bridge serve` for a project over stdio, or the URL
// of the addon's own HTTP endpoint and where its port comes from.
import {accessSync, constants, existsSync, readFileSync, realpathSync} from 'node:fs'
import {basename, delimiter, dirname, isAbsolute, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {readDiscovery} from '../editor/discovery.js'
import {BridgeCliError, EXIT} from '../errors.js'
import type {StdioLaunch} from './spec.js'

/** The name the entry has in every client's config: the server's name (addon/mcp/toolsets.json `server`). */
export {SERVER_NAME} from '../surface/identity.js'
const PACKAGE_NAME = 'bridge-godot'

/** This package's bin/run.js: src/configure/entry.ts and the bundle that runs it (dist/bundle/main.cjs) both sit two levels down. */
export function runScript(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'run.js')
}

export interface LaunchOptions {
  pathEnv?: string
  platform?: NodeJS.Platform
  execPath?: string
}

/**
 * The command and args a client runs to start `bridge serve` for a project: `bridge` from PATH when it is
 * this package, else this Node running this package's bin/run.js. Both are absolute, since clients start
 * servers from their own working directory with their own (often shorter) PATH.
 */
export function bridgeLaunch(projectRoot: string, options: LaunchOptions = {}): StdioLaunch {
  const serve = ['serve', '--project', projectRoot]
  const onPath = findBridgeOnPath(options.pathEnv ?? process.env.PATH ?? '', options.platform ?? process.platform)
  if (onPath) return {command: onPath, args: serve}
  return {command: options.execPath ?? process.execPath, args: [resolve(runScript()), ...serve]}
}

/** This package's names on PATH: `godot-bridge` first, the name nothing else ships; then `bridge`. */
export const BIN_NAMES = ['godot-bridge', 'bridge'] as const

/**
 * The first of this package's commands on PATH, by BIN_NAMES order; iproute2 ships an unrelated `bridge` on most
 * Linux systems, so a `bridge` is taken only when it links to this package.
 */
export function findBridgeOnPath(pathEnv: string, platform: NodeJS.Platform): string | undefined {
  // npm's Windows shims are .cmd files, which clients cannot spawn without a shell: use the Node fallback there
  if (platform === 'win32') return undefined
  for (const name of BIN_NAMES) {
    for (const file of onPath(pathEnv, name)) if (isThisPackage(file)) return file
  }
  return undefined
}

/**
 * The `bridge` a shell runs, when it is another program (iproute2's /usr/sbin/bridge before npm's bin on PATH):
 * typing `bridge serve` then answers `Object "serve" is unknown`. undefined when it is this package or absent.
 */
export function otherBridgeOnPath(pathEnv: string, platform: NodeJS.Platform): string | undefined {
  if (platform === 'win32') return undefined
  const first = onPath(pathEnv, 'bridge')[0]
  return first && !isThisPackage(first) ? first : undefined
}

/** Every executable `name` in PATH order (absolute folders only: a client's working directory is not ours). */
function onPath(pathEnv: string, name: string): string[] {
  return pathEnv
    .split(delimiter)
    .filter((dir) => dir && isAbsolute(dir))
    .map((dir) => join(dir, name))
    .filter(isExecutable)
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** npm links bin/bridge to <package>/bin/run.js; anything else named bridge is not ours. */
function isThisPackage(file: string): boolean {
  try {
    const real = realpathSync(file)
    if (basename(real) !== 'run.js') return false
    const pkg = JSON.parse(readFileSync(join(dirname(real), '..', 'package.json'), 'utf8')) as {name?: string} | null
    return pkg?.name === PACKAGE_NAME
  } catch {
    return false
  }
}

export type PortSource = 'discovery' | 'project.godot' | 'env'

/** The addon's HTTP port: the running editor's, else the one pinned in project.godot, else BRIDGE_MCP_HTTP_PORT. */
export function httpPortFor(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): {port: number; source: PortSource} {
  const running = Number(readDiscovery(projectRoot)?.http_port)
  if (validPort(running)) return {port: running, source: 'discovery'}
  const pinned = pinnedHttpPort(projectRoot)
  if (pinned) return {port: pinned, source: 'project.godot'}
  const fromEnv = Number(env.BRIDGE_MCP_HTTP_PORT)
  if (validPort(fromEnv)) return {port: fromEnv, source: 'env'}
  throw new BridgeCliError(
    `no HTTP port for ${projectRoot}: the editor is not running (no http_port in .engine/bridge.json) and no port is pinned; ` +
      'start the editor with `bridge launch`, or pin one in project.godot ([bridge] network/http_port=NNNN) or BRIDGE_MCP_HTTP_PORT',
    EXIT.closed,
    'no_http_port',
    {project_root: projectRoot},
  )
}

/** `network/http_port` in the `[bridge]` section of project.godot (the setting bridge/network/http_port). */
export function pinnedHttpPort(projectRoot: string): number | undefined {
  const file = join(projectRoot, 'project.godot')
  if (!existsSync(file)) return undefined
  let section = ''
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim()
    const header = /^\[(.+)\]$/.exec(line)
    if (header) section = header[1]
    const value = section === 'bridge' ? /^network\/http_port\s*=\s*(\d+)$/.exec(line) : null
    if (value && validPort(Number(value[1]))) return Number(value[1])
  }
  return undefined
}

/** The endpoint URL; `?project=` makes the editor refuse the call (409) when another project holds the port. */
export function httpUrl(port: number, projectRoot: string): string {
  return `http://127.0.0.1:${port}/mcp?project=${encodeURIComponent(projectRoot)}`
}

function validPort(port: number): boolean {
  return Number.isInteger(port) && port > 0 && port < 65536
}
