// Toolsets of a `bridge serve` session: the rules and the client table are the shared data module
// (src/surface/toolsets.ts, reading addon/mcp/toolsets.json, as configure and the addon's HTTP endpoint do);
// what is serve's own is which toolsets a session lists now (Selection) and the bridge_toolsets tool as an SDK Tool.
import type {Tool} from '@modelcontextprotocol/server'

import {SURFACE} from '../surface/toolsets.js'

export {
  ALWAYS_LISTED,
  CORE_TOOLSET,
  type ClientProfile,
  declaredToolsets,
  fitProfile,
  matchClient,
  readsOf,
  SURFACE as TOOLSETS,
  type Toolset,
  toolsetOf,
  toolsetOfGroup,
  toolsetsFor,
  unknownToolsetHint,
} from '../surface/toolsets.js'

/** The always-present tool that lists toolsets and enables or disables them. */
export const TOOLSETS_TOOL = SURFACE.tool as Tool

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
