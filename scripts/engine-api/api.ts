// Which engine symbols exist in which Godot version: compat-map.tsv beside this file (see its README.md), plus,
// when given, one version's full `--dump-extension-api` (the installed 4.6.3's), which names the members the
// table leaves out because they never changed. Pure data, no engine: scripts/engine-api/check.ts reads it.
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

/** The versions the table has a column for, oldest first. */
export const VERSIONS = ['4.2', '4.3', '4.4', '4.5', '4.6', '4.7'] as const

export const COMPAT_MAP = fileURLToPath(new URL('compat-map.tsv', import.meta.url))

export interface EngineApi {
  /** Engine (object) class → its presence per VERSIONS index, and its parent ('' for Object). */
  classes: Map<string, {present: boolean[]; parent: string}>
  /** `Class.member` → presence, for the members the table has a row for (they changed between 4.2 and 4.7). */
  members: Map<string, boolean[]>
  /** Member name → the classes with a row for it. */
  rowsByName: Map<string, string[]>
  /** Singleton name → its class. */
  singletons: Map<string, string>
  /** From the full dump (optional): class → every member name it declares (methods, properties, signals, constants, enums and their values). */
  declared?: Map<string, Set<string>>
  /** From the full dump: member name → the classes declaring it. */
  declaredBy?: Map<string, string[]>
  /** From the full dump: the method names of the built-in types (String, Array, Dictionary, …), which the table does not cover. */
  builtin?: Set<string>
}

/** The table alone, or the table plus a full API dump (extension_api.json text). */
export function loadApi(tsv: string = readFileSync(COMPAT_MAP, 'utf8'), dump?: string): EngineApi {
  const api: EngineApi = {classes: new Map(), members: new Map(), rowsByName: new Map(), singletons: new Map()}
  for (const line of tsv.split('\n').slice(1)) {
    const [kind, symbol, present, , , detail] = line.split('\t')
    if (!symbol) continue
    const flags = [...present].map((c) => c === 'Y')
    if (kind === 'class') api.classes.set(symbol, {present: flags, parent: detail ?? ''})
    else if (kind === 'singleton')
      api.singletons.set(symbol.replace('@singleton:', ''), symbol.replace('@singleton:', ''))
    else if (kind !== 'global_enum') {
      api.members.set(symbol, flags)
      const [cls, name] = symbol.split('.')
      api.rowsByName.set(name, [...(api.rowsByName.get(name) ?? []), cls])
    }
  }
  if (dump) addDump(api, dump)
  return api
}

interface DumpClass {
  name: string
  inherits?: string
  methods?: {name: string}[]
  properties?: {name: string}[]
  signals?: {name: string}[]
  constants?: {name: string}[]
  enums?: {name: string; values: {name: string}[]}[]
}

function addDump(api: EngineApi, text: string): void {
  const dump = JSON.parse(text) as {
    classes: DumpClass[]
    singletons: {name: string; type: string}[]
    builtin_classes: {methods?: {name: string}[]}[]
  }
  api.builtin = new Set(dump.builtin_classes.flatMap((b) => (b.methods ?? []).map((m) => m.name)))
  api.declared = new Map()
  api.declaredBy = new Map()
  for (const c of dump.classes) {
    const names = new Set<string>()
    for (const list of [c.methods, c.properties, c.signals, c.constants, c.enums])
      for (const m of list ?? []) names.add(m.name)
    for (const e of c.enums ?? []) for (const v of e.values) names.add(v.name)
    api.declared.set(c.name, names)
    for (const n of names) api.declaredBy.set(n, [...(api.declaredBy.get(n) ?? []), c.name])
    if (c.inherits && api.classes.has(c.name)) api.classes.get(c.name)!.parent = c.inherits
  }
  for (const s of dump.singletons) api.singletons.set(s.name, s.type)
}

/**
 * Whether `cls` (or a class it inherits) has `member`, per version; null when neither the table nor the dump
 * knows the member on that chain (not an engine member: a typo, or a script's own).
 */
export function memberPresence(api: EngineApi, cls: string, member: string): boolean[] | null {
  const out = VERSIONS.map(() => false)
  let known = false
  for (let c: string | undefined = cls; c && api.classes.has(c); c = api.classes.get(c)!.parent) {
    const own = api.classes.get(c)!.present
    const row = api.members.get(`${c}.${member}`) ?? enumOf(api, c, member)
    // a member without a row exists, unchanged, wherever its class exists
    const flags = row ?? (api.declared?.get(c)?.has(member) ? own : null)
    if (!flags) continue
    known = true
    flags.forEach((p, i) => (out[i] ||= p && own[i]))
  }
  return known ? out : null
}

/**
 * The row of the enum an enum value belongs to, by Godot's naming (Status → STATUS_CONNECTED): the table has
 * rows for enums, not for their values, and a value that moved with its enum (StreamPeerTCP.Status in 4.5,
 * StreamPeerSocket's from 4.6) is only seen through it.
 */
function enumOf(api: EngineApi, cls: string, member: string): boolean[] | undefined {
  if (!/^[A-Z][A-Z0-9_]*$/.test(member)) return undefined
  for (const owner of api.rowsByName.keys()) {
    const flags = api.members.get(`${cls}.${owner}`)
    const prefix = owner.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase() + '_'
    if (flags && /^[A-Z][a-z]/.test(owner) && member.startsWith(prefix)) return flags
  }
  return undefined
}
