// Puts one server entry into a client's config text and changes nothing else: other servers, unknown keys,
// their order, comments and formatting stay as they were. Edits are text splices located with jsonc-parser.
import {
  applyEdits,
  createScanner,
  type Edit,
  findNodeAtLocation,
  getNodeValue,
  modify,
  type Node,
  parseTree,
  type ParseError,
  ParseErrorCode,
  printParseErrorCode,
  SyntaxKind,
} from 'jsonc-parser'

import {BridgeCliError, EXIT} from '../errors.js'
import type {ConfigFormat, ServerEntry} from './spec.js'

export type MergeAction = 'created' | 'added' | 'updated' | 'unchanged'

export interface MergeOptions {
  /** Named in errors. */
  file: string
  rootKey: string
  name: string
  entry: ServerEntry
  /** What the client accepts: comments and trailing commas only where its parser does. */
  format: Exclude<ConfigFormat, 'toml'>
}

/** Keys that say how to reach a server: replaced or dropped when the entry changes, where `env` and the rest stay. */
export const TRANSPORT_KEYS = ['type', 'command', 'args', 'url', 'serverUrl', 'httpUrl']

interface Style {
  eol: string
  unit: string
}

/** The merged text (undefined text: no file yet) and what happened to the entry. */
export function mergeServer(text: string | undefined, options: MergeOptions): {text: string; action: MergeAction} {
  const {rootKey, name, entry} = options
  const bom = text?.startsWith('\uFEFF') ? '\uFEFF' : ''
  const original = (text ?? '').slice(bom.length)
  if (original.trim() === '') {
    const fresh = JSON.stringify({[rootKey]: {[name]: entry}}, null, 2) + '\n'
    return {text: bom + fresh, action: text === undefined ? 'created' : 'added'}
  }
  const style = detectStyle(original)
  let doc = original
  const tree = () => parseChecked(doc, options)
  const servers = findNodeAtLocation(tree(), [rootKey])
  if (!servers) return {text: bom + addMember(doc, tree(), rootKey, {[name]: entry}, style), action: 'added'}
  if (servers.type !== 'object')
    throw invalid(options, `"${rootKey}" must be an object, found ${servers.type}`, doc, servers.offset)
  const current = findNodeAtLocation(servers, [name])
  if (!current) return {text: bom + addMember(doc, servers, name, entry, style), action: 'added'}
  if (current.type !== 'object') return {text: bom + replaceValue(doc, current, entry, style), action: 'updated'}

  // the entry exists: update it key by key, so keys the user added to it (env, disabled, …) stay
  for (const key of TRANSPORT_KEYS.filter((k) => !(k in entry))) {
    const stale = findNodeAtLocation(tree(), [rootKey, name, key])
    if (stale) doc = removeMember(doc, stale.parent!)
  }
  for (const [key, value] of Object.entries(entry)) {
    const node = findNodeAtLocation(tree(), [rootKey, name, key])
    if (!node) doc = addMember(doc, findNodeAtLocation(tree(), [rootKey, name])!, key, value, style)
    else if (!sameJson(getNodeValue(node), value)) doc = replaceValue(doc, node, value, style)
  }
  return {text: bom + doc, action: doc === original ? 'unchanged' : 'updated'}
}

/** The parse tree of a config whose root is an object; anything else is refused with the file and position. */
function parseChecked(text: string, options: MergeOptions): Node {
  const errors: ParseError[] = []
  const root = parseTree(text, errors, {
    allowTrailingComma: options.format === 'jsonc',
    disallowComments: options.format === 'json',
  })
  if (errors.length > 0) throw invalid(options, problemText(errors[0].error), text, errors[0].offset)
  if (!root || root.type !== 'object') throw invalid(options, 'the top level is not an object', text, root?.offset ?? 0)
  return root
}

const PROBLEMS: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidCommentToken]: 'comments are not allowed in this file',
  [ParseErrorCode.InvalidSymbol]: 'an unexpected character (a missing quote?)',
  [ParseErrorCode.InvalidCharacter]: 'an unexpected character in a string',
  [ParseErrorCode.PropertyNameExpected]: 'a property name is expected here (a trailing comma?)',
  [ParseErrorCode.ValueExpected]: 'a value is expected here (a trailing comma?)',
  [ParseErrorCode.CommaExpected]: 'a comma is missing',
  [ParseErrorCode.ColonExpected]: 'a colon is missing',
  [ParseErrorCode.CloseBraceExpected]: 'a closing } is missing',
  [ParseErrorCode.CloseBracketExpected]: 'a closing ] is missing',
  [ParseErrorCode.EndOfFileExpected]: 'text follows the end of the JSON value',
  [ParseErrorCode.UnexpectedEndOfString]: 'a string is not closed',
}

function problemText(code: ParseErrorCode): string {
  return PROBLEMS[code] ?? printParseErrorCode(code)
}

const FORMAT_NAMES = {json: 'JSON', 'json-comments': 'JSON (comments allowed)', jsonc: 'JSONC'}

function invalid(options: MergeOptions, problem: string, text: string, offset: number): BridgeCliError {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/)
  const line = before.length
  const column = before[before.length - 1].length + 1
  return new BridgeCliError(
    `${options.file}:${line}:${column}: not valid ${FORMAT_NAMES[options.format]} (${problem}); ` +
      'fix it by hand, the file was left unchanged',
    EXIT.commandFailed,
    'invalid_config',
    {file: options.file, line, column, problem},
  )
}

/** Adds `key: value` as the last member of an object, in the file's own indentation and comma style. */
function addMember(text: string, object: Node, key: string, value: unknown, style: Style): string {
  const open = object.offset
  const close = object.offset + object.length - 1
  const members = object.children ?? []
  const member = (indent: string) => `${JSON.stringify(key)}: ${valueText(value, style, indent)}`
  if (sameLine(text, open, close)) {
    // a one-line object is laid out afresh, as an editor would
    return applyEdits(text, modify(text, [...pathOf(object), key], value, {formattingOptions: formatting(style)}))
  }
  if (members.length === 0) {
    const outer = lineIndent(text, open)
    const indent = outer + style.unit
    const inner = text.slice(open + 1, close)
    // an object holding only comments keeps them, after the new member
    const blank = inner.trim() === ''
    const content = `${style.eol}${indent}${member(indent)}${blank ? style.eol + outer : ''}`
    return applyEdits(text, [{offset: open + 1, length: blank ? inner.length : 0, content}])
  }
  const last = members[members.length - 1]
  const indent = lineIndent(text, last.offset)
  const lastEnd = last.offset + last.length
  const comma = nextToken(text, lastEnd)
  const edits: Edit[] = []
  let at: number
  let content: string
  if (comma.kind === SyntaxKind.CommaToken) {
    // a trailing comma (JSONC) stays trailing: the new member goes after it, and after a comment on its line
    at = endOfLineAfter(text, comma.offset + 1)
    content = `${style.eol}${indent}${member(indent)},`
  } else {
    at = endOfLineAfter(text, lastEnd)
    content = `${style.eol}${indent}${member(indent)}`
    if (at === lastEnd) content = `,${content}`
    else edits.push({offset: lastEnd, length: 0, content: ','})
  }
  edits.push({offset: at, length: 0, content})
  return applyEdits(text, edits)
}

/** Removes a member with its line (when it has one to itself) and the comma that separated it. */
function removeMember(text: string, member: Node): string {
  const siblings = member.parent!.children!
  const index = siblings.indexOf(member)
  const end = member.offset + member.length
  const next = nextToken(text, end)
  const edits: Edit[] = []
  let to: number
  if (next.kind === SyntaxKind.CommaToken) to = endOfLineAfter(text, next.offset + 1)
  else {
    to = endOfLineAfter(text, end)
    const previous = siblings[index - 1]
    const comma = previous ? nextToken(text, previous.offset + previous.length) : undefined
    if (comma?.kind === SyntaxKind.CommaToken) edits.push({offset: comma.offset, length: 1, content: ''})
  }
  const lineBreak = /^(\r\n|\r|\n)/.exec(text.slice(to))?.[0]
  const ownLine = lineBreak !== undefined && /^[ \t]*$/.test(text.slice(lineStart(text, member.offset), member.offset))
  const from = ownLine ? lineStart(text, member.offset) : member.offset
  if (ownLine) to += lineBreak.length
  else to += /^[ \t]*/.exec(text.slice(to))![0].length
  edits.push({offset: from, length: to - from, content: ''})
  return applyEdits(text, edits)
}

function replaceValue(text: string, node: Node, value: unknown, style: Style): string {
  const indent = lineIndent(text, node.parent?.offset ?? node.offset)
  return applyEdits(text, [{offset: node.offset, length: node.length, content: valueText(value, style, indent)}])
}

function pathOf(node: Node): string[] {
  const path: string[] = []
  for (let n: Node | undefined = node; n?.parent; n = n.parent.parent) path.unshift(String(n.parent.children![0].value))
  return path
}

function valueText(value: unknown, style: Style, indent: string): string {
  return JSON.stringify(value, null, style.unit).replaceAll('\n', style.eol + indent)
}

function detectStyle(text: string): Style {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const indented = /^([ \t]+)["}\]]/m.exec(text)?.[1]
  const unit = !indented ? '  ' : indented.startsWith('\t') ? '\t' : ' '.repeat(Math.min(indented.length, 8))
  return {eol, unit}
}

function formatting(style: Style) {
  return {insertSpaces: style.unit !== '\t', tabSize: style.unit === '\t' ? 4 : style.unit.length, eol: style.eol}
}

function lineStart(text: string, offset: number): number {
  return Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset)))![0]
}

function sameLine(text: string, a: number, b: number): boolean {
  return !/[\r\n]/.test(text.slice(a, b))
}

/** Past a line's rest when it is only blanks and a // comment, so that comment stays with its member. */
function endOfLineAfter(text: string, offset: number): number {
  const rest = /^[ \t]*(\/\/[^\r\n]*)?(?=\r|\n|$)/.exec(text.slice(offset))
  return rest ? offset + rest[0].length : offset
}

function nextToken(text: string, offset: number): {kind: SyntaxKind; offset: number} {
  const scanner = createScanner(text, true)
  scanner.setPosition(offset)
  let kind = scanner.scan()
  while (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) kind = scanner.scan()
  return {kind, offset: scanner.getTokenOffset()}
}

export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    const ra = a as Record<string, unknown>
    const rb = b as Record<string, unknown>
    return ka.length === kb.length && ka.every((k) => k in rb && sameJson(ra[k], rb[k]))
  }
  return a === b
}
