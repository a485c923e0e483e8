// The tool list and tool calls: `engine_run` (addon/mcp/engine_run.json), one typed tool per live addon
// command by the shared rule (addon/mcp/README.md), and plugin tools, which may not shadow either.
// Arguments are validated before anything is sent; every failure comes back as an `isError` result.
import type {Server} from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'

import {type CommandDoc, loadCatalog} from '../catalog/catalog.js'
import {DEFAULT_TIMEOUT_MS} from '../editor/client.js'
import {EngineError} from '../errors.js'
import {closest} from '../catalog/suggest.js'
import {validateParams} from '../catalog/validate.js'
import type {EditorLink} from './editor-link.js'
import type {McpToolContext, PluginTool} from './plugin-tools.js'
import {errorResult, failureResult, successResult} from './results.js'
import {type Logger, readSurfaceJson} from './surface.js'

export const ENGINE_RUN: Tool = readSurfaceJson<Tool>('engine_run.json')

/** `node.add` → `node_add`. */
export function toolName(method: string): string {
  return method.replaceAll('.', '_')
}

/** The shared rule: name from the method, description = summary, the addon's schema, its hints. */
export function typedTool(doc: CommandDoc): Tool {
  return {
    name: toolName(doc.method),
    description: doc.summary,
    inputSchema: doc.input_schema as Tool['inputSchema'],
    annotations: {readOnlyHint: doc.read_only, destructiveHint: doc.destructive},
  }
}

export interface ToolsOptions {
  link: EditorLink
  typed: boolean
  pluginTools: Promise<PluginTool[]>
  log: Logger
}

export class Tools {
  private byName = new Map<string, CommandDoc>()
  private indexed?: CommandDoc[]
  private readonly warned = new Set<string>()

  constructor(private readonly options: ToolsOptions) {}

  /** engine_run, then the typed tools (from the live editor, else the last known list, else the catalog), then plugin tools. */
  async list(): Promise<Tool[]> {
    const docs = (await this.options.link.commands()) ?? this.docs()
    const tools = [ENGINE_RUN, ...(this.options.typed ? docs.map((d) => typedTool(d)) : [])]
    const contributed = (await this.plugins(docs)).map(({name, description, inputSchema, annotations}) => ({
      name,
      description,
      inputSchema: inputSchema as Tool['inputSchema'],
      ...(annotations ? {annotations} : {}),
    }))
    return [...tools, ...contributed]
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    try {
      if (name === ENGINE_RUN.name) return await this.runEngine(args)
      let doc = this.index().get(name)
      let plugin = (await this.plugins(this.docs())).find((t) => t.name === name)
      if (!doc && !plugin) {
        await this.options.link.refresh().catch(() => {}) // the list the model holds may be older than ours
        doc = this.index().get(name)
        plugin = (await this.plugins(this.docs())).find((t) => t.name === name)
      }
      if (doc && this.options.typed) return await this.runCommand(name, doc, args)
      if (plugin) return await this.runPlugin(plugin, args)
      if (doc) return errorResult(`typed tools are off (--typed=false): call engine_run with method '${doc.method}'`)
      const guess = closest(name, [ENGINE_RUN.name, ...this.index().keys(), ...(await this.plugins(this.docs())).map((t) => t.name)])
      return errorResult(
        `unknown tool '${name}'${guess ? ` (did you mean '${guess}'?)` : ''}: list the tools again (the editor's commands may have changed), or use engine_run`,
      )
    } catch (error) {
      return failureResult(error, name)
    }
  }

  private async runEngine(args: Record<string, unknown>): Promise<CallToolResult> {
    const problem = validateParams('mcp:engine_run', ENGINE_RUN.inputSchema, args)
    if (problem) return errorResult(`invalid arguments for engine_run: ${problem}`)
    const method = args.method as string
    const doc = this.docs().find((d) => d.method === method)
    if (doc) return this.runCommand(`engine_run ${method}`, doc, (args.params ?? {}) as Record<string, unknown>)
    return this.send(`engine_run ${method}`, method, (args.params ?? {}) as Record<string, unknown>, DEFAULT_TIMEOUT_MS)
  }

  private async runCommand(label: string, doc: CommandDoc, params: Record<string, unknown>): Promise<CallToolResult> {
    const problem = validateParams(schemaKey(doc.input_schema), doc.input_schema, params)
    if (problem) return errorResult(`invalid arguments for ${label}: ${problem}`)
    return this.send(label, doc.method, params, Math.max(doc.timeout_ms ?? 0, DEFAULT_TIMEOUT_MS))
  }

  private async send(
    label: string,
    method: string,
    params: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<CallToolResult> {
    try {
      return successResult(await this.options.link.call(method, params, timeoutMs))
    } catch (error) {
      // An unknown method means our command list may be stale: re-read it (listeners notify the client).
      if (error instanceof EngineError && error.rpcCode === -32601) this.options.link.refresh().catch(() => {})
      return failureResult(error, label)
    }
  }

  private async runPlugin(tool: PluginTool, args: Record<string, unknown>): Promise<CallToolResult> {
    if (!tool.validate(args))
      return errorResult(
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
  private async plugins(docs: CommandDoc[]): Promise<PluginTool[]> {
    const taken = new Set([ENGINE_RUN.name, ...docs.map((d) => toolName(d.method))])
    return (await this.options.pluginTools).filter((tool) => {
      if (!taken.has(tool.name)) return true
      if (!this.warned.has(tool.name)) {
        this.warned.add(tool.name)
        this.options.log(`plugin ${tool.plugin}: tool '${tool.name}' skipped: it would shadow an addon command`)
      }
      return false
    })
  }

  private docs(): CommandDoc[] {
    return this.options.link.knownCommands() ?? loadCatalog()
  }

  private index(): Map<string, CommandDoc> {
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
 * (back) up, restarted or changed its command set — once the client is initialized and holds a list.
 */
export function registerTools(server: Server, tools: Tools, link: EditorLink, log: Logger): void {
  let initialized = false
  let listed = false
  server.oninitialized = () => {
    initialized = true
  }
  link.onChange((reason) => {
    if (!initialized || !listed) return
    server.sendToolListChanged().catch((error) => log(`could not send tools/list_changed: ${(error as Error).message}`))
    log(`tools/list_changed sent (${reason === 'connected' ? 'editor connected' : 'command set changed'})`)
  })
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    listed = true
    return {tools: await tools.list()}
  })
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    tools.call(request.params.name, request.params.arguments),
  )
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
