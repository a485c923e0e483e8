// The tool list and tool calls over the relay: the editor lists and answers every tool (addon/mcp/tools.gd, the
// one MCP implementation); serve keeps what lives outside the editor — which toolsets the session enables (the
// editor decides bridge_toolsets' changes and serve keeps the result),
// the installed packs' tools (they run in Node), the list while no editor is up (early-tools.ts), and the
// arguments check before anything is sent (docs/architecture.md, "Validation over the relay"). A failure comes
// back as an `isError` result, or as the JSON-RPC error the revision prescribes (tool-errors.ts).
import {
  type CallToolResult,
  ProtocolError,
  type Server,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server'

import {type CommandDoc, loadCatalog} from '../catalog/catalog.js'
import {DEFAULT_TIMEOUT_MS} from '../editor/client.js'
import {UnreachableError} from '../errors.js'
import {validateParams} from '../catalog/validate.js'
import {earlyTools} from './early-tools.js'
import type {EditorLink, ServedDoc} from './editor-link.js'
import type {McpToolContext, PluginTool} from './plugin-tools.js'
import type {Relay, RelaySession} from './relay.js'
import {failureResult, successResult} from './results.js'
import {protocolError, refused, revisionOf} from './tool-errors.js'
import {type Logger, readSurfaceJson} from './surface.js'
import {ToolsetSession} from './toolset-session.js'
import {ALWAYS_LISTED, TOOLSETS_TOOL, toolsetsFor} from './toolsets.js'

export const ENGINE_RUN: Tool = readSurfaceJson<Tool>('engine_run.json')
/** bridge_find's name: a pack's tool may not shadow it (the editor answers it). */
const FIND_TOOL_NAME = readSurfaceJson<{tool: Tool}>('find.json').tool.name

/** `node.add` → `node_add` (addon/mcp/tools.gd tool_name). */
export function toolName(method: string): string {
  return method.replaceAll('.', '_')
}

/** A command's docs as engine.commands gives them; `output_schema` comes from its declared `returns`. */
export type McpCommandDoc = CommandDoc & {output_schema?: Record<string, unknown>}

/**
 * What a call that waits gets from its client: a progress callback (the client sent a progressToken) and the
 * signal that aborts when the client cancels (notifications/cancelled).
 */
export interface Waiting {
  progress?: (progress: number, total?: number, message?: string) => void
  signal?: AbortSignal
  /** The protocol revision the call came in (the negotiated one, or a 2026 request's own): see protocolError. */
  revision?: string
}

export interface ToolsOptions {
  link: EditorLink
  relay: Relay
  typed: boolean
  pluginTools: Promise<PluginTool[]>
  log: Logger
  /** --toolsets; undefined picks the connected client's default. */
  toolsets?: string[]
  /** The connected client's clientInfo.name. */
  clientName?: () => string | undefined
  /** Tells the client its tool list changed (an enabled or disabled toolset). */
  listChanged?: () => void
}

export class Tools {
  private byName = new Map<string, ServedDoc>()
  private indexed?: ServedDoc[]
  private readonly warned = new Set<string>()
  readonly session: ToolsetSession

  constructor(private readonly options: ToolsOptions) {
    this.session = new ToolsetSession({
      explicit: options.toolsets,
      clientName: options.clientName ?? (() => undefined),
      log: options.log,
    })
  }

  /**
   * The editor's list for this session (engine_run, bridge_toolsets, bridge_find, the typed tools of the enabled
   * toolsets), else the addon's list from the catalog filtered the same way; then the packs' tools.
   */
  async list(): Promise<Tool[]> {
    const docs: ServedDoc[] = (await this.options.link.commands()) ?? this.docs()
    const plugins = await this.plugins(docs)
    const contributed = plugins.map(({name, description, inputSchema, annotations}) => ({
      name,
      description,
      inputSchema: inputSchema as Tool['inputSchema'],
      ...(annotations ? {annotations} : {}),
    }))
    if (this.options.link.knownCommands()) {
      try {
        const {tools} = (await this.options.relay('tools/list', {}, await this.relaySession())) as {tools: Tool[]}
        return [...tools, ...contributed]
      } catch (error) {
        if (!(error instanceof UnreachableError)) throw error // down since: the catalog's list below
      }
    }
    if (!this.options.typed) return [ENGINE_RUN, ...contributed]
    const listed = new Set([...this.listedMethods(docs, plugins.length)].map(toolName))
    const [engineRun, toolsets, find, ...typed] = earlyTools()
    return [engineRun, toolsets, find, ...typed.filter((t) => listed.has(t.name)), ...contributed]
  }

  /** The methods whose typed tools the session's enabled toolsets list. */
  private listedMethods(docs: ServedDoc[], plugins: number): Set<string> {
    const sets = toolsetsFor(docs)
    const enabled = this.session.enabled(sets, ALWAYS_LISTED + plugins)
    return new Set(sets.filter((s) => enabled(s.name)).flatMap((s) => s.methods))
  }

  /** What the addon needs of this session to list and answer as serve does (relay.ts). */
  async relaySession(revision?: string): Promise<RelaySession> {
    const docs = (await this.options.link.commands()) ?? this.docs()
    const sets = toolsetsFor(docs)
    const plugins = (await this.plugins(docs)).length
    const enabled = this.session.enabled(sets, ALWAYS_LISTED + plugins)
    const session: RelaySession = {
      toolsets: sets.filter((s) => enabled(s.name)).map((s) => s.name),
      typed: this.options.typed,
    }
    if (plugins > 0) session.extra_tools = plugins
    const client = this.options.clientName?.()
    if (client !== undefined) session.client = client
    if (revision !== undefined) session.revision = revision
    return session
  }

  /** One tools/call; throws a ProtocolError where the revision makes the failure a JSON-RPC error. */
  async call(name: string, args: Record<string, unknown> = {}, waiting: Waiting = {}): Promise<CallToolResult> {
    const plugin = (await this.plugins(this.docs())).find((t) => t.name === name)
    const result = plugin ? await this.runPlugin(plugin, args) : await this.relayCall(name, args, waiting)
    const refusal = (result as {refusal?: {message: string; argument: boolean}}).refusal
    if (!refusal) return result
    const error = protocolError(refusal.message, waiting.revision, refusal.argument)
    if (error) throw error
    const {refusal: _refusal, ...answer} = result as CallToolResult & {refusal: unknown}
    return answer
  }

  /**
   * A call the editor answers (relay.ts), its arguments checked here first against the command's full input
   * schema with the same ajv validators the CLI uses: a bad argument never reaches the editor, and is refused in
   * the same words (docs/architecture.md, "Validation over the relay").
   */
  private async relayCall(name: string, args: Record<string, unknown>, waiting: Waiting): Promise<CallToolResult> {
    let label = name
    let timeoutMs = DEFAULT_TIMEOUT_MS
    let doc = name === ENGINE_RUN.name ? undefined : this.index().get(name)
    let params = args
    if (name === ENGINE_RUN.name) {
      const problem = validateParams('mcp:engine_run', ENGINE_RUN.inputSchema, args)
      if (problem) return refused(`invalid arguments for engine_run: ${problem}`)
      label = `engine_run ${args.method as string}`
      doc = this.docs().find((d) => d.method === args.method)
      params = (args.params ?? {}) as Record<string, unknown>
    } else if (!this.options.typed) doc = undefined
    if (doc) {
      const problem = validateParams(schemaKey(doc.input_schema), doc.input_schema, params)
      if (problem) return refused(`invalid arguments for ${label}: ${problem}`)
      timeoutMs = Math.max(doc.timeout_ms ?? 0, DEFAULT_TIMEOUT_MS)
    }
    try {
      const session = await this.relaySession(waiting.revision)
      const result = (await this.options.relay(
        'tools/call',
        {name, arguments: args},
        session,
        timeoutMs,
        waiting,
      )) as CallToolResult
      // bridge_toolsets changed the session's toolsets (the editor decides, addon/mcp/toolset_changes.gd): keep
      // them, and tell the client its list changed once the answer is on its way
      if (session.changedTo && this.session.apply(session.changedTo, toolsetsFor(this.docs())))
        setImmediate(() => this.options.listChanged?.())
      return result
    } catch (error) {
      if (error instanceof ProtocolError) throw error // the addon's JSON-RPC error (an unknown tool)
      return failureResult(error, label)
    }
  }

  private async runPlugin(tool: PluginTool, args: Record<string, unknown>): Promise<CallToolResult> {
    if (!tool.validate(args))
      return refused(
        `invalid arguments for ${tool.name}: ${(tool.validate.errors ?? []).map((e) => `${e.instancePath || '(arguments)'} ${e.message}`).join('; ')}`,
      )
    const context: McpToolContext = {
      projectRoot: this.options.link.projectRoot,
      call: (method, params = {}, timeoutMs) => this.options.link.call(method, params, timeoutMs),
    }
    try {
      return successResult(await tool.run(args, context))
    } catch (error) {
      return failureResult(error, `${tool.name} (plugin ${tool.plugin})`)
    }
  }

  /** Plugin tools that do not shadow engine_run or an addon command. */
  private async plugins(docs: ServedDoc[]): Promise<PluginTool[]> {
    const taken = new Set([ENGINE_RUN.name, TOOLSETS_TOOL.name, FIND_TOOL_NAME, ...docs.map((d) => toolName(d.method))])
    return (await this.options.pluginTools).filter((tool) => {
      if (!taken.has(tool.name)) return true
      if (!this.warned.has(tool.name)) {
        this.warned.add(tool.name)
        this.options.log(`plugin ${tool.plugin}: tool '${tool.name}' skipped: it would shadow an addon command`)
      }
      return false
    })
  }

  private docs(): ServedDoc[] {
    return this.options.link.knownCommands() ?? loadCatalog()
  }

  private index(): Map<string, ServedDoc> {
    const docs = this.docs()
    if (docs !== this.indexed) {
      this.byName = new Map(docs.map((d) => [toolName(d.method), d]))
      this.indexed = docs
    }
    return this.byName
  }
}

/**
 * tools/list and tools/call, and notifications/tools/list_changed whenever the link reports the editor came
 * (back) up, restarted or changed its command set — once the client holds a list (a 2025 client after its
 * `initialized`; a 2026-07-28 client hears it on its subscriptions/listen stream). `seen` records the client
 * of each request (index.ts).
 */
export function registerTools(
  server: Server,
  tools: Tools,
  link: EditorLink,
  log: Logger,
  seen: (ctx: ServerContext) => void = () => {},
): void {
  let listed = false
  link.onChange((reason) => {
    if (!listed) return
    server.sendToolListChanged().catch((error) => log(`could not send tools/list_changed: ${(error as Error).message}`))
    log(`tools/list_changed sent (${reason === 'connected' ? 'editor connected' : 'command set changed'})`)
  })
  server.setRequestHandler('tools/list', async (_request, ctx) => {
    seen(ctx)
    // the client holds a list once it is answered: a connection made while this one waits for it is in it already
    const list = await tools.list()
    listed = true
    return {tools: list}
  })
  server.setRequestHandler('tools/call', async (request, ctx) => {
    seen(ctx)
    const token = request.params._meta?.progressToken
    // notifications go out in order, and all of them before the answer (a client stops listening at the answer)
    let sent: Promise<void> = Promise.resolve()
    const progress =
      token === undefined
        ? undefined
        : (value: number, total?: number, message?: string) => {
            const params = {progressToken: token, progress: value, ...(total === undefined ? {} : {total})}
            sent = sent
              .then(() =>
                ctx.mcpReq.notify({method: 'notifications/progress', params: message ? {...params, message} : params}),
              )
              .catch(() => {})
          }
    const result = await tools.call(request.params.name, request.params.arguments, {
      signal: ctx.mcpReq.signal,
      progress,
      revision: revisionOf(server, ctx),
    })
    await sent
    return result
  })
}

const schemaIds = new WeakMap<object, number>()
let nextSchemaId = 1

/** A validator cache key per schema object: a re-read command list gets fresh validators. */
function schemaKey(schema: Record<string, unknown>): string {
  let id = schemaIds.get(schema)
  if (!id) {
    id = nextSchemaId++
    schemaIds.set(schema, id)
  }
  return `mcp:${id}`
}
