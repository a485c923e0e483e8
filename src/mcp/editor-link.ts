// The long-lived link from `bridge serve` to its project's editor: connects on demand, comes back when the
// editor does, notices a restart (the discovery file's pid/started_at) and re-reads the command set when the
// editor says it changed (`bridge.commands_changed`) or on every (re)connection, and tells its listeners so
// the tool list is rebuilt and clients are notified. A stale schema is never kept.
import {createHash} from 'node:crypto'

import type {CommandDoc} from '../catalog/catalog.js'
import {type CallWaiting, DEFAULT_TIMEOUT_MS, EngineClient} from '../editor/client.js'
import {readDiscovery, tcpProbe, wsPortFor} from '../editor/discovery.js'
import {verdictFor} from '../editor/verdicts.js'
import {BridgeCliError, UnreachableError} from '../errors.js'
import type {Logger} from './surface.js'

export interface EditorLinkOptions {
  projectRoot: string
  /** How often the discovery file is checked for an editor that came up or restarted. */
  watchMs?: number
  log: Logger
  /** The MCP client serve calls for (its own name from initialize), named on every request to the editor. */
  callingFor?: () => string | undefined
}

/** The addon's notification, sent to every open WebSocket client when its command set changes. */
export const COMMANDS_CHANGED = 'bridge.commands_changed'

export type ChangeReason = 'connected' | 'commands'

export class EditorLink {
  private client?: EngineClient
  private connecting?: Promise<EngineClient>
  private identity?: string
  private docs?: ServedDoc[]
  private signature?: string
  private rereading?: Promise<void>
  private rereadAgain = false
  private timer?: NodeJS.Timeout
  private ticking = false
  /** Set by stop(): a dial still in flight then closes what it opens instead of keeping the process alive. */
  private stopped = false
  private lastProblem?: string
  private readonly listeners: ((reason: ChangeReason) => void)[] = []

  constructor(private readonly options: EditorLinkOptions) {}

  get projectRoot(): string {
    return this.options.projectRoot
  }

  /** Called after every (re)connection and whenever the live command set changes. */
  onChange(listener: (reason: ChangeReason) => void): void {
    this.listeners.push(listener)
  }

  /** Starts watching: the first connection is tried now, in the background. */
  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.watchMs ?? 1000)
    this.timer.unref()
    this.connect().catch((error) => this.report(error))
  }

  stop(): void {
    this.stopped = true
    clearInterval(this.timer)
    this.client?.close()
    this.client = undefined
  }

  /** The live command docs, connecting first when needed; undefined while the editor is unreachable. */
  async commands(): Promise<ServedDoc[] | undefined> {
    if (!this.client?.isOpen) await this.connect().catch((error) => this.report(error))
    return this.docs
  }

  /** The last command docs read from an editor, without waiting. */
  knownCommands(): ServedDoc[] | undefined {
    return this.docs
  }

  /** Re-reads engine.commands now (e.g. after an unknown-method error); resolves once listeners ran. */
  async refresh(): Promise<void> {
    const client = await this.connect()
    await this.readCommands(client, false)
  }

  /**
   * Calls one method. An unreachable editor throws UnreachableError with its verdict, another project's
   * editor throws `wrong_project`, and an addon error throws EngineError.
   */
  async call(
    method: string,
    params: Record<string, unknown>,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    waiting: CallWaiting = {},
  ): Promise<unknown> {
    const client = await this.connect()
    try {
      return await client.call(method, params, timeoutMs, waiting)
    } catch (error) {
      if (error instanceof BridgeCliError && error.code === 'closed') {
        const port = client.port
        throw new UnreachableError(await verdictFor(this.projectRoot, port), `the connection closed during ${method}`, {
          port,
          project_root: this.projectRoot,
        })
      }
      throw error
    }
  }

  private connect(): Promise<EngineClient> {
    if (this.client?.isOpen) return Promise.resolve(this.client)
    if (this.stopped) return Promise.reject(new UnreachableError('closed', 'bridge serve is shutting down', {}))
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined
    })
    return this.connecting
  }

  private async open(): Promise<EngineClient> {
    const client = await EngineClient.connect({
      projectRoot: this.projectRoot,
      port: wsPortFor(this.projectRoot),
      clientName: 'bridge serve',
    })
    client.callingFor = this.options.callingFor
    if (this.stopped) {
      // the client went away while this dial was in flight: an open socket here would outlive serve
      client.close()
      throw new UnreachableError('closed', 'bridge serve is shutting down', {})
    }
    client.onClose(() => {
      if (this.client !== client) return
      this.client = undefined
      this.options.log('the editor connection closed; waiting for the editor to come back')
    })
    // listening before the first read: a change announced while it runs is read again, not lost
    client.onNotification((method) => {
      if (method === COMMANDS_CHANGED) this.commandsChanged(client)
    })
    const identity = `${client.hello.pid}|${client.hello.started_at}`
    if (this.identity && identity !== this.identity) this.options.log(`the editor restarted (pid ${client.hello.pid})`)
    this.identity = identity
    this.lastProblem = undefined
    this.options.log(`connected to the editor (pid ${client.hello.pid}, port ${client.port}) for ${this.projectRoot}`)
    try {
      await this.readCommands(client, true) // before it is published: a concurrent tools/list waits for the docs
    } catch (error) {
      client.close()
      throw error
    }
    if (this.stopped) {
      client.close()
      throw new UnreachableError('closed', 'bridge serve is shutting down', {})
    }
    this.client = client
    return client
  }

  private async readCommands(client: EngineClient, connected: boolean): Promise<void> {
    const {commands} = await client.call<{commands: CommandDoc[]}>('engine.commands', {}, 15_000)
    const signature = commandSignature(commands)
    const changed = signature !== this.signature
    if (changed) {
      this.docs = commands.map(servedFields) // kept as they are otherwise: validators are cached per schema object
      this.signature = signature
    }
    if (changed && !connected) this.options.log(`the editor's command set changed (${commands.length} commands)`)
    if (connected || changed) for (const listener of this.listeners) listener(connected ? 'connected' : 'commands')
  }

  /**
   * The editor said its command set changed: read it again. Notifications that arrive during a read (a burst
   * of registered groups) cost one more read in all, not one each.
   */
  private commandsChanged(client: EngineClient): void {
    if (this.rereading) {
      this.rereadAgain = true
      return
    }
    this.rereading = (async () => {
      do {
        this.rereadAgain = false
        await this.readCommands(client, false)
      } while (this.rereadAgain && client.isOpen)
    })()
      .catch((error) => this.report(error))
      .finally(() => {
        this.rereading = undefined
      })
  }

  /** One watch step: reconnect to an editor that came up or restarted (a restart's command set is read on connect). */
  private async tick(): Promise<void> {
    if (this.ticking) return
    this.ticking = true
    try {
      const found = readDiscovery(this.projectRoot)
      const identity = found ? `${found.pid}|${found.started_at}` : undefined
      if (this.client?.isOpen) {
        if (identity && identity !== this.identity) {
          this.client.close() // a new editor took over this project: follow it
          this.client = undefined
          await this.connect()
        }
      } else if (found && (await tcpProbe(found.ws_port))) {
        await this.connect()
      }
    } catch (error) {
      this.report(error)
    } finally {
      this.ticking = false
    }
  }

  /** Logs a connection problem once, not on every watch step. */
  private report(error: unknown): void {
    const message = (error as Error).message
    if (message === this.lastProblem) return
    this.lastProblem = message
    this.options.log(message)
  }
}

/** What serve reads of a command's docs: its tool, its argument check, its timeout and its toolset. */
export type ServedDoc = Pick<CommandDoc, 'method' | 'timeout_ms' | 'input_schema'>

/**
 * A command's docs as serve keeps them for its life: what it checks arguments with before it relays a call (the
 * schema, the timeout) and sorts into toolsets by (the method). engine.commands also gives summaries, parameters
 * as a list, result schemas and examples (most of the 1.4 MiB the answer takes parsed): the editor lists the
 * tools itself (addon/mcp/tools.gd), so serve never reads them.
 */
export function servedFields(doc: CommandDoc): ServedDoc {
  const {method, timeout_ms, input_schema} = doc
  const served: ServedDoc = {method, input_schema}
  if (timeout_ms !== undefined) served.timeout_ms = timeout_ms
  return served
}

/** Changes whenever a command is added, removed or re-documented. */
export function commandSignature(commands: CommandDoc[]): string {
  const hash = createHash('sha256')
  // code-unit order: localeCompare would map ICU's collation data into serve for good (docs/performance.md)
  for (const c of [...commands].sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0)))
    hash.update(
      JSON.stringify([
        c.method,
        c.summary,
        c.input_schema,
        (c as {output_schema?: unknown}).output_schema,
        c.read_only,
        c.destructive,
        c.timeout_ms,
      ]),
    )
  return hash.digest('hex')
}
