// `bridge run -`: one JSON request per line of standard input, one JSON result per line of standard output, in
// order, over one connection. A bad line (not JSON, no method, params not an object) or a failed call gets an
// error line and the stream goes on; the caller learns from the exit status whether any line failed.
// Requests go one at a time: a line may depend on what the line before it changed in the editor.
import {createInterface} from 'node:readline'

import type {EngineClient} from '../editor/client.js'
import {BridgeCliError, EXIT, UsageError} from '../errors.js'

export interface PipelineRequest {
  method: string
  params: Record<string, unknown>
  id?: unknown
}

export interface PipelineSummary {
  lines: number
  failed: number
}

const METHOD = /^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$/

/** One input line as a request, or a usage error saying what is wrong with it. */
export function parseRequestLine(line: string): PipelineRequest {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (error) {
    throw new UsageError(`not valid JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError('a request is a JSON object: {"method": "<group>.<command>", "params": {...}, "id": ...}')
  const {method, params = {}, id} = value as Record<string, unknown>
  if (typeof method !== 'string' || !METHOD.test(method))
    throw new UsageError(`"method" must be a string of the form <group>.<command>, got ${JSON.stringify(method)}`)
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new UsageError('"params" must be a JSON object of named parameters')
  return {method, params: params as Record<string, unknown>, id}
}

/**
 * Runs every line of `input` through `client` and writes one result line each through `write`:
 * `{"id", "result"}` or `{"id", "error": {code, message, exit_code, …}}`. `id` is the request's own id, else
 * its line number (1-based, counting blank lines, which are skipped).
 */
export async function runPipeline(
  input: NodeJS.ReadableStream,
  client: EngineClient,
  write: (line: string) => void,
  timeoutFor: (method: string) => number,
): Promise<PipelineSummary> {
  const summary: PipelineSummary = {lines: 0, failed: 0}
  let lineNo = 0
  for await (const line of createInterface({input, crlfDelay: Infinity})) {
    lineNo++
    if (!line.trim()) continue
    summary.lines++
    let id: unknown = lineNo
    try {
      const request = parseRequestLine(line)
      if (request.id !== undefined) id = request.id
      const result = await client.call(request.method, request.params, timeoutFor(request.method))
      write(JSON.stringify({id, result}))
    } catch (error) {
      summary.failed++
      const typed =
        error instanceof BridgeCliError
          ? error
          : new BridgeCliError((error as Error).message, EXIT.commandFailed, 'internal')
      write(JSON.stringify({id, ...typed.toJSON()}))
    }
  }
  return summary
}
