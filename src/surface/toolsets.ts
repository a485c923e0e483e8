// The one data file of the MCP surface's rules, addon/mcp/toolsets.json, read for every side that needs it:
// `bridge configure` (which toolsets a client's entry gets, the server name it keys the entry by), `bridge serve`
// (src/mcp) and, reading the same JSON, the addon's HTTP endpoint (addon/mcp/toolsets.gd). It holds the server's
// identity, the always-listed tools, the toolsets, the client table (matching, max_tools, preferred toolsets, what
// each client's model reads) and the rules that pick a client's default. Nothing here depends on the server's code.
import {closest} from '../catalog/suggest.js'
import {type ClientProfile, type Reads, type SurfaceFile, type ToolsetDef, surfaceFile} from './file.js'
import {readGroupIndexes} from './group-index.js'

export {type ClientProfile, type Reads, type SurfaceFile, type ToolsetDef} from './file.js'
export {ALWAYS_LISTED} from './identity.js'

export const SURFACE: SurfaceFile = withGroups(structuredClone(surfaceFile()))

/** Each toolset's groups: the built-in groups whose index.json names it, in registration order (as addon/mcp/toolsets.gd). */
function withGroups(file: SurfaceFile): SurfaceFile {
  const index = [...readGroupIndexes()]
  for (const def of file.toolsets) def.groups = index.filter(([, i]) => i.toolset === def.name).map(([name]) => name)
  return file
}

/** The toolset every default and every `set` keeps: the whole loop (build, play, observe, debug, verify). */
export const CORE_TOOLSET = SURFACE.core
/** The revision that brought structuredContent (and outputSchema): a client speaking an older one reads only text. */
export const STRUCTURED_SINCE = SURFACE.structured_since

/** A toolset as a live command set fills it. */
export interface Toolset extends ToolsetDef {
  groups: string[]
  methods: string[]
}

export function groupOf(method: string): string {
  return method.split('.')[0]
}

/** The toolset a command group belongs to: the one that lists it, else a toolset named after the group. */
export function toolsetOfGroup(group: string, defs: ToolsetDef[] = SURFACE.toolsets): string {
  return defs.find((t) => t.groups?.includes(group))?.name ?? group
}

/** The toolset a command belongs to: the one that names it in `methods`, else its group's. */
export function toolsetOf(method: string, defs: ToolsetDef[] = SURFACE.toolsets): string {
  return defs.find((t) => t.methods?.includes(method))?.name ?? toolsetOfGroup(groupOf(method), defs)
}

/** The toolsets of a command set, in declared order, then one per unmapped group; empty ones are left out. */
export function toolsetsFor(docs: {method: string}[], defs: ToolsetDef[] = SURFACE.toolsets): Toolset[] {
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
  return SURFACE.toolsets.map((t) => t.name)
}

/** The known client a `clientInfo.name` belongs to (case-insensitive substring match), if any. */
export function matchClient(
  name: string | undefined,
  profiles: ClientProfile[] = SURFACE.clients,
): ClientProfile | undefined {
  const lower = (name ?? '').toLowerCase()
  if (!lower) return undefined
  return profiles.find((p) => p.match.some((m) => lower.includes(m)))
}

/**
 * Which field of a tool result the client's model reads: only the text content in a revision before
 * structuredContent existed, else its profile's `reads`, else the unknown client's (addon/mcp/toolsets.gd reads_of).
 */
export function readsOf(name: string | undefined, revision?: string): Reads {
  if (revision !== undefined && revision < STRUCTURED_SINCE) return 'content'
  return matchClient(name)?.reads ?? SURFACE.unknown_client.reads
}

/**
 * The toolsets a profile's default enables for this command set: its preferred toolsets that have commands, in
 * order, each taken while the list stays within max_tools (`fixed` tools — the always-listed ones, plugin tools —
 * count too).
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
