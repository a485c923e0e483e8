// The TOML side of the merge (Codex's config.toml): one server table goes in, every other table, key, comment
// and blank line stays. @decimalturn/toml-patch parses the file (a broken one is refused with its line) and
// patches an existing entry in place, keeping its comments; a new entry is appended as its own
// `[mcp_servers.<name>]` table, where `codex mcp add` puts one too. Each result is parsed again and must hold
// exactly the old document plus the entry, or nothing is written.
import {parse, patch, stringify, type TomlFormat} from '@decimalturn/toml-patch'

import {BridgeCliError, EXIT} from '../errors.js'
import {type MergeAction, sameJson, TRANSPORT_KEYS} from './merge.js'
import type {ServerEntry} from './spec.js'

export interface TomlMergeOptions {
  /** Named in errors. */
  file: string
  rootKey: string
  name: string
  entry: ServerEntry
}

type Table = Record<string, unknown>

export function mergeTomlServer(
  text: string | undefined,
  options: TomlMergeOptions,
): {text: string; action: MergeAction} {
  const {rootKey, name, entry} = options
  const original = text ?? ''
  if (original.replace(/^\uFEFF/, '').trim() === '')
    return {text: original + tomlSnippet(rootKey, name, entry), action: text === undefined ? 'created' : 'added'}

  const doc = parseChecked(original, options)
  const servers = doc[rootKey]
  if (servers !== undefined && !isTable(servers))
    throw invalid(options, `"${rootKey}" must be a table, found ${describe(servers)}`)
  const current = isTable(servers) ? servers[name] : undefined

  if (current !== undefined) {
    // the entry exists: its transport keys are replaced, keys the user added (env, startup_timeout_sec, …) stay;
    // a godot-bridge that is not a table (a string, a number) is replaced whole, as the JSON merge does
    const updated: Table = isTable(current) ? {...current} : {}
    for (const key of TRANSPORT_KEYS) if (!(key in entry)) delete updated[key]
    Object.assign(updated, entry)
    if (sameJson(updated, current)) return {text: original, action: 'unchanged'}
    const patched = patch(original, withEntry(doc, rootKey, name, updated), formatFor(original))
    return {text: checked(patched, original, updated, options), action: 'updated'}
  }
  // a new entry: its own table at the end of the file; where that is not valid TOML (the servers are one inline
  // table), the library's own placement
  const appended = appendTable(original, rootKey, name, entry)
  if (holds(appended, original, options, entry)) return {text: appended, action: 'added'}
  const patched = patch(original, withEntry(doc, rootKey, name, entry), formatFor(original))
  return {text: checked(patched, original, entry, options), action: 'added'}
}

/** The entry as it is written in a config.toml: one `[root.name]` table. */
export function tomlSnippet(rootKey: string, name: string, entry: ServerEntry, eol = '\n'): string {
  const body = stringify(entry, {newLine: eol, bracketSpacing: false, trailingNewline: 1})
  return `[${tomlKey(rootKey)}.${tomlKey(name)}]${eol}${body}`
}

function appendTable(text: string, rootKey: string, name: string, entry: ServerEntry): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const ended = /(\r\n|\n)$/.test(text) ? text : text + eol
  const spaced = /(\r\n|\n)[ \t]*(\r\n|\n)$/.test(ended) ? ended : ended + eol
  return spaced + tomlSnippet(rootKey, name, entry, eol)
}

/** The file's own style for what the library writes: its line ends, and `[ "a" ]`, `{ a = 1 }` only where its first array or inline table has them. */
function formatFor(text: string): Partial<TomlFormat> {
  const firstContainer = /=[ \t]*[[{]([ \t]?)[^\]}\s]/.exec(text)
  return {
    newLine: text.includes('\r\n') ? '\r\n' : '\n',
    bracketSpacing: firstContainer?.[1] !== undefined && firstContainer[1] !== '',
  }
}

function withEntry(doc: Table, rootKey: string, name: string, entry: Table): Table {
  const servers = isTable(doc[rootKey]) ? (doc[rootKey] as Table) : {}
  return {...doc, [rootKey]: {...servers, [name]: entry}}
}

/** True when `text` parses to the original document with exactly `entry` at root.name. */
function holds(text: string, original: string, options: TomlMergeOptions, entry: Table): boolean {
  let after: Table
  try {
    after = parse(text) as Table
  } catch {
    return false
  }
  const before = parse(original) as Table
  return canonical(after) === canonical(withEntry(before, options.rootKey, options.name, entry))
}

function checked(text: string, original: string, entry: Table, options: TomlMergeOptions): string {
  if (holds(text, original, options, entry)) return text
  throw new BridgeCliError(
    `${options.file}: the "${options.name}" entry cannot be merged without changing other settings; ` +
      `the file was left unchanged. Add this by hand:\n${tomlSnippet(options.rootKey, options.name, entry)}`,
    EXIT.commandFailed,
    'config_unmergeable',
    {file: options.file},
  )
}

/** Key order aside (TOML tables have none that matters), the same document gives the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`
    if (isTable(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, v[k]]),
      )
    return v
  })
}

function parseChecked(text: string, options: TomlMergeOptions): Table {
  try {
    return parse(text) as Table
  } catch (error) {
    const {line, column, message} = error as {line?: number; column?: number; message: string}
    // the library's message is "Error parsing TOML (line, col):", the offending line, a caret, then the problem
    const problem = message.split('\n').at(-1)?.trim() || message
    const where = line === undefined ? '' : `:${line}:${(column ?? 0) + 1}`
    throw new BridgeCliError(
      `${options.file}${where}: not valid TOML (${problem}); fix it by hand, the file was left unchanged`,
      EXIT.commandFailed,
      'invalid_config',
      {file: options.file, line, column: column === undefined ? undefined : column + 1, problem},
    )
  }
}

function invalid(options: TomlMergeOptions, problem: string): BridgeCliError {
  return new BridgeCliError(
    `${options.file}: ${problem}; fix it by hand, the file was left unchanged`,
    EXIT.commandFailed,
    'invalid_config',
    {file: options.file, problem},
  )
}

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value instanceof Date) return 'a date'
  return `a ${typeof value}`
}

/** A bare key when TOML allows one, else a quoted one. */
function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key)
}
