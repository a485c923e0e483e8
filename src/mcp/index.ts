// The MCP server behind `bridge serve` on the SDK v2 server package: a relay of every MCP request to the editor
// (relay.ts; addon/mcp is the one MCP implementation) over one long-lived editor link, and a factory that builds
// an SDK Server over it. The SDK's
// serveStdio (stdio.ts) calls the factory for the connection's era: a 2026-07-28 client (server/discover, then
// stateless requests carrying their version and capabilities in _meta) or a 2025 one (initialize, 2025-06-18 or
// 2025-11-25); both see the same tools, toolsets, resources and prompts, and tools/list_changed.
import {CLIENT_INFO_META_KEY, type McpRequestContext, Server, type ServerContext} from '@modelcontextprotocol/server'

import {EditorLink} from './editor-link.js'
import {SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, serverInfo} from './identity.js'
import {type HookRunner, loadPluginTools} from './plugin-tools.js'
import {registerRelayedSurface, relayOver} from './relay.js'
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

export interface Surface {
  /** For serveStdio: a Server for one connection (or one discarded server/discover probe). */
  factory: (context?: McpRequestContext) => Server
  link: EditorLink
  tools: Tools
  cleanup: () => Promise<void>
}

/**
 * The state one `bridge serve` keeps whatever the era: the editor link, the tools and the toolset session. The
 * client is known from `initialize` (2025) or from each request's `_meta` (2026-07-28).
 */
export function createSurface(options: ServeOptions): Surface {
  const log = options.log ?? stderrLogger
  let clientName: string | undefined
  const link = new EditorLink({
    projectRoot: options.projectRoot,
    log,
    watchMs: options.watchMs,
    callingFor: () => clientName,
  })
  /** The instance that answered last: the connection's pinned one (a discarded probe never answers again). */
  let current: Server | undefined
  const relay = relayOver(link)
  const tools = new Tools({
    relay,
    link,
    typed: options.typed ?? true,
    pluginTools: loadPluginTools(options.hooks, options.projectRoot, log),
    log,
    toolsets: options.toolsets,
    clientName: () => clientName,
    listChanged: () => {
      current
        ?.sendToolListChanged()
        .catch((error) => log(`could not send tools/list_changed: ${(error as Error).message}`))
      log('tools/list_changed sent (toolsets changed)')
    },
  })
  const factory = (): Server => {
    const server = new Server(serverInfo(options.version ?? '0.0.0'), {
      capabilities: SERVER_CAPABILITIES,
      instructions: SERVER_INSTRUCTIONS,
    })
    const seen = (ctx: ServerContext) => {
      current = server
      const info = (ctx.mcpReq as {envelope?: Record<string, {name?: string}>}).envelope?.[CLIENT_INFO_META_KEY]
      clientName ??= info?.name ?? server.getClientVersion()?.name
    }
    registerTools(server, tools, link, log, seen)
    registerRelayedSurface(server, tools, relay)
    return server
  }
  link.start()
  return {
    factory,
    link,
    tools,
    async cleanup() {
      link.stop()
    },
  }
}

/** One Server over a fresh surface, for a transport the caller connects (the unit tests' in-memory pair). */
export function createServer(options: ServeOptions): {server: Server; link: EditorLink; cleanup: () => Promise<void>} {
  const surface = createSurface(options)
  return {server: surface.factory(), link: surface.link, cleanup: surface.cleanup}
}
