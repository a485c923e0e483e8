// The engine-API check: every engine class, member and GDScript syntax feature a script uses, against every
// Godot version bridge supports (addon/core/compat.gd's FLOOR..CEILING), from the data in api.ts. Pure: no
// engine. scripts/check-gdscript.ts runs it over the addon; docs/architecture.md ("Godot versions") says what
// it resolves, what counts as guarded, and where it is blind.
import {type EngineApi, VERSIONS, memberPresence} from './api.js'
import {lineOf, reduce} from './source.js'

export interface Finding {
  file: string
  line: number
  /** `Class`, `Class.member`, `.method()` (receiver unknown) or the syntax feature. */
  symbol: string
  /** The supported versions that lack it. */
  missing: string[]
  why: string
}

export interface CheckOptions {
  /** Oldest and newest supported version, e.g. '4.3' and '4.7'. */
  floor: string
  ceiling: string
  /** Files that must hold from this older floor (the version gate's own preload chain, which runs before the refusal). */
  strictFloor?: {floor: string; files: string[]}
  /** The one file allowed to name version-dependent methods by string (the compatibility module). */
  compatFile: string
}

export interface CheckResult {
  findings: Finding[]
  /** Every engine class and `Class.member` the scripts name, resolved. */
  used: Set<string>
}

/** GDScript syntax newer than some versions: the pattern (over code without strings or comments) and its first version. */
export const SYNTAX: {name: string; since: string; pattern: RegExp}[] = [
  {name: 'typed dictionary Dictionary[K, V]', since: '4.4', pattern: /\bDictionary\s*\[/g},
  {name: '@export_tool_button', since: '4.4', pattern: /@export_tool_button\b/g},
  {name: '@warning_ignore_start / _restore', since: '4.4', pattern: /@warning_ignore_(?:start|restore)\b/g},
  {name: '@abstract', since: '4.5', pattern: /@abstract\b/g},
  {name: 'variadic function (...args)', since: '4.5', pattern: /\bfunc\s+\w*\s*\((?:[^()]*,)?\s*\.\.\.\s*[A-Za-z_]/g},
  {name: '@export_storage', since: '4.3', pattern: /@export_storage\b/g},
  {name: '@export_custom', since: '4.3', pattern: /@export_custom\b/g},
]

/** `## engine-api: needs Godot 4.5` in a script's header: the file is loaded only from that version on. */
const NEEDS = /^## engine-api: needs Godot (\d+\.\d+)\s*$/m

/**
 * The files that declare they need a newer engine than the floor: {file: version}. Such a file is checked from
 * that version only, and only the compatibility module may load it (by a path it is given, after asking the
 * engine's version): a preload, `extends "…"` or load of it anywhere else is a finding for the older versions.
 */
export function gatedFiles(files: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [file, text] of files) {
    const m = NEEDS.exec(text.split('\n').slice(0, 12).join('\n'))
    if (m) out.set(file, m[1])
  }
  return out
}

/** The addon-relative file a `preload`/`load`/`extends` path names from `file`, or undefined. */
function resolvePath(file: string, target: string): string | undefined {
  if (target.startsWith('res://')) {
    const at = target.indexOf('/addons/bridge/')
    return at >= 0 ? target.slice(at + '/addons/bridge/'.length) : undefined
  }
  const parts = file.split('/').slice(0, -1)
  for (const seg of target.split('/'))
    if (seg === '..') parts.pop()
    else if (seg !== '.' && seg !== '') parts.push(seg)
  return parts.join('/')
}

export function checkScripts(files: Map<string, string>, api: EngineApi, options: CheckOptions): CheckResult {
  const findings: Finding[] = []
  const used = new Set<string>()
  const reduced = new Map([...files].map(([f, t]) => [f, reduce(t)]))
  const gated = gatedFiles(files)
  // a method the scripts define themselves is theirs wherever the receiver is unknown
  const own = new Set<string>()
  for (const {bare} of reduced.values()) for (const m of bare.matchAll(/\bfunc\s+(\w+)/g)) own.add(m[1])
  for (const [file, {code, bare}] of reduced) {
    const floor = options.strictFloor?.files.includes(file) ? options.strictFloor.floor : options.floor
    const range = supported(
      gated.has(file) && cmp(gated.get(file)!, floor) > 0 ? gated.get(file)! : floor,
      options.ceiling,
    )
    const report = (offset: number, symbol: string, flags: boolean[], why: string): void => {
      const missing = range.filter((v) => !flags[VERSIONS.indexOf(v as (typeof VERSIONS)[number])])
      if (missing.length > 0) findings.push({file, line: lineOf(bare, offset), symbol, missing, why})
    }
    for (const s of SYNTAX)
      for (const m of bare.matchAll(s.pattern))
        report(
          m.index,
          s.name,
          VERSIONS.map((v) => cmp(v, s.since) >= 0),
          `syntax new in ${s.since}`,
        )
    const types = receiverTypes(bare, api)
    const resolved = new Set<number>() // offsets of `.member` already checked against a known class
    for (const m of bare.matchAll(/(?<![.\w])([A-Z]\w*)\b/g)) {
      const cls = api.classes.has(m[1]) ? m[1] : undefined
      if (!cls) continue
      used.add(cls)
      report(m.index, cls, api.classes.get(cls)!.present, 'engine class')
    }
    // Class.member, and receiver.member where the receiver's declared type is an engine class
    for (const m of bare.matchAll(/(?<![.\w])(\w+)\s*\.\s*(\w+)/g)) {
      const cls = api.classes.has(m[1]) ? m[1] : (api.singletons.get(m[1]) ?? types.get(m[1]))
      if (!cls || m[2] === 'new') continue
      const at = m.index + m[0].length - m[2].length
      const flags = memberPresence(api, cls, m[2])
      const direct = cls === m[1] || api.singletons.has(m[1])
      if (flags === null) {
        // the class named itself has no such member in any version: only provable with the full dump
        if (direct && api.declared && !isVariantMember(m[2]))
          findings.push({
            file,
            line: lineOf(bare, at),
            symbol: `${cls}.${m[2]}`,
            missing: range,
            why: 'no such engine member',
          })
        continue
      }
      resolved.add(at)
      used.add(`${cls}.${m[2]}`)
      report(at, `${cls}.${m[2]}`, flags, direct ? 'engine member' : `engine member (${m[1]}: ${cls})`)
    }
    // `(expr as Class).member`
    for (const m of bare.matchAll(/\bas\s+([A-Z]\w*)\s*\)\s*\.\s*(\w+)/g)) {
      const flags = api.classes.has(m[1]) ? memberPresence(api, m[1], m[2]) : null
      if (!flags) continue
      const at = m.index + m[0].length - m[2].length
      resolved.add(at)
      used.add(`${m[1]}.${m[2]}`)
      report(at, `${m[1]}.${m[2]}`, flags, 'engine member (as-cast)')
    }
    // .method( on a receiver of unknown type: reported when every class that has the method lacks it somewhere
    for (const m of bare.matchAll(/\.\s*(\w+)\s*\(/g)) {
      const at = m.index + m[0].indexOf(m[1])
      if (resolved.has(at) || own.has(m[1])) continue
      const best = bestAvailability(api, m[1], range)
      if (best)
        report(
          at,
          `.${m[1]}()`,
          best,
          'method whose every engine class lacks it in some version (receiver type unknown)',
        )
    }
    // a file that needs a newer engine, compiled from here: only the compatibility module may load it
    if (file !== options.compatFile)
      for (const m of code.matchAll(/\b(?:preload|load)\s*\(\s*"([^"]+\.gd)"|^extends\s+"([^"]+\.gd)"/gm)) {
        const target = resolvePath(file, m[1] ?? m[2])
        const since = target === undefined ? undefined : gated.get(target)
        if (since && target !== file)
          report(
            m.index,
            target!,
            VERSIONS.map((v) => cmp(v, since) >= 0),
            `a script that needs Godot ${since}, loaded outside ${options.compatFile}`,
          )
      }
    // a version-dependent method named by string: only the compatibility module may do that
    if (file !== options.compatFile)
      for (const m of code.matchAll(
        /\b(?:call|callv|call_deferred|has_method|class_has_method)\s*\((?:\s*"\w+"\s*,)?\s*&?"(\w+)"/g,
      )) {
        const best = bestAvailability(api, m[1], range)
        if (best)
          report(m.index, `"${m[1]}"`, best, `version-dependent method called by name outside ${options.compatFile}`)
      }
  }
  return {findings, used}
}

/** The versions from floor to ceiling that the data has a column for. */
export function supported(floor: string, ceiling: string): string[] {
  return VERSIONS.filter((v) => cmp(v, floor) >= 0 && cmp(v, ceiling) <= 0)
}

function cmp(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)]
  return x[0] - y[0] || x[1] - y[1]
}

/** Object's own script-level members every receiver has (not engine class members the data tracks). */
function isVariantMember(name: string): boolean {
  return ['new', 'get_class_static'].includes(name)
}

/**
 * The availability of `.name()` on the engine class that has it in the most supported versions, when no
 * class has it in all of them (else null: some receiver could be right everywhere, or it is no engine method).
 */
function bestAvailability(api: EngineApi, name: string, range: string[]): boolean[] | null {
  if (!api.rowsByName.has(name)) return null // unchanged everywhere it exists (or no engine member at all)
  if (api.builtin?.has(name)) return null // maybe a built-in type's (Dictionary.merge), which the table does not track
  const owners = new Set([...(api.rowsByName.get(name) ?? []), ...(api.declaredBy?.get(name) ?? [])])
  let best: boolean[] | null = null
  let bestCount = -1
  for (const cls of owners) {
    const flags = memberPresence(api, cls, name)
    if (!flags) continue
    const count = range.filter((v) => flags[VERSIONS.indexOf(v as (typeof VERSIONS)[number])]).length
    if (count === range.length) return null
    if (count > bestCount) [best, bestCount] = [flags, count]
  }
  return best
}

/** Identifiers whose declared type in this file is one engine class: `x: Class`, `x := Class.new()`, `x := … as Class`, `x := Singleton`. */
function receiverTypes(bare: string, api: EngineApi): Map<string, string> {
  const seen = new Map<string, Set<string>>()
  const add = (name: string, cls: string): void => {
    const c = api.singletons.get(cls) ?? cls
    if (api.classes.has(c)) seen.set(name, (seen.get(name) ?? new Set()).add(c))
  }
  for (const m of bare.matchAll(/\b(\w+)\s*:\s*([A-Z]\w*)\b(?!\s*\.)/g)) add(m[1], m[2])
  for (const m of bare.matchAll(/\b(\w+)\s*:=\s*([A-Z]\w*)\.new\(/g)) add(m[1], m[2])
  for (const m of bare.matchAll(/\b(\w+)\s*:=[^\n]*\bas\s+([A-Z]\w*)\s*$/gm)) add(m[1], m[2])
  for (const m of bare.matchAll(/\b(\w+)\s*:=\s*([A-Z]\w*)\s*$/gm)) if (api.singletons.has(m[2])) add(m[1], m[2])
  const out = new Map<string, string>()
  for (const [name, set] of seen) if (set.size === 1) out.set(name, [...set][0])
  return out
}
