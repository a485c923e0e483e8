// The MCP server behind `bridge serve`: tools, resources and prompts over one long-lived editor link.
// createServer() wires them and returns the server with its cleanup; a transport (stdio.ts) connects it.
import {Server} from '@modelcontextprotocol/sdk/server/index.js'

import {EditorLink} from './editor-link.js'
import {SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, SERVER_NAME} from './identity.js'
import {type HookRunner, loadPluginTools} from './plugin-tools.js'
import {registerPrompts} from './prompts.js'
import {registerResources} from './resources.js'
import {type Logger, stderrLogger} from './surface.js'
import {Tools, registerTools} from './tools.js'

export interface ServeOptions {
  projectRoot: string
  /** One typed tool per addon command besides engine_run (default true). */
  typed?: boolean
  /** --toolsets: the toolsets whose typed tools are listed; undefined picks the connected client's default. */
  toolsets?: string[]
  /** oclif's Config: runs the bridge:mcp-tools hook of installed plugins. */
  hooks?: HookRunner
  version?: string
  log?: Logger
  watchMs?: number
}

export function createServer(options: ServeOptions): {server: Server; link: EditorLink; cleanup: () => Promise<void>} {
  const log = options.log ?? stderrLogger
  const server = new Server(
    {name: SERVER_NAME, version: options.version ?? '0.0.0'},
    {capabilities: SERVER_CAPABILITIES, instructions: SERVER_INSTRUCTIONS},
  )
  const link = new EditorLink({
    projectRoot: options.projectRoot,
    log,
    watchMs: options.watchMs,
  })
  const pluginTools = loadPluginTools(options.hooks, options.projectRoot, log)
  const tools = new Tools({
    link,
    typed: options.typed ?? true,
    pluginTools,
    log,
    toolsets: options.toolsets,
    clientName: () => server.getClientVersion()?.name,
    listChanged: () => {
      server
        .sendToolListChanged()
        .catch((error) => log(`could not send tools/list_changed: ${(error as Error).message}`))
      log('tools/list_changed sent (toolsets changed)')
    },
  })
  registerTools(server, tools, link, log)
  registerResources(server, link)
  registerPrompts(server)
  link.start()

  return {
    server,
    link,
    async cleanup() {
      link.stop()
    },
  }
}
