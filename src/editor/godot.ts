// Finds the Godot binary: --godot flag, GODOT_BIN, then the usual places of the platform
// (src/platform/godot-locations.ts: PATH, the bridge cache scripts/install-godot.sh fills, the OS's installs).
import {accessSync, constants} from 'node:fs'
import {homedir} from 'node:os'

import {UsageError} from '../errors.js'
import {cachedGodot, godotCacheDir as cacheDirOf, godotCandidates} from '../platform/godot-locations.js'

const here = () => ({platform: process.platform, env: process.env, home: homedir()})

export function godotCacheDir(): string {
  return cacheDirOf(here())
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
  const found = godotCandidates(here()).find(executable)
  if (found) return found
  throw new UsageError(
    'no Godot binary found (tried --godot, GODOT_BIN, godot on PATH, ' +
      cachedGodot(here()) +
      (process.platform === 'linux'
        ? '); run scripts/install-godot.sh'
        : ", the platform's usual install folders); pass --godot or set GODOT_BIN to an official Godot 4 build"),
  )
}
