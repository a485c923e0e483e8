// One session's toolsets: the default chosen for the client that connected (or --toolsets), logged with the
// reason, and the `bridge_toolsets` tool that lists them and enables or disables one mid-session.
import type {CallToolResult} from '@modelcontextprotocol/server'

import {errorResult, successResult} from './results.js'
import type {Logger} from './surface.js'
import {
  type ClientProfile,
  Selection,
  TOOLSETS,
  CORE_TOOLSET,
  TOOLSETS_TOOL,
  type Toolset,
  declaredToolsets,
  fitProfile,
  matchClient,
  readsOf,
  unknownToolsetHint,
} from './toolsets.js'

export interface ToolsetSessionOptions {
  /** --toolsets as given; undefined (or `auto`) picks the client's default. */
  explicit?: string[]
  /** The connected client's `clientInfo.name`, once initialize has run. */
  clientName: () => string | undefined
  log: Logger
}

const ACTIONS = ['list', 'enable', 'disable', 'set']

/** `core` (the whole loop: build, play, observe, debug, verify) first, then the names asked. */
export function withCore(names: string[], toolsets: Toolset[]): string[] {
  const core = toolsets.some((t) => t.name === CORE_TOOLSET) ? [CORE_TOOLSET] : []
  return [...new Set([...core, ...names])]
}

export interface ToolsetsAnswer {
  result: CallToolResult
  changed: boolean
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

  /** bridge_toolsets: list, enable, disable or set; `changed` when the tool list changed. */
  handle(args: Record<string, unknown>, toolsets: Toolset[], fixed: number, revision?: string): ToolsetsAnswer {
    const is = this.enabled(toolsets, fixed)
    const action = args.action ?? 'list'
    const names = args.toolsets ?? []
    const refuse = (message: string): ToolsetsAnswer => ({result: errorResult(message), changed: false})
    if (!ACTIONS.includes(action as string))
      return refuse(`bridge_toolsets: action must be ${ACTIONS.join(', ')}, got ${JSON.stringify(action)}`)
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
      return refuse('bridge_toolsets: toolsets must be an array of toolset names')
    const unknown = (names as string[]).filter((n) => !toolsets.some((t) => t.name === n))
    if (unknown.length > 0)
      return refuse(
        `bridge_toolsets: ${unknown.map((n) => unknownToolsetHint(n, toolsets)).join('; ')}. The toolsets are ${toolsets.map((t) => `${t.name} (${t.groups.join(', ')})`).join(', ')}`,
      )
    if (action !== 'list' && action !== 'set' && names.length === 0)
      return refuse(
        `bridge_toolsets: name the toolsets to ${action}, e.g. {"action": "${action}", "toolsets": ["physics"]}`,
      )
    const asked = [...new Set(names as string[])]
    const before = this.listing(toolsets, fixed).enabled
    if (action === 'enable' || action === 'set') {
      const wanted =
        action === 'set' ? withCore(asked, toolsets) : [...before, ...asked.filter((n) => !before.includes(n))]
      const refusal = this.overCap(action, asked, wanted, toolsets, fixed)
      if (refusal) return refuse(refusal)
      if (action === 'set') this.selection!.set(wanted)
      else for (const name of asked) if (!is(name)) this.selection!.enable(name)
    }
    if (action === 'disable') for (const name of asked) if (is(name)) this.selection!.disable(name)
    if (action !== 'list') this.touched = true
    const listing = this.listing(toolsets, fixed)
    const changed = listing.enabled.join(',') !== before.join(',')
    if (changed) this.options.log(`bridge_toolsets: ${action} ${asked.join(',')}; now ${this.selection!.describe()}`)
    const note =
      action === 'list'
        ? 'Enable a toolset with {"action": "enable", "toolsets": [name]}, or give the whole list with {"action": "set", "toolsets": [...]}; any command also runs through engine_run.'
        : changed
          ? `now ${listing.enabled.join(', ') || 'none'} (${listing.tools} tools): the tool list changed (tools/list_changed sent); if your client does not refresh its tools, call them through engine_run.`
          : `nothing to do: ${listing.enabled.join(', ') || 'none'} already`
    const value = {...listing, note}
    return {
      result: successResult(value, true, readsOf(this.options.clientName(), revision)),
      changed,
    }
  }

  /**
   * A request that would pass the client's known cap: the refusal (nothing changes), with a set that fits and
   * still holds what was asked — `core`, the asked toolsets, then the enabled ones in the client's order of
   * preference while they fit — naming what it drops, as the one call that makes it so.
   */
  private overCap(
    action: string,
    asked: string[],
    wanted: string[],
    toolsets: Toolset[],
    fixed: number,
  ): string | undefined {
    const cap = this.profile?.max_tools
    if (cap == null) return undefined
    const size = (name: string) => toolsets.find((t) => t.name === name)?.methods.length ?? 0
    const count = (names: string[]) => fixed + names.reduce((n, t) => n + size(t), 0)
    const total = count(wanted)
    if (total <= cap) return undefined
    const now = this.listing(toolsets, fixed)
    const preference = this.profile!.toolsets
    const rank = (n: string) => (preference.includes(n) ? preference.indexOf(n) : preference.length)
    const proposal: string[] = []
    const left: string[] = []
    for (const name of withCore(asked, toolsets))
      if (count([...proposal, name]) <= cap) proposal.push(name)
      else left.push(name)
    const others = wanted.filter((n) => !proposal.includes(n) && !left.includes(n)).sort((a, b) => rank(a) - rank(b))
    for (const name of others) if (count([...proposal, name]) <= cap) proposal.push(name)
    const dropped = now.enabled.filter((n) => !proposal.includes(n))
    const profile = this.profile!
    const what = action === 'set' ? 'setting' : 'enabling'
    const sized = (names: string[]) => names.map((n) => `${n} (${size(n)})`).join(', ')
    const keeps = left.length
      ? `The most of it that fits is ${proposal.join(', ')} (${count(proposal)} tools; ${left.join(', ')} left out: too large together)`
      : `This set fits and keeps what you asked: ${proposal.join(', ')} (${count(proposal)} tools)`
    return (
      `bridge_toolsets: ${what} ${sized(asked)} would list ${total} tools, ${total - cap} over the ${cap} that suit ${profile.name} ` +
      `(${profile.why}); now ${now.tools} tools (${now.enabled.join(', ') || 'none'}). Nothing was changed. ` +
      `${keeps}${dropped.length ? `, dropping ${sized(dropped)}` : ''}: {"action": "set", "toolsets": ${JSON.stringify(proposal)}}. ` +
      'Every command also runs through engine_run.'
    )
  }

  private listing(toolsets: Toolset[], fixed: number) {
    const is = (name: string) => this.selection!.has(name)
    const enabled = toolsets.filter((t) => is(t.name))
    return {
      enabled: enabled.map((t) => t.name),
      tools: fixed + enabled.reduce((n, t) => n + t.methods.length, 0),
      toolsets: toolsets.map((t) => ({
        name: t.name,
        description: t.description,
        groups: t.groups,
        tools: t.methods.length,
        enabled: is(t.name),
      })),
    }
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
    const count = this.listing(toolsets, fixed).tools
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
    const count = this.listing(toolsets, fixed).tools
    const client = this.options.clientName() ?? 'unknown'
    const why = profile ? `${profile.name}: ${profile.why}` : TOOLSETS.unknown_client.why
    const limit = profile?.max_tools == null ? '' : `, at most ${profile.max_tools}`
    const line = `toolsets ${this.selection.describe()} for client '${client}' (${why}): ${count} tools${limit}; --toolsets or the ${TOOLSETS_TOOL.name} tool change this`
    if (line !== this.logged) this.options.log(line)
    this.logged = line
  }
}
