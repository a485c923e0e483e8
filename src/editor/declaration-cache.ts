// The addon's declaration cache (addon/core/declaration_cache.gd), seen from Node: whether <addon>/declarations.cache
// matches the addon's scripts, and building it. No cache is committed (it would change with every script edit);
// `npm run cache:build`, `npm run pack:addon`, `bridge install` and the test harness build it here. The editor
// writes the same file into a project's .godot/bridge/ after a start without one, so building is: start a
// headless editor on a temp project holding the addon without a cache, and take the file it writes.
import {createHash} from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import {createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join, relative, sep} from 'node:path'

import {pidAlive, stopTree} from '../platform/processes.js'
import {spawnEditor} from './editor-process.js'
import {enablePlugin} from './install.js'

export const CACHE_FILE = 'declarations.cache'
/** core/declaration_cache.gd's CACHE_VERSION: a file of another layout is stale. */
const CACHE_VERSION = 1
/** Where the editor writes a project's own cache (core/declaration_cache.gd's PROJECT_FILE). */
const PROJECT_CACHE = join('.godot', 'bridge', CACHE_FILE)

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex')

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return scripts(full)
    return name.endsWith('.gd') ? [full] : []
  })
}

/** The hash core/declaration_cache.gd's addon_hash() computes: md5 of sorted "<relative path> <md5>\n" lines. */
export function addonHash(addonDir: string): string {
  const lines = scripts(addonDir).map((f) => `${relative(addonDir, f).split(sep).join('/')} ${md5(readFileSync(f))}\n`)
  lines.sort()
  return md5(lines.join(''))
}

/**
 * A cache file's version and hash, read from the head of its Variant encoding (a Dictionary whose first
 * entries are "version" (int) and "hash" (String): core/declaration_cache.gd's encode()); undefined when the
 * bytes do not start that way.
 */
export function cacheHeader(bytes: Buffer): {version: number; hash: string} | undefined {
  let at = 0
  const u32 = () => {
    if (at + 4 > bytes.length) throw new RangeError('truncated')
    const v = bytes.readUInt32LE(at)
    at += 4
    return v
  }
  const string = () => {
    const length = u32()
    if (at + length > bytes.length) throw new RangeError('truncated')
    const text = bytes.toString('utf8', at, at + length)
    at += length + ((4 - (length % 4)) % 4)
    return text
  }
  try {
    if ((u32() & 0xff) !== 27) return undefined // not a Dictionary
    u32() // entry count
    if (u32() !== 4 || string() !== 'version') return undefined
    const intHeader = u32()
    if ((intHeader & 0xff) !== 2) return undefined // not an int
    const wide = (intHeader & (1 << 16)) !== 0 // a 64-bit int
    const version = wide ? Number(bytes.readBigInt64LE(at)) : bytes.readInt32LE(at)
    at += wide ? 8 : 4
    if (u32() !== 4 || string() !== 'hash') return undefined
    if (u32() !== 4) return undefined
    return {version, hash: string()}
  } catch {
    return undefined
  }
}

/** True when `file` holds a cache of this layout built from exactly the scripts of `addonDir`. */
export function cacheMatches(file: string, addonDir: string, hash = addonHash(addonDir)): boolean {
  if (!existsSync(file)) return false
  const header = cacheHeader(readFileSync(file))
  return header?.version === CACHE_VERSION && header.hash === hash
}

/** True when <addonDir>/declarations.cache matches the addon's scripts. */
export function addonCacheFresh(addonDir: string): boolean {
  return cacheMatches(join(addonDir, CACHE_FILE), addonDir)
}

async function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number}
      server.close(() => resolve(port))
    })
  })
}

export interface BuildOptions {
  godot: string
  /** Extra environment for the editor (the harness passes its isolated ports). */
  env?: Record<string, string>
  timeoutMs?: number
}

/**
 * Builds the cache for the addon in `addonDir` and returns its bytes: a headless editor on a temp project with
 * a copy of the addon (its own cache left out) loads every group, writes .godot/bridge/declarations.cache once
 * its start-up is over, and is stopped. Its settings, user data and ports are its own (a temp home, ports the
 * OS picked). Throws with the editor's log when no matching cache appears in time.
 */
export async function buildCache(addonDir: string, options: BuildOptions): Promise<Buffer> {
  const base = mkdtempSync(join(tmpdir(), 'bridge-cache-'))
  let pid = 0
  try {
    const project = join(base, 'project')
    mkdirSync(project)
    writeFileSync(join(project, 'project.godot'), 'config_version=5\n\n[application]\n\nconfig/name="cache"\n')
    cpSync(addonDir, join(project, 'addons', 'bridge'), {
      recursive: true,
      filter: (src) => !src.endsWith(`${sep}${CACHE_FILE}`),
    })
    enablePlugin(project)
    const home = join(base, 'home')
    const [ws, http] = [await osPort(), await osPort()]
    const logFile = join(base, 'editor.log')
    pid = spawnEditor({
      godot: options.godot,
      projectRoot: project,
      headless: true,
      logFile,
      env: {
        ...process.env,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_DATA_HOME: join(home, 'data'),
        XDG_CACHE_HOME: join(home, 'cache'),
        BRIDGE_WS_PORT: String(ws),
        BRIDGE_MCP_HTTP_PORT: String(http),
        ...options.env,
      },
    })
    const file = join(project, PROJECT_CACHE)
    const hash = addonHash(addonDir)
    const end = Date.now() + (options.timeoutMs ?? 180_000)
    while (!cacheMatches(file, addonDir, hash)) {
      const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '')
      if (!pidAlive(pid))
        throw new Error(`the editor building the declaration cache exited\n--- editor log ---\n${log()}`)
      if (Date.now() > end)
        throw new Error(
          `the editor wrote no declaration cache within ${(options.timeoutMs ?? 180_000) / 1000} s\n${log()}`,
        )
      await new Promise((r) => setTimeout(r, 200))
    }
    return readFileSync(file)
  } finally {
    if (pid && pidAlive(pid)) stopTree(pid)
    rmSync(base, {recursive: true, force: true})
  }
}

/** Writes `bytes` as <addonDir>/declarations.cache, beside and renamed into place (a reader never sees half). */
export function writeAddonCache(addonDir: string, bytes: Buffer): string {
  const file = join(addonDir, CACHE_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, bytes)
  renameSync(tmp, file)
  return file
}

/**
 * Makes <addonDir>/declarations.cache match the addon: nothing when it does, else builds it. Returns whether it
 * built one.
 */
export async function ensureAddonCache(addonDir: string, options: BuildOptions): Promise<boolean> {
  if (addonCacheFresh(addonDir)) return false
  writeAddonCache(addonDir, await buildCache(addonDir, options))
  return true
}

/** What an installed addon's cache is: `shipped` (the source's matched), `built` (just now), `none` (see note). */
export interface InstallCache {
  declaration_cache: 'shipped' | 'built' | 'none'
  note?: string
}

/**
 * Gives the addon copied to `targetAddonDir` (from `sourceAddonDir`) a cache matching its scripts: the
 * source's when it matches, else one built now and kept in the source too when that folder is writable (the
 * next install reuses it). Without a Godot to build with, or when the build fails, the addon has none and the
 * editor writes one into the project's .godot/bridge/ after its first start (which then loads every group).
 */
export async function cacheForInstall(
  sourceAddonDir: string,
  targetAddonDir: string,
  godot: () => string,
): Promise<InstallCache> {
  const target = join(targetAddonDir, CACHE_FILE)
  if (cacheMatches(target, targetAddonDir)) return {declaration_cache: 'shipped'}
  rmSync(target, {force: true}) // a stale one would only be read and ignored at every start
  let bytes: Buffer
  try {
    bytes = await buildCache(targetAddonDir, {godot: godot()})
  } catch (error) {
    const why = (error as Error).message.split('\n')[0]
    return {
      declaration_cache: 'none',
      note: `no declaration cache built (${why}); the editor's first start loads every command group and writes one under .godot/bridge/`,
    }
  }
  writeAddonCache(targetAddonDir, bytes)
  try {
    writeAddonCache(sourceAddonDir, bytes)
  } catch {
    // a read-only install of the CLI: the next install builds again
  }
  return {declaration_cache: 'built'}
}
