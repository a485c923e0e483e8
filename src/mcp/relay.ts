// The relay: serve hands each MCP request to the editor whole, over the WebSocket it already holds (`bridge.mcp`), and the addon answers it with the code its HTTP endpoint runs
// (addon/mcp/endpoint.gd relay()). serve adds only the session the addon does not keep — the client's name, the
// revision, the enabled toolsets, --typed — and frames the era itself (the SDK Server). Progress and cancel ride
// the call's own bridge.progress / bridge.cancel notifications (EngineClient).
import {ProtocolError, type Server} from '@modelcontextprotocol/server'

import {type CallWaiting, DEFAULT_TIMEOUT_MS} from '../editor/client.js'
import {UnreachableError} from '../errors.js'
import type {EditorLink} from './editor-link.js'
import {getPrompt, listPrompts, loadPrompts} from './prompts.js'
import {listResourceTemplates, listResources, unreadable} from './resources.js'
import type {Tools} from './tools.js'

/** The addon's WebSocket method for one relayed MCP message (addon/transport/net/jsonrpc.gd MCP). */
export const RELAY_METHOD = 'bridge.mcp'

/** What the addon needs of serve's session to answer like serve (endpoint.gd relay()). */
export interface RelaySession {
  client?: string
  revision?: string
  /** The enabled toolsets (the session's default, --toolsets, or bridge_toolsets' changes). */
  toolsets: string[]
  typed: boolean
  /** Tools serve lists besides the addon's (the packs'): they count toward a client's tool limit. */
  extra_tools?: number
  /** Set by the relay when the editor answered a bridge_toolsets change: the session's toolsets after it. */
  changedTo?: string[]
}

export type Relay = (
  method: string,
  params: Record<string, unknown>,
  session: RelaySession,
  timeoutMs?: number,
  waiting?: CallWaiting,
) => Promise<Record<string, unknown>>

/** One MCP request to the editor: its result, or the ProtocolError the addon answered. */
export function relayOver(link: EditorLink): Relay {
  return async (method, params, session, timeoutMs = DEFAULT_TIMEOUT_MS, waiting = {}) => {
    const answer = (await link.call(
      RELAY_METHOD,
      {message: {jsonrpc: '2.0', method, params}, session},
      timeoutMs,
      waiting,
    )) as {
      result?: Record<string, unknown>
      error?: {code: number; message: string; data?: unknown}
      session?: {toolsets?: string[]}
    }
    if (answer.error) throw new ProtocolError(answer.error.code, answer.error.message, answer.error.data)
    if (Array.isArray(answer.session?.toolsets)) session.changedTo = answer.session.toolsets
    return answer.result ?? {}
  }
}

/** The editor's answer, or serve's own (`early`) while no editor is up. */
async function orEarly<T>(relayed: () => Promise<T>, early: (down: UnreachableError) => T | Promise<T>): Promise<T> {
  try {
    return await relayed()
  } catch (error) {
    if (error instanceof UnreachableError) return early(error)
    throw error
  }
}

/**
 * resources, templates, prompts and completions over the relay (tools.ts registers the tools); each falls back
 * to serve's own early answer while the editor is down: the shipped lists and prompts, no completions, and a
 * read that names why it cannot be answered.
 */
export function registerRelayedSurface(server: Server, tools: Tools, relay: Relay): void {
  const prompts = loadPrompts()
  const ask = async (method: string, params: Record<string, unknown>) =>
    relay(method, params, await tools.relaySession()) as never
  server.setRequestHandler('resources/list', () =>
    orEarly(
      () => ask('resources/list', {}),
      () => ({resources: listResources()}),
    ),
  )
  server.setRequestHandler('resources/templates/list', () =>
    orEarly(
      () => ask('resources/templates/list', {}),
      () => ({resourceTemplates: listResourceTemplates()}),
    ),
  )
  server.setRequestHandler('resources/read', (request) =>
    orEarly(
      () => ask('resources/read', request.params),
      (error) => unreadable(request.params.uri, error),
    ),
  )
  server.setRequestHandler('prompts/list', () =>
    orEarly(
      () => ask('prompts/list', {}),
      () => ({prompts: listPrompts(prompts)}),
    ),
  )
  server.setRequestHandler('prompts/get', (request) =>
    orEarly(
      () => ask('prompts/get', request.params),
      async () =>
        getPrompt(
          prompts,
          request.params.name,
          request.params.arguments,
          new Set((await tools.list()).map((t) => t.name)),
        ),
    ),
  )
  server.setRequestHandler('completion/complete', (request) =>
    orEarly(
      () => ask('completion/complete', request.params),
      () => ({completion: {values: [], total: 0, hasMore: false}}),
    ),
  )
}
