// One session's toolsets: the default chosen for the client that connected (or --toolsets), logged with the
// reason, and the `bridge_toolsets` tool that lists them and enables or disables one mid-session.
import type {CallToolResult} from '@modelcontextprotocol/server'

import {errorResult} from './results.js'
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

  /** bridge_toolsets: list, enable or disable; `changed` when the tool list changed. */
  handle(args: Record<string, unknown>, toolsets: Toolset[], fixed: number): ToolsetsAnswer {
    const is = this.enabled(toolsets, fixed)
    const action = args.action ?? 'list'
    const names = args.toolsets ?? []
    if (!['list', 'enable', 'disable'].includes(action as string))
      return {
        result: errorResult(`bridge_toolsets: action must be list, enable or disable, got ${JSON.stringify(action)}`),
        changed: false,
      }
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
      return {result: errorResult('bridge_toolsets: toolsets must be an array of toolset names'), changed: false}
    const unknown = (names as string[]).filter((n) => !toolsets.some((t) => t.name === n))
    if (unknown.length > 0)
      return {
        result: errorResult(
          `bridge_toolsets: ${unknown.map((n) => unknownToolsetHint(n, toolsets)).join('; ')}. The toolsets are ${toolsets.map((t) => `${t.name} (${t.groups.join(', ')})`).join(', ')}`,
        ),
        changed: false,
      }
    if (action !== 'list' && names.length === 0)
      return {
        result: errorResult(
          `bridge_toolsets: name the toolsets to ${action}, e.g. {"action": "${action}", "toolsets": ["physics"]}`,
        ),
        changed: false,
      }
    if (action === 'enable') {
      const refusal = this.overCap(names as string[], toolsets, fixed)
      if (refusal) return {result: errorResult(refusal), changed: false}
    }
    let changed = false
    for (const name of names as string[]) {
      if (action === 'enable' && !is(name)) {
        this.selection!.enable(name)
        changed = true
      }
      if (action === 'disable' && is(name)) {
        this.selection!.disable(name)
        changed = true
      }
    }
    if (action !== 'list') this.touched = true
    if (changed)
      this.options.log(
        `bridge_toolsets: ${action}d ${(names as string[]).join(',')}; now ${this.selection!.describe()}`,
      )
    const listing = this.listing(toolsets, fixed)
    const verb = action === 'enable' ? 'enabled' : 'disabled'
    const note =
      action === 'list'
        ? 'Enable a toolset with {"action": "enable", "toolsets": [name]}; any command also runs through engine_run.'
        : changed
          ? `${verb} ${(names as string[]).join(', ')}: the tool list changed (tools/list_changed sent); if your client does not refresh its tools, call them through engine_run.`
          : `nothing to do: already ${verb}`
    const value = {...listing, note}
    return {
      result: {content: [{type: 'text', text: JSON.stringify(value)}], structuredContent: value},
      changed,
    }
  }

  /**
   * Enabling these toolsets would pass the client's known cap: the refusal, with the numbers and a way out (the
   * enabled toolsets to disable first, or the part of the request that fits). Nothing is enabled then.
   */
  private overCap(names: string[], toolsets: Toolset[], fixed: number): string | undefined {
    const cap = this.profile?.max_tools
    if (cap === undefined) return undefined
    const size = (name: string) => toolsets.find((t) => t.name === name)?.methods.length ?? 0
    const now = this.listing(toolsets, fixed)
    const adding = [...new Set(names)].filter((n) => !now.enabled.includes(n))
    const total = now.tools + adding.reduce((n, t) => n + size(t), 0)
    if (total <= cap) return undefined
    const over = total - cap
    // the fewest enabled toolsets (largest first) whose removal makes room
    const others = now.enabled.filter((n) => !names.includes(n)).sort((a, b) => size(b) - size(a))
    const single = [...others].reverse().find((n) => size(n) >= over)
    const drop: string[] = single ? [single] : []
    for (let freed = 0, i = 0; !single && i < others.length && freed < over; i++) {
      drop.push(others[i])
      freed += size(others[i])
    }
    const freed = drop.reduce((n, t) => n + size(t), 0)
    const fits: string[] = []
    let room = cap - now.tools
    for (const n of adding)
      if (size(n) <= room) {
        fits.push(n)
        room -= size(n)
      }
    const ways = [
      freed >= over
        ? `disable ${drop.map((n) => `${n} (${size(n)} tools)`).join(' and ')} first: {"action": "disable", "toolsets": ${JSON.stringify(drop)}}`
        : '',
      fits.length > 0
        ? `enable only ${fits.join(', ')} (${now.tools + fits.reduce((n, t) => n + size(t), 0)} tools): {"action": "enable", "toolsets": ${JSON.stringify(fits)}}`
        : '',
    ].filter(Boolean)
    const profile = this.profile!
    return (
      `bridge_toolsets: enabling ${adding.map((n) => `${n} (${size(n)} tools)`).join(', ')} would list ${total} tools, ` +
      `${over} over the ${cap} that suit ${profile.name} (${profile.why}); now ${now.tools} tools (${now.enabled.join(', ') || 'none'}). ` +
      `Nothing was enabled. ${ways.length ? `Instead ${ways.join(', or ')}; ` : ''}every command also runs through engine_run.`
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
      limit !== undefined && count > limit
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
    const limit = profile?.max_tools === undefined ? '' : `, at most ${profile.max_tools}`
    const line = `toolsets ${this.selection.describe()} for client '${client}' (${why}): ${count} tools${limit}; --toolsets or the ${TOOLSETS_TOOL.name} tool change this`
    if (line !== this.logged) this.options.log(line)
    this.logged = line
  }
}
