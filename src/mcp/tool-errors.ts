// The protocol's error forms for tools/call, per revision: which failures are JSON-RPC errors and which are
// `isError` results a model reads (addon/mcp/tools.gd follows the same rule over HTTP).
import {type CallToolResult, ProtocolError, type Server, type ServerContext} from '@modelcontextprotocol/server'

import {errorResult} from './results.js'

const INVALID_PARAMS = -32602
/** From this revision on (SEP-1303) bad arguments are a tool execution error the model can correct. */
const ARGUMENTS_AS_RESULTS = '2025-11-25'

/**
 * The protocol's error forms per revision: an unknown tool is a JSON-RPC error (-32602) in every 2025 revision
 * and after; bad arguments are one up to 2025-06-18 and an `isError` result from 2025-11-25 on (SEP-1303).
 * `argument` marks a bad-arguments message; addon/mcp/tools.gd follows the same rule.
 */
export function protocolError(
  message: string,
  revision: string | undefined,
  argument: boolean,
): ProtocolError | undefined {
  if (argument && revision !== undefined && revision >= ARGUMENTS_AS_RESULTS) return undefined
  return new ProtocolError(INVALID_PARAMS, message)
}

/** A failure whose form depends on the revision (call() decides): bad arguments, or an unknown tool. */
export function refused(message: string, argument = true): CallToolResult {
  return {...errorResult(message), refusal: {message, argument}} as CallToolResult
}

/** The revision a request came in: a 2026-07-28 request names its own; a 2025 session's is the negotiated one. */
export function revisionOf(server: Server, ctx: ServerContext): string | undefined {
  const envelope = (ctx.mcpReq as {envelope?: Record<string, unknown>}).envelope
  const own = envelope?.['io.modelcontextprotocol/protocolVersion']
  return typeof own === 'string' ? own : server.getNegotiatedProtocolVersion()
}
