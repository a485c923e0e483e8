// Finds the Godot binary: --godot flag, GODOT_BIN, `godot` on PATH, then the bridge cache that
// scripts/install-godot.sh fills (~/.cache/bridge/godot, or BRIDGE_GODOT_CACHE).
import {accessSync, constants} from 'node:fs'
import {homedir} from 'node:os'
import {delimiter, join} from 'node:path'

import {UsageError} from '../errors.js'

export function godotCacheDir(): string {
  return process.env.BRIDGE_GODOT_CACHE || join(homedir(), '.cache', 'bridge', 'godot')
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export function findGodot(flag?: string): string {
  if (flag) {
    if (!executable(flag)) throw new UsageError(`--godot ${flag}: not an executable file`)
    return flag
  }
  if (process.env.GODOT_BIN && executable(process.env.GODOT_BIN)) return process.env.GODOT_BIN
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, 'godot'))) return join(dir, 'godot')
  }
  const cached = join(godotCacheDir(), 'bin', 'godot')
  if (executable(cached)) return cached
  throw new UsageError(
    'no Godot binary found (tried --godot, GODOT_BIN, godot on PATH, ' + cached + '); run scripts/install-godot.sh',
  )
}
