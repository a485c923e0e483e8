// bridge_find (addon/mcp/find.json, shared with the addon's HTTP endpoint, whose addon/mcp/find.gd ranks the
// same way): any command by words, with what a model needs to call it at once through engine_run — its method,
// tool name, one-line use and input schema — so a small default list hides nothing.
import type {Tool} from '@modelcontextprotocol/server'

import {readSurfaceJson} from './surface.js'

interface FindFile {
  tool: Tool
  points: {exact: number; name: number; prefix: number; summary: number; param: number; part: number}
  stop_words: string[]
}

const FIND: FindFile = readSurfaceJson<FindFile>('find.json')
export const FIND_TOOL: Tool = FIND.tool
const STOP = new Set(FIND.stop_words)
const DEFAULT_LIMIT = 6
const MAX_LIMIT = 30

export interface FoundCommand {
  method: string
  tool: string
  summary: string
  input_schema: Record<string, unknown>
  /** Whether this session lists its typed tool (else engine_run calls it). */
  listed: boolean
}

export interface FindAnswer {
  query: string
  count: number
  total: number
  results: FoundCommand[]
  note: string
}

interface Findable {
  method: string
  summary: string
  input_schema: Record<string, unknown>
}

/** Lower-case runs of letters and digits, a final `s` dropped (tiles = tile, but not class or `is`). */
export function findWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem)
}

function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word
}

/** The query's words without stop words, each once. */
function queryWords(query: string): string[] {
  const raw = query.toLowerCase().match(/[a-z0-9]+/g) ?? []
  return [...new Set(raw.filter((w) => !STOP.has(w)).map(stem))]
}

/** One command's score for the query's words (find.json `why`): the best match per word, summed. */
function score(doc: Findable, words: string[], whole: string): number {
  const points = FIND.points
  const name = findWords(doc.method)
  const summary = findWords(doc.summary)
  const params = findWords(Object.keys((doc.input_schema.properties ?? {}) as Record<string, unknown>).join(' '))
  let total = whole === doc.method || whole === doc.method.replaceAll('.', '_') ? points.exact : 0
  for (const word of words) {
    if (name.includes(word)) total += points.name
    else if (name.some((n) => Math.min(n.length, word.length) >= 3 && (n.startsWith(word) || word.startsWith(n))))
      total += points.prefix
    else if (summary.includes(word)) total += points.summary
    else if (params.includes(word)) total += points.param
    else if (word.length >= 4 && summary.some((s) => s.startsWith(word))) total += points.part
  }
  return total
}

/**
 * The commands that best match `query`, best first (ties in the given order), or a refusal message when the
 * arguments are wrong. `listed` says whether a method's typed tool is in this session's list.
 */
export function findCommands(
  docs: Findable[],
  args: Record<string, unknown>,
  listed: (method: string) => boolean,
): FindAnswer | string {
  const query = args.query
  if (typeof query !== 'string')
    return 'bridge_find: query (a string of words, e.g. "paint tiles on a tilemap") is required'
  const limit = args.limit ?? DEFAULT_LIMIT
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    return `bridge_find: limit must be an integer from 1 to ${MAX_LIMIT}, got ${JSON.stringify(limit)}`
  const unknown = Object.keys(args).find((k) => k !== 'query' && k !== 'limit')
  if (unknown) return `bridge_find: unknown parameter '${unknown}'; it takes: query, limit`
  const words = queryWords(query)
  const whole = query.trim().toLowerCase()
  if (words.length === 0 && whole === '')
    return 'bridge_find: query is empty; give words for the task, e.g. "paint tiles on a tilemap"'
  const hits = docs
    .map((doc, index) => ({doc, index, score: score(doc, words, whole)}))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
  const results = hits.slice(0, limit).map(({doc}) => ({
    method: doc.method,
    tool: doc.method.replaceAll('.', '_'),
    summary: doc.summary,
    input_schema: doc.input_schema,
    listed: listed(doc.method),
  }))
  return {query, count: results.length, total: hits.length, results, note: findNote(results.length, hits.length)}
}

/** The same note on both surfaces (find.gd). */
function findNote(count: number, total: number): string {
  if (total === 0)
    return 'No command matches these words; try other words (a node class, a verb), or engine_run {"method": "engine.commands"} for the whole list.'
  const more = total > count ? ` ${total - count} more match: raise limit or add words.` : ''
  return `Call any of them now with engine_run {"method": <method>, "params": {...}} (or its typed tool when listed is true).${more}`
}
