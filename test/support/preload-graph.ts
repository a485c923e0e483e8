// The addon's preload graph, read from its sources: which script names which at compile time (`preload("x.gd")`,
// `extends "x.gd"`) and, separately, which it loads by path at run time (`….path_join("x.gd")`).
// It takes the addon's folder as an argument, so a test can read a tree it planted in a temp folder the same way
// it reads the real one (test/unit/addon-layout.test.ts).
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'

/** The prefix a res:// path to the addon has once it is installed in a project (plugin.cfg sits there). */
const INSTALLED_AT = 'res://addons/bridge/'

/** Every .gd file under `dir`, as absolute paths. */
export function addonScripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return addonScripts(full)
    return name.endsWith('.gd') ? [full] : []
  })
}

/** A string naming a script, as the file at `from` names it → an absolute path (null: outside the addon). */
function target(addon: string, from: string, named: string): null | string {
  if (named.startsWith(INSTALLED_AT)) return join(addon, named.slice(INSTALLED_AT.length))
  if (named.startsWith('res://')) return null // a project file, not the addon's
  return resolve(dirname(from), named)
}

/** Code lines only: a doc comment may show a preload line as an example. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
}

/**
 * Every script under `addon` → the scripts it names (absolute paths). `byPath: false` (the default): compile-time
 * edges only, preload() and extends. `byPath: true` adds the scripts it loads by path at run time (a sibling
 * joined with path_join): a use, though no compile-time cycle.
 */
export function preloadGraph(addon: string, {byPath = false} = {}): Map<string, string[]> {
  const compileTime = /(?:preload\(|^extends )"([^"]+\.gd)"/gm
  const anyUse = /(?:preload\(|path_join\(|^extends )"([^"]+\.gd)"/gm
  const out = new Map<string, string[]>()
  for (const file of addonScripts(addon)) {
    const named = [...code(file).matchAll(byPath ? anyUse : compileTime)].map((m) => target(addon, file, m[1]))
    out.set(
      file,
      named.filter((t): t is string => t !== null),
    )
  }
  return out
}

/** `file` relative to `addon`, with forward slashes: the way the rules and their messages name it. */
export function addonPath(addon: string, file: string): string {
  return relative(addon, file).split('\\').join('/')
}
