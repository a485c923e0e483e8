// Where a Godot binary usually is on each platform, after --godot and GODOT_BIN: on PATH, in the bridge cache
// that scripts/install-godot.sh fills (Linux), in /Applications on macOS, and where Windows users unzip the
// official builds (Godot_v4.x-stable_win64.exe, whose _console twin prints to the terminal) or winget and
// scoop link it.
import {readdirSync} from 'node:fs'

import {pathRules} from './paths.js'

export interface GodotSearch {
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
  home: string
  /** The file names in a folder; [] when it cannot be read. */
  listDir?: (dir: string) => string[]
}

export function godotCacheDir(search: Pick<GodotSearch, 'platform' | 'env' | 'home'>): string {
  return search.env.BRIDGE_GODOT_CACHE || pathRules(search.platform).join(search.home, '.cache', 'bridge', 'godot')
}

/** The binary scripts/install-godot.sh puts in the cache. */
export function cachedGodot(search: Pick<GodotSearch, 'platform' | 'env' | 'home'>): string {
  const name = search.platform === 'win32' ? 'godot.exe' : 'godot'
  return pathRules(search.platform).join(godotCacheDir(search), 'bin', name)
}

/** An official Windows build's exe; the console one first, newest version first. */
const WINDOWS_BUILD = /^Godot_v4\.[\w.-]*_win64(_console)?\.exe$/i

function listing(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

/** Every place to look, in order; the caller takes the first that is an executable file. */
export function godotCandidates(search: GodotSearch): string[] {
  const {platform, env} = search
  const rules = pathRules(platform)
  const names = platform === 'win32' ? ['godot.exe'] : ['godot']
  const onPath = (env.PATH ?? env.Path ?? '')
    .split(rules.delimiter)
    .filter(Boolean)
    .flatMap((dir) => names.map((name) => rules.join(dir, name)))
  return [...onPath, cachedGodot(search), ...installed(search, rules)]
}

function installed(search: GodotSearch, rules: ReturnType<typeof pathRules>): string[] {
  const {platform, env, home} = search
  if (platform === 'darwin')
    return ['/Applications', rules.join(home, 'Applications')].map((dir) =>
      rules.join(dir, 'Godot.app', 'Contents', 'MacOS', 'Godot'),
    )
  if (platform !== 'win32') return []
  const local = env.LOCALAPPDATA || rules.join(home, 'AppData', 'Local')
  const folders = [
    rules.join(local, 'Programs', 'Godot'),
    rules.join(local, 'Godot'),
    rules.join(env.ProgramFiles || 'C:\\Program Files', 'Godot'),
    rules.join(home, 'Godot'),
    rules.join(home, 'Downloads'),
    rules.join(home, 'Desktop'),
  ]
  const list = search.listDir ?? listing
  const builds = folders.flatMap((dir) =>
    list(dir)
      .filter((name) => WINDOWS_BUILD.test(name))
      .sort(newestConsoleFirst)
      .map((name) => rules.join(dir, name)),
  )
  const links = [
    rules.join(local, 'Microsoft', 'WinGet', 'Links', 'godot.exe'),
    rules.join(home, 'scoop', 'shims', 'godot.exe'),
  ]
  return [...builds, ...links]
}

function newestConsoleFirst(a: string, b: string): number {
  const version = (name: string) => name.replace(/_console(?=\.exe$)/i, '')
  const byVersion = version(b).localeCompare(version(a), 'en', {numeric: true})
  return byVersion !== 0 ? byVersion : Number(/_console/i.test(b)) - Number(/_console/i.test(a))
}
