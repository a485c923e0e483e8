// Finds the Godot project a command is about: the directory holding project.godot, from --project or
// the working directory, walking up.
import {existsSync, realpathSync, statSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'

import {UsageError} from '../errors.js'
import {samePath} from '../platform/paths.js'

export function findProjectRoot(start: string): string | undefined {
  let dir = resolve(start)
  if (existsSync(dir) && !statSync(dir).isDirectory()) dir = dirname(dir)
  for (;;) {
    if (existsSync(join(dir, 'project.godot'))) return realpathSync(dir)
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

/** --project must name a real project (or a place inside one); without it, the cwd may be in one. */
export function resolveProject(flag: string | undefined, cwd = process.cwd()): string | undefined {
  if (flag === undefined) return findProjectRoot(cwd)
  if (!existsSync(flag)) throw new UsageError(`--project ${flag}: no such directory`)
  const root = findProjectRoot(flag)
  if (!root) throw new UsageError(`--project ${flag}: not inside a Godot project (no project.godot here or above)`)
  return root
}

export function requireProject(flag: string | undefined, cwd = process.cwd()): string {
  const root = resolveProject(flag, cwd)
  if (!root)
    throw new UsageError(`not inside a Godot project (no project.godot in ${cwd} or above); pass --project DIR`)
  return root
}

export function sameDir(a: string, b: string): boolean {
  const norm = (p: string) => {
    try {
      return realpathSync(p)
    } catch {
      return resolve(p)
    }
  }
  return samePath(norm(a), norm(b))
}
