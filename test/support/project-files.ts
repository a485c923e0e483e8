// A project's files on disk, to put back after a command that changed them (the sweeps run examples that write).
import {mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'

/** The project's files (not .godot/ or .engine/), path → content, to put back after each mutating example. */
export function snapshot(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name)
      const rel = relative(root, full)
      if (rel === '.godot' || rel === '.engine') continue
      try {
        if (statSync(full).isDirectory()) walk(full)
        else out.set(rel, readFileSync(full))
      } catch {
        // a temp file the editor renamed away meanwhile (an atomic save): not part of the project
      }
    }
  }
  walk(root)
  return out
}

/** Puts the project's files back as `before` held them; true when anything had changed. */
export function restore(root: string, before: Map<string, Buffer>): boolean {
  const now = snapshot(root)
  let changed = false
  for (const [rel, content] of now)
    if (!before.has(rel)) {
      rmSync(join(root, rel), {force: true})
      changed = true
    } else if (!before.get(rel)!.equals(content)) {
      writeFileSync(join(root, rel), before.get(rel)!)
      changed = true
    }
  for (const [rel, content] of before)
    if (!now.has(rel)) {
      mkdirSync(dirname(join(root, rel)), {recursive: true})
      writeFileSync(join(root, rel), content)
      changed = true
    }
  return changed
}
