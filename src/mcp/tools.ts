// The tool list and tool calls: `engine_run` (addon/mcp/engine_run.json), `bridge_toolsets`
// (addon/mcp/toolsets.json) and `bridge_find` (addon/mcp/find.json), one typed tool per live addon command of the session's enabled toolsets by the
// shared rule (addon/mcp/README.md), and plugin tools, which may not shadow either. Arguments are validated
// before anything is sent; a failure comes back as an `isError` result, or as the JSON-RPC error the revision
// prescribes (tool-errors.ts).
import {
  type CallToolResult,
  ProtocolError,
  type Server,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server'

import {type CommandDoc, loadCatalog} from '../catalog/catalog.js'
import {DEFAULT_TIMEOUT_MS} from '../editor/client.js'
import {EngineError, UnreachableError} from '../errors.js'
import {closest} from '../catalog/suggest.js'
import {validateParams} from '../catalog/validate.js'
import type {EditorLink, ServedDoc} from './editor-link.js'
import type {McpToolContext, PluginTool} from './plugin-tools.js'
import {FIND_TOOL, findCommands} from './find.js'
import type {Relay, RelaySession} from './relay.js'
import {errorResult, failureResult, successResult} from './results.js'
import {protocolError, refused, revisionOf} from './tool-errors.js'
import {type Logger, readSurfaceJson} from './surface.js'
import {SERVER_NAME} from '../surface/identity.js'
import {ToolsetSession} from './toolset-session.js'
import {ALWAYS_LISTED, TOOLSETS_TOOL, readsOf, toolsetsFor} from './toolsets.js'

export const ENGINE_RUN: Tool = readSurfaceJson<Tool>('engine_run.json')

/** `node.add` → `node_add`. */
export function toolName(method: string): string {
  return method.replaceAll('.', '_')
}

/** A command's docs as engine.commands gives them; `output_schema` comes from its declared `returns`. */
export type McpCommandDoc = CommandDoc & {output_schema?: Record<string, unknown>}

/** Cursor refuses a server name + tool name longer than this; the server is `godot-bridge`. */
export const MAX_QUALIFIED_NAME = 60

/**
 * The shared rule (addon/mcp/README.md): name from the method, description = summary, the addon's input schema
 * without `additionalProperties: false` (calls are still checked against the full schema: an unknown parameter
 * is refused by name), its result schema as a short outputSchema (listedOutput), and the annotations of its
 * declaration (hints()).
 */
export function typedTool(doc: ServedDoc): Tool {
  const {additionalProperties, ...listed} = doc.input_schema
  const tool: Tool = {
    name: toolName(doc.method),
    description: doc.summary,
    inputSchema: (additionalProperties === false ? listed : doc.input_schema) as Tool['inputSchema'],
    annotations: hints(doc),
  }
  if (doc.output_schema) tool.outputSchema = listedOutput(doc.output_schema) as Tool['outputSchema']
  return tool
}

/**
 * A result schema as tools/list carries it: an object and the names of its fields, without their types. Clients
 * keep output schemas to themselves (a model reads the result, not its schema) and only check structuredContent
 * against them, while the full shapes cost a fifth of the list (issue 35: 63 KB of 295); the declared shape
 * stays in engine.commands and docs/commands.md, and every result is checked against it by the sweeps.
 */
export function listedOutput(schema: Record<string, unknown>): Record<string, unknown> {
  const fields = Object.keys((schema.properties ?? {}) as Record<string, unknown>)
  return {type: 'object', properties: Object.fromEntries(fields.map((field) => [field, {}]))}
}

/**
 * A command's MCP annotations from its declaration: a title where it says more than the tool's name; readOnlyHint
 * for reads (Claude Code and Codex run only those in parallel); for a mutating command destructiveHint false
 * unless it loses data and idempotentHint true when it declares `idempotent`; openWorldHint false (the editor and
 * its project are a closed world). A hint is written only where it differs from MCP's default (readOnlyHint
 * false, destructiveHint true, idempotentHint false, openWorldHint true; the last two but one mean nothing for a
 * read), and the router's default title ("Node: add to group" for node_add_to_group) is left out: a client
 * shows the name instead, and every tool's list entry is paid for on every turn.
 */
export function hints(doc: {
  method: string
  read_only: boolean
  destructive: boolean
  idempotent?: boolean
  title?: string
}): NonNullable<Tool['annotations']> {
  const annotations: NonNullable<Tool['annotations']> = {}
  if (doc.title && doc.title !== titleOf(doc.method)) annotations.title = doc.title
  if (doc.read_only) annotations.readOnlyHint = true
  else {
    if (!doc.destructive) annotations.destructiveHint = false
    if (doc.idempotent) annotations.idempotentHint = true
  }
  annotations.openWorldHint = false
  return annotations
}

/** The router's default title (addon/core/router.gd title_of): "node.add_to_group" → "Node: add to group". */
export function titleOf(method: string): string {
  const [group, command = ''] = method.split('.')
  const words = group.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1))
  return `${words.join('')}: ${command.replaceAll('_', ' ')}`
}

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
  typed: boolean
  pluginTools: Promise<PluginTool[]>
  log: Logger
  /** --toolsets; undefined picks the connected client's default. */
  toolsets?: string[]
  /** The connected client's clientInfo.name. */
  clientName?: () => string | undefined
  /** Tells the client its tool list changed (an enabled or disabled toolset). */
  listChanged?: () => void
  /** Set: the editor answers tools/list and tools/call (relay.ts); serve keeps the session and the packs' tools. */
  relay?: Relay
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
   * engine_run, bridge_toolsets and bridge_find, then the typed tools of the enabled toolsets (from the live editor, else
   * the last known list, else the catalog), then plugin tools. With --typed=false: engine_run and plugin tools.
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
    const relay = this.options.relay
    if (relay && this.options.link.knownCommands()) {
      try {
        const {tools} = (await relay('tools/list', {}, await this.relaySession())) as {tools: Tool[]}
        return [...tools, ...contributed]
      } catch (error) {
        if (!(error instanceof UnreachableError)) throw error // down since: the catalog's list below
      }
    }
    if (!this.options.typed) return [ENGINE_RUN, ...contributed]
    const methods = this.listedMethods(docs, plugins.length)
    const typed = docs.filter((d) => methods.has(d.method)).map((d) => typedTool(d))
    for (const tool of typed) this.checkNameLength(tool.name)
    return [ENGINE_RUN, TOOLSETS_TOOL, FIND_TOOL, ...typed, ...contributed]
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
    const enabled = this.session.enabled(sets, ALWAYS_LISTED + (await this.plugins(docs)).length)
    const session: RelaySession = {
      toolsets: sets.filter((s) => enabled(s.name)).map((s) => s.name),
      typed: this.options.typed,
    }
    const client = this.options.clientName?.()
    if (client !== undefined) session.client = client
    if (revision !== undefined) session.revision = revision
    return session
  }

  /** One tools/call; throws a ProtocolError where the revision makes the failure a JSON-RPC error. */
  async call(name: string, args: Record<string, unknown> = {}, waiting: Waiting = {}): Promise<CallToolResult> {
    const result =
      this.options.relay && (await this.relayable(name))
        ? await this.relayCall(this.options.relay, name, args, waiting)
        : await this.answer(name, args, waiting)
    const refusal = (result as {refusal?: {message: string; argument: boolean}}).refusal
    if (!refusal) return result
    const error = protocolError(refusal.message, waiting.revision, refusal.argument)
    if (error) throw error
    return errorResult(refusal.message)
  }

  /** The relay answers every tool but bridge_toolsets (its session lives here) and the packs' (they run in Node). */
  private async relayable(name: string): Promise<boolean> {
    if (name === TOOLSETS_TOOL.name && this.options.typed) return false
    return !(await this.plugins(this.docs())).some((t) => t.name === name)
  }

  /**
   * A call the editor answers (relay.ts), its arguments checked here first against the command's full input
   * schema with the same ajv validators as before: a bad argument never reaches the editor, and is refused in
   * the same words (docs/architecture.md, "Validation over the relay").
   */
  private async relayCall(
    relay: Relay,
    name: string,
    args: Record<string, unknown>,
    waiting: Waiting,
  ): Promise<CallToolResult> {
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
      return (await relay('tools/call', {name, arguments: args}, session, timeoutMs, waiting)) as CallToolResult
    } catch (error) {
      if (error instanceof ProtocolError) throw error // the addon's JSON-RPC error (an unknown tool)
      return failureResult(error, label)
    }
  }

  private async answer(name: string, args: Record<string, unknown>, waiting: Waiting): Promise<CallToolResult> {
    try {
      if (name === ENGINE_RUN.name) return await this.runEngine(args, waiting)
      if (name === TOOLSETS_TOOL.name && this.options.typed) return await this.runToolsets(args, waiting.revision)
      if (name === FIND_TOOL.name && this.options.typed) return await this.runFind(args, waiting.revision)
      let doc = this.index().get(name)
      let plugin = (await this.plugins(this.docs())).find((t) => t.name === name)
      if (!doc && !plugin) {
        await this.options.link.refresh().catch(() => {}) // the list the model holds may be older than ours
        doc = this.index().get(name)
        plugin = (await this.plugins(this.docs())).find((t) => t.name === name)
      }
      if (doc && this.options.typed) return await this.runCommand(name, doc, args, waiting, true)
      if (plugin) return await this.runPlugin(plugin, args)
      if (doc) return errorResult(`typed tools are off (--typed=false): call engine_run with method '${doc.method}'`)
      const guess = closest(name, [
        ENGINE_RUN.name,
        ...this.index().keys(),
        ...(await this.plugins(this.docs())).map((t) => t.name),
      ])
      return refused(
        `unknown tool '${name}'${guess ? ` (did you mean '${guess}'?)` : ''}: list the tools again (the editor's commands may have changed), or use engine_run`,
        false,
      )
    } catch (error) {
      return failureResult(error, name)
    }
  }

  private async runEngine(args: Record<string, unknown>, waiting: Waiting): Promise<CallToolResult> {
    const problem = validateParams('mcp:engine_run', ENGINE_RUN.inputSchema, args)
    if (problem) return refused(`invalid arguments for engine_run: ${problem}`)
    const method = args.method as string
    const doc = this.docs().find((d) => d.method === method)
    if (doc)
      return this.runCommand(`engine_run ${method}`, doc, (args.params ?? {}) as Record<string, unknown>, waiting)
    return this.send(
      `engine_run ${method}`,
      method,
      (args.params ?? {}) as Record<string, unknown>,
      DEFAULT_TIMEOUT_MS,
      waiting,
    )
  }

  /** bridge_toolsets: answers, then tells the client its list changed (after the answer is on its way). */
  private async runToolsets(args: Record<string, unknown>, revision?: string): Promise<CallToolResult> {
    const docs = (await this.options.link.commands()) ?? this.docs()
    const fixed = ALWAYS_LISTED + (await this.plugins(docs)).length
    const {result, changed} = this.session.handle(args, toolsetsFor(docs), fixed, revision)
    if (changed) setImmediate(() => this.options.listChanged?.())
    return result
  }

  /** bridge_find: commands by words, each callable at once through engine_run (find.ts). */
  private async runFind(args: Record<string, unknown>, revision?: string): Promise<CallToolResult> {
    const docs = (await this.options.link.commands()) ?? this.docs()
    const listed = this.listedMethods(docs, (await this.plugins(docs)).length)
    const answer = findCommands(docs, args, (method) => listed.has(method))
    if (typeof answer === 'string') return refused(answer)
    return successResult(answer, true, readsOf(this.options.clientName?.(), revision))
  }

  /** A typed call returns structuredContent when its command declares a result shape; engine_run never does. */
  private async runCommand(
    label: string,
    doc: ServedDoc,
    params: Record<string, unknown>,
    waiting: Waiting,
    structured = false,
  ): Promise<CallToolResult> {
    const problem = validateParams(schemaKey(doc.input_schema), doc.input_schema, params)
    if (problem) return refused(`invalid arguments for ${label}: ${problem}`)
    return this.send(
      label,
      doc.method,
      params,
      Math.max(doc.timeout_ms ?? 0, DEFAULT_TIMEOUT_MS),
      waiting,
      structured && Boolean(doc.output_schema),
    )
  }

  private async send(
    label: string,
    method: string,
    params: Record<string, unknown>,
    timeoutMs: number,
    waiting: Waiting,
    structured = false,
  ): Promise<CallToolResult> {
    try {
      const value = await this.options.link.call(method, params, timeoutMs, waiting)
      return successResult(value, structured, readsOf(this.options.clientName?.(), waiting.revision))
    } catch (error) {
      // An unknown method means our command list may be stale: re-read it (listeners notify the client).
      if (error instanceof EngineError && error.rpcCode === -32601) this.options.link.refresh().catch(() => {})
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
    const taken = new Set([ENGINE_RUN.name, TOOLSETS_TOOL.name, FIND_TOOL.name, ...docs.map((d) => toolName(d.method))])
    return (await this.options.pluginTools).filter((tool) => {
      if (!taken.has(tool.name)) return true
      if (!this.warned.has(tool.name)) {
        this.warned.add(tool.name)
        this.options.log(`plugin ${tool.plugin}: tool '${tool.name}' skipped: it would shadow an addon command`)
      }
      return false
    })
  }

  /** Cursor drops tools whose `<server>_<tool>` name passes 60 characters: say so once per tool. */
  private checkNameLength(name: string): void {
    if (SERVER_NAME.length + 1 + name.length <= MAX_QUALIFIED_NAME || this.warned.has(`long:${name}`)) return
    this.warned.add(`long:${name}`)
    this.options.log(
      `tool '${name}' is longer than Cursor accepts with the server name ${SERVER_NAME} (${MAX_QUALIFIED_NAME} characters); rename its command`,
    )
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
