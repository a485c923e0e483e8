// `bridge run -`: one JSON request per line of standard input, one JSON result per line of standard output, in
// order, over one connection. A bad line (not JSON, no method, params not an object) or a failed call gets an
// error line and the stream goes on; the caller learns from the exit status whether any line failed.
// Lines run one after another, each seeing what the line before it changed. The lines already waiting on stdin
// travel as one JSON-RPC batch, which the editor also runs in order: a script piped in costs a round trip per
// batch, not per line, while a caller that writes a line and waits for its answer gets it at once.
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
  /** Lines that failed: an error, or a verdict command's "fail" (counted in `verdicts` too). */
  failed: number
  verdicts: number
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

/** Lines sent in one batch at most: a bigger backlog goes in several, so answers keep flowing. */
const MAX_BATCH = 100

interface Entry {
  id: unknown
  request?: PipelineRequest
  error?: unknown
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
  verdictFailed: (method: string, result: unknown) => boolean = () => false,
): Promise<PipelineSummary> {
  const summary: PipelineSummary = {lines: 0, failed: 0, verdicts: 0}
  const waiting: Entry[] = []
  let ended = false
  let wake: (() => void) | undefined
  let lineNo = 0
  const lines = createInterface({input, crlfDelay: Infinity})
  lines.on('line', (line) => {
    lineNo++
    if (!line.trim()) return
    waiting.push(entryFor(line, lineNo))
    wake?.()
  })
  lines.on('close', () => {
    ended = true
    wake?.()
  })
  for (;;) {
    if (waiting.length === 0) {
      if (ended) return summary
      // readline hands over every line of a chunk before this resumes, so they all join the next batch
      await new Promise<void>((resolve) => (wake = resolve))
      wake = undefined
      continue
    }
    const batch = waiting.splice(0, MAX_BATCH)
    const requests = batch.filter((e) => e.request).map((e) => e.request!)
    const budget = requests.reduce((sum, r) => sum + timeoutFor(r.method), 0)
    const answers = await client.callBatch(requests, budget)
    for (const entry of batch) {
      summary.lines++
      const answer = entry.request ? answers.shift()! : {status: 'rejected' as const, reason: entry.error}
      if (answer.status === 'fulfilled') {
        write(JSON.stringify({id: entry.id, result: answer.value}))
        if (verdictFailed(entry.request!.method, answer.value)) {
          summary.failed++
          summary.verdicts++
        }
        continue
      }
      summary.failed++
      write(JSON.stringify({id: entry.id, ...asTyped(answer.reason).toJSON()}))
    }
  }
}

function entryFor(line: string, lineNo: number): Entry {
  try {
    const request = parseRequestLine(line)
    return {id: request.id === undefined ? lineNo : request.id, request}
  } catch (error) {
    return {id: lineNo, error}
  }
}

function asTyped(error: unknown): BridgeCliError {
  return error instanceof BridgeCliError
    ? error
    : new BridgeCliError((error as Error).message, EXIT.commandFailed, 'internal')
}
