// The names the addon gives scripts (preload constants, aliases of them, inner classes, class_names), read from
// its sources. The rule (docs/architecture.md, "Names beside the project's class_names"): every such name starts
// with Bridge, since a project's class_name of the same name wins over a script's own constant wherever the name
// stands as a type, and an inner class of that name does not parse.
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'

import {ADDON_DIR, typeUses} from './game-scripts.js'

export const PREFIX = 'Bridge'

/**
 * Names no project can declare as a class_name (the engine's own global names), so the e2e test leaves them
 * out: `Error` is what BridgeError would be without the prefix, and it is @GlobalScope's enum.
 */
export const ENGINE_NAMES = new Set(['Error'])

/**
 * The one un-prefixed name the rule keeps: the public base of project-local groups (addon/command_group.gd) still
 * names the call `Call`, for group files written before the prefix (docs/plugins.md). No addon script uses it.
 */
export const KEPT_FOR_PROJECT_GROUPS = [{file: 'command_group.gd', name: 'Call'}]

export interface ScriptName {
  name: string
  /** addon-relative path */
  file: string
  line: number
  kind: 'preload' | 'alias' | 'inner class' | 'class_name'
}

/** Every .gd file of the addon, absolute paths, sorted. */
export function addonScripts(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true}))
      if (entry.isDirectory()) walk(join(dir, entry.name))
      else if (entry.name.endsWith('.gd')) out.push(join(dir, entry.name))
  }
  walk(ADDON_DIR)
  return out.sort()
}

const FORMS: [ScriptName['kind'], RegExp][] = [
  // const X := preload("x.gd"), const X = preload(...), const X: GDScript = preload(...); a CONSTANT_CASE name
  // (settings.gd's _CORE_ANCHOR, used as a value) is no name a project gives a class
  ['preload', /^const\s+(_?[A-Z]\w*[a-z]\w*)\s*(?::\s*\w*\s*)?=\s*preload\(\s*"[^"]*\.gd"\s*\)\s*(?:#.*)?$/],
  // a second name for one of them: const Call := BridgeCall
  ['alias', new RegExp(String.raw`^const\s+(\w+)\s*(?::\s*\w*\s*)?=\s*${PREFIX}\w*\s*(?:#.*)?$`)],
  ['inner class', /^\s*class\s+(\w+)/],
  ['class_name', /^class_name\s+(\w+)/],
]

/** Every name the addon's scripts give a script, where it is declared. */
export function addonScriptNames(): ScriptName[] {
  const out: ScriptName[] = []
  for (const file of addonScripts())
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const [kind, form] of FORMS) {
          const m = form.exec(text)
          if (m) out.push({name: m[1], file: relative(ADDON_DIR, file), line: i + 1, kind})
        }
      })
  return out
}

/** The name without the reserved prefix: what a project might call its own class. */
export function unprefixed(name: string): string {
  return name.startsWith(PREFIX) && name.length > PREFIX.length ? name.slice(PREFIX.length) : name
}

/**
 * The class_names a project could declare that meet the addon's names: each name the addon gives a script with
 * the prefix taken off (Call for BridgeCall, Router, Settings, Ipc, ...) and each name left without it (an alias
 * such as command_group.gd's Call), minus the engine's own names. Sorted, distinct.
 */
export function projectClashNames(): string[] {
  const names = new Set(addonScriptNames().map((n) => unprefixed(n.name)))
  return [...names].filter((n) => !ENGINE_NAMES.has(n)).sort()
}

/** `addon/<file>:<line>: <name>` for every place in `files` (default: the whole addon) where one of `names` stands as a type. */
export function addonTypeUses(names: string[], files: string[] = addonScripts()): string[] {
  const found: string[] = []
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    for (const name of names)
      for (const line of typeUses(source, name)) found.push(`addon/${relative(ADDON_DIR, file)}:${line}: ${name}`)
  }
  return found
}
