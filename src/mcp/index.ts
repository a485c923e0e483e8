// The MCP server behind `bridge serve`: tools, resources and prompts over one long-lived editor link.
// createServer() wires them and returns the server with its cleanup; a transport (stdio.ts) connects it.
import {Server} from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'

import {EditorLink} from './editor-link.js'
import {type HookRunner, loadPluginTools} from './plugin-tools.js'
import {getPrompt, listPrompts, loadPrompts} from './prompts.js'
import {listResources, readResource} from './resources.js'
import {type Logger, stderrLogger} from './surface.js'
import {Tools} from './tools.js'

export interface ServeOptions {
  projectRoot: string
  /** One typed tool per addon command besides engine_run (default true). */
  typed?: boolean
  /** oclif's Config: runs the bridge:mcp-tools hook of installed plugins. */
  hooks?: HookRunner
  version?: string
  log?: Logger
  watchMs?: number
  commandsMs?: number
}

export function createServer(options: ServeOptions): {server: Server; link: EditorLink; cleanup: () => Promise<void>} {
  const log = options.log ?? stderrLogger
  const server = new Server(
    {name: 'bridge', version: options.version ?? '0.0.0'},
    {
      capabilities: {tools: {listChanged: true}, resources: {}, prompts: {}},
      instructions:
        'Drives a live Godot editor. Ground on the live API (engine.search, engine.class_info, engine.commands) before acting; verify every change by reading state back.',
    },
  )
  const link = new EditorLink({
    projectRoot: options.projectRoot,
    log,
    watchMs: options.watchMs,
    commandsMs: options.commandsMs,
  })
  const pluginTools = loadPluginTools(options.hooks, options.projectRoot, log)
  const tools = new Tools({link, typed: options.typed ?? true, pluginTools, log})
  const prompts = loadPrompts()

  const changes = watchToolListChanges(server, link, log)
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    changes.listed()
    return {tools: await tools.list()}
  })
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    tools.call(request.params.name, request.params.arguments),
  )
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({resources: listResources()}))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(link, request.params.uri))
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({prompts: listPrompts(prompts)}))
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    getPrompt(prompts, request.params.name, request.params.arguments),
  )
  link.start()

  return {
    server,
    link,
    async cleanup() {
      link.stop()
    },
  }
}

/**
 * Sends notifications/tools/list_changed when the editor comes (back) up, restarts, or changes its
 * command set — once the client is initialized and holds a list that could be stale.
 */
function watchToolListChanges(server: Server, link: EditorLink, log: Logger): {listed(): void} {
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
  return {
    listed() {
      listed = true
    },
  }
}
