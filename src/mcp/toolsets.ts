// Toolsets: the command groups gathered into named sets of typed tools (addon/mcp/toolsets.json, shared with
// the addon's HTTP endpoint), which of them a session lists, and the default that fits the client that
// connected (its `clientInfo.name`, matched loosely against the known clients' limits).
import type {Tool} from '@modelcontextprotocol/server'

import type {CommandDoc} from '../catalog/catalog.js'
import {closest} from '../catalog/suggest.js'
import type {Reads} from './results.js'
import {readGroupIndexes} from './group-index.js'
import {readSurfaceJson} from './surface.js'

export interface ToolsetDef {
  name: string
  description: string
  /**
   * Command groups whose commands belong here (unless a toolset names one of them in `methods`): filled from
   * the groups' own index.json (addon/commands/<group>/index.json), not written in toolsets.json.
   */
  groups?: string[]
  /** Single commands taken out of their group's toolset: a core the work needs whatever the game (`core`). */
  methods?: string[]
}

export interface ClientProfile {
  name: string
  /** Lower-case fragments of `clientInfo.name`; the first profile with a fragment in the name wins. */
  match: string[]
  /** The most tools this server should list for the client (engine_run, bridge_toolsets and bridge_find included); null: none known. */
  max_tools: number | null
  /** Where the limit comes from (docs/clients.md prints it). */
  source: string
  /** Toolsets in order of preference; each is taken while it fits under max_tools. `all` takes every one. */
  toolsets: string[]
  why: string
  /** The field of a tool result the client gives its model, where known (else unknown_client's): results.ts Reads. */
  reads?: Reads
  /** Where `reads` comes from. */
  reads_source?: string
}

interface ToolsetsFile {
  toolsets: ToolsetDef[]
  unmapped: string
  clients: ClientProfile[]
  unknown_client: {toolsets: string[]; why: string; reads: Reads; reads_why: string}
  tool: Tool
}

export const TOOLSETS: ToolsetsFile = withGroups(readSurfaceJson<ToolsetsFile>('toolsets.json'))

/** Each toolset's groups: the built-in groups whose index.json names it, in registration order (as addon/mcp/toolsets.gd). */
function withGroups(file: ToolsetsFile): ToolsetsFile {
  const index = [...readGroupIndexes()]
  for (const def of file.toolsets) def.groups = index.filter(([, i]) => i.toolset === def.name).map(([name]) => name)
  return file
}

/** The toolset every default and every `set` keeps: the whole loop (build, play, observe, debug, verify). */
export const CORE_TOOLSET = 'core'
/** engine_run, bridge_toolsets and bridge_find: listed whatever toolsets are enabled (toolsets.gd ALWAYS_LISTED). */
export const ALWAYS_LISTED = 3
/** The always-present tool that lists toolsets and enables or disables them. */
export const TOOLSETS_TOOL: Tool = TOOLSETS.tool

/** A toolset as a live command set fills it. */
export interface Toolset extends ToolsetDef {
  groups: string[]
  methods: string[]
}

export function groupOf(method: string): string {
  return method.split('.')[0]
}

/** The toolset a command group belongs to: the one that lists it, else a toolset named after the group. */
export function toolsetOfGroup(group: string, defs: ToolsetDef[] = TOOLSETS.toolsets): string {
  return defs.find((t) => t.groups?.includes(group))?.name ?? group
}

/** The toolset a command belongs to: the one that names it in `methods`, else its group's. */
export function toolsetOf(method: string, defs: ToolsetDef[] = TOOLSETS.toolsets): string {
  return defs.find((t) => t.methods?.includes(method))?.name ?? toolsetOfGroup(groupOf(method), defs)
}

/** The toolsets of a command set, in declared order, then one per unmapped group; empty ones are left out. */
export function toolsetsFor(docs: Pick<CommandDoc, 'method'>[], defs: ToolsetDef[] = TOOLSETS.toolsets): Toolset[] {
  const sets = new Map<string, Toolset>(defs.map((d) => [d.name, {...d, groups: [...(d.groups ?? [])], methods: []}]))
  for (const doc of docs) {
    const group = groupOf(doc.method)
    const name = toolsetOf(doc.method, defs)
    let set = sets.get(name)
    if (!set) {
      set = {name, description: `The ${group}.* commands (a group no toolset lists).`, groups: [group], methods: []}
      sets.set(name, set)
    }
    set.methods.push(doc.method)
  }
  const filled = [...sets.values()].filter((s) => s.methods.length > 0)
  // the description names the groups the toolset holds today, so an agent looking for `spatial` finds `3d`
  for (const set of filled) {
    const held = [...new Set(set.methods.map(groupOf))]
    set.groups = set.groups.length ? set.groups.filter((g) => held.includes(g)) : held
    set.description = `${set.description} Groups: ${set.groups.join(', ')}.`
  }
  return filled
}

/**
 * Why a toolset name is unknown, for the refusal: the toolset that holds a command group of that name, else the
 * closest toolset name; and the toolsets there are.
 */
export function unknownToolsetHint(name: string, toolsets: Toolset[]): string {
  const holder = toolsets.find((t) => t.name === toolsetOfGroup(name)) ?? toolsets.find((t) => t.groups.includes(name))
  if (holder) return `'${name}' is a command group, in toolset '${holder.name}'`
  const guess = closest(
    name,
    toolsets.map((t) => t.name),
  )
  return `no toolset '${name}'${guess ? ` (did you mean '${guess}'?)` : ''}`
}

/** Every toolset name a session may ask for before the editor is seen: the declared ones. */
export function declaredToolsets(): string[] {
  return TOOLSETS.toolsets.map((t) => t.name)
}

/** The known client a `clientInfo.name` belongs to (case-insensitive substring match), if any. */
export function matchClient(
  name: string | undefined,
  profiles: ClientProfile[] = TOOLSETS.clients,
): ClientProfile | undefined {
  const lower = (name ?? '').toLowerCase()
  if (!lower) return undefined
  return profiles.find((p) => p.match.some((m) => lower.includes(m)))
}

/** The revision that brought structuredContent (and outputSchema): a client speaking an older one reads only text. */
export const STRUCTURED_SINCE = '2025-06-18'

/**
 * Which field of a tool result the client's model reads: only the text content in a revision before
 * structuredContent existed, else its profile's `reads`, else the unknown client's (addon/mcp/toolsets.gd reads_of).
 */
export function readsOf(name: string | undefined, revision?: string): Reads {
  if (revision !== undefined && revision < STRUCTURED_SINCE) return 'content'
  return matchClient(name)?.reads ?? TOOLSETS.unknown_client.reads
}

/**
 * The toolsets a profile's default enables for this command set: its preferred toolsets that have commands, in
 * order, each taken while the list stays within max_tools (`fixed` tools — engine_run, bridge_toolsets,
 * bridge_find, plugin tools — count too).
 */
export function fitProfile(
  toolsets: Toolset[],
  preferred: string[],
  maxTools: number | null | undefined,
  fixed: number,
): string[] {
  const wanted = preferred.includes('all') ? toolsets.map((t) => t.name) : preferred
  const chosen: string[] = []
  let total = fixed
  for (const name of wanted) {
    const set = toolsets.find((t) => t.name === name)
    if (!set) continue // no commands (yet): a command set that grows is fitted again
    const count = set.methods.length
    if (maxTools != null && total + count > maxTools) continue
    chosen.push(name)
    total += count
  }
  return chosen
}

/**
 * Which toolsets a session lists: everything (`all`, which also takes groups that appear later), a set of
 * names, and what the agent enabled or disabled on top.
 */
export class Selection {
  private readonly on = new Set<string>()
  private readonly off = new Set<string>()
  private all = false

  constructor(names: string[]) {
    this.reset(names)
  }

  reset(names: string[]): void {
    this.on.clear()
    this.off.clear()
    this.all = names.includes('all')
    for (const n of names) if (n !== 'all' && n !== 'none') this.on.add(n)
  }

  has(name: string): boolean {
    return !this.off.has(name) && (this.all || this.on.has(name))
  }

  enable(name: string): void {
    this.off.delete(name)
    this.on.add(name)
  }

  /** Exactly these toolsets from now on (bridge_toolsets' `set`). */
  set(names: string[]): void {
    this.reset(names)
  }

  disable(name: string): void {
    this.on.delete(name)
    this.off.add(name)
  }

  /** For the log: `all`, `all but x`, or the names. */
  describe(): string {
    if (this.all) return this.off.size ? `all but ${[...this.off].join(',')}` : 'all'
    return this.on.size ? [...this.on].join(',') : 'none'
  }
}
