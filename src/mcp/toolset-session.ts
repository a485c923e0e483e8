// One session's toolsets: the default chosen for the client that connected (or --toolsets), logged with the
// reason, and what `bridge_toolsets` changed mid-session (the editor decides the change: addon/mcp/toolset_changes.gd;
// the selection lives here, since the addon keeps no session).
import type {Logger} from './surface.js'
import {
  type ClientProfile,
  Selection,
  TOOLSETS,
  TOOLSETS_TOOL,
  type Toolset,
  declaredToolsets,
  fitProfile,
  matchClient,
  unknownToolsetHint,
} from './toolsets.js'

export interface ToolsetSessionOptions {
  /** --toolsets as given; undefined (or `auto`) picks the client's default. */
  explicit?: string[]
  /** The connected client's `clientInfo.name`, once initialize has run. */
  clientName: () => string | undefined
  log: Logger
}

export class ToolsetSession {
  private selection?: Selection
  private profile?: ClientProfile
  /** The agent enabled or disabled a toolset: the client default is no longer recomputed. */
  private touched = false
  private logged?: string

  constructor(private readonly options: ToolsetSessionOptions) {}

  private get auto(): boolean {
    const explicit = this.options.explicit
    return !explicit || explicit.length === 0 || explicit.includes('auto')
  }

  /** Whether a toolset's tools are listed now; the first call decides the session's default. */
  enabled(toolsets: Toolset[], fixed: number): (name: string) => boolean {
    if (!this.selection) this.decide(toolsets, fixed)
    else if (this.auto && !this.touched) this.refit(toolsets, fixed) // a grown command set may no longer fit
    const selection = this.selection!
    return (name) => selection.has(name)
  }

  /**
   * The toolsets after a bridge_toolsets change the editor answered (addon/mcp/toolset_changes.gd decides it;
   * the addon keeps no session, so the selection lives here). True when the list changed.
   */
  apply(names: string[], toolsets: Toolset[]): boolean {
    const before = toolsets.filter((t) => this.selection?.has(t.name)).map((t) => t.name)
    this.selection ??= new Selection(names)
    this.selection.set(names)
    this.touched = true // the client default is no longer recomputed
    const changed = names.join(',') !== before.join(',')
    if (changed) this.options.log(`bridge_toolsets: now ${this.selection.describe()}`)
    return changed
  }

  private count(toolsets: Toolset[], fixed: number): number {
    return fixed + toolsets.filter((t) => this.selection!.has(t.name)).reduce((n, t) => n + t.methods.length, 0)
  }

  private decide(toolsets: Toolset[], fixed: number): void {
    const client = this.options.clientName()
    this.profile = matchClient(client)
    if (this.auto) {
      this.refit(toolsets, fixed)
      return
    }
    const names = this.options.explicit!
    this.selection = new Selection(names)
    const known = new Set([...declaredToolsets(), ...toolsets.map((t) => t.name), 'all', 'none'])
    const unknown = names.filter((n) => !known.has(n))
    if (unknown.length > 0)
      this.options.log(
        `--toolsets: ${unknown.map((n) => unknownToolsetHint(n, toolsets)).join('; ')} (the toolsets are ${toolsets.map((t) => t.name).join(', ')})`,
      )
    const count = this.count(toolsets, fixed)
    const limit = this.profile?.max_tools
    const over =
      limit != null && count > limit
        ? `; that is over the ${limit} that suit ${this.profile!.name} (${this.profile!.why})`
        : ''
    this.options.log(
      `toolsets ${this.selection.describe()} (--toolsets): ${count} tools for client '${client ?? 'unknown'}'${over}`,
    )
  }

  /** The client's default for this command set, logged when it changes. */
  private refit(toolsets: Toolset[], fixed: number): void {
    const profile = this.profile
    const preferred = profile?.toolsets ?? TOOLSETS.unknown_client.toolsets
    const names = fitProfile(toolsets, preferred, profile?.max_tools, fixed)
    const all = preferred.includes('all')
    if (this.selection) this.selection.reset(all ? ['all'] : names)
    else this.selection = new Selection(all ? ['all'] : names)
    const count = this.count(toolsets, fixed)
    const client = this.options.clientName() ?? 'unknown'
    const why = profile ? `${profile.name}: ${profile.why}` : TOOLSETS.unknown_client.why
    const limit = profile?.max_tools == null ? '' : `, at most ${profile.max_tools}`
    const line = `toolsets ${this.selection.describe()} for client '${client}' (${why}): ${count} tools${limit}; --toolsets or the ${TOOLSETS_TOOL.name} tool change this`
    if (line !== this.logged) this.options.log(line)
    this.logged = line
  }
}
