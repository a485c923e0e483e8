// Prints a command's result: readable on a terminal, JSON when asked (--json) or when stdout is not a terminal
// (the JSON is the result itself, unchanged: indented on a terminal, one compact line for a program, which pays
// for every byte and line it reads). Readable means: node trees as indented trees, lists of records as
// tables, lists of names one per line when they do not fit on one, a record's plain fields first and its lists and
// sub-records after them as titled sections, multi-line text as blocks. Everything fits the terminal's width by
// wrapping at spaces, never by cutting: every value is printed whole (a word wider than the terminal keeps its own
// line). Floats the engine stored in single precision print in their shortest form (0.2, not 0.200000002980232).
// NO_COLOR is honoured.
import {wrap} from './wrap.js'

export function wantsJson(jsonFlag: boolean | undefined): boolean {
  return Boolean(jsonFlag) || !process.stdout.isTTY
}

/** A result as JSON: indented for a person at a terminal, compact (one line) for a program reading stdout. */
export function formatJson(value: unknown): string {
  return process.stdout.isTTY ? JSON.stringify(value, null, 2) : JSON.stringify(value)
}

export function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR
}

const bold = (s: string) => (useColor() ? `\u001B[1m${s}\u001B[22m` : s)

/** The terminal's width (COLUMNS when set, 80 off a terminal). */
export function terminalWidth(): number {
  const fromEnv = Number(process.env.COLUMNS)
  return process.stdout.columns || (Number.isInteger(fromEnv) && fromEnv > 20 ? fromEnv : 80)
}

export function formatHuman(value: unknown, width = terminalWidth()): string {
  return render(shortFloats(value), '', width)
}

function render(value: unknown, indent: string, width: number): string {
  if (value === null || value === undefined) return `${indent}(nothing)`
  if (isTree(value)) return tree(value, indent, width)
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}(none)`
    if (value.every((v) => isRecord(v))) return table(value as Record<string, unknown>[], indent, width)
    return value.map((v) => hanging(`${indent}- `, scalar(v), width)).join('\n')
  }
  if (isRecord(value)) return record(value, indent, width)
  if (typeof value === 'string' && value.includes('\n')) return block(value, indent)
  return hanging(indent, scalar(value), width)
}

/** Plain fields first, as `key  value` lines; then each list or sub-record as a titled section. */
function record(value: Record<string, unknown>, indent: string, width: number): string {
  const entries = Object.entries(value)
  const plain = entries.filter(([, v]) => !isSection(v))
  const keyWidth = Math.max(...plain.map(([k]) => k.length), 0)
  const lines = plain.map(([k, v]) => {
    const inline = inlineList(v)
    return hanging(`${indent}${bold(k.padEnd(keyWidth))}  `, inline ?? scalar(v), width, indent.length + keyWidth + 2)
  })
  for (const [k, v] of entries.filter(([, e]) => isSection(e))) {
    const count = Array.isArray(v) ? ` (${v.length})` : ''
    if (typeof v === 'string') lines.push(`${indent}${bold(k)}:\n${block(v, indent + '  ')}`)
    else if (isTree(v)) lines.push(`${indent}${bold(k)}:\n${tree(v, indent + '  ', width)}`)
    else lines.push(`${indent}${bold(k)}${count}:\n${render(v, indent + '  ', width)}`)
  }
  return lines.join('\n')
}

/** What gets a section of its own: multi-line text, a sub-record, a list of records, or a list too long for a line. */
function isSection(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\n')
  if (isRecord(v)) return Object.keys(v).length > 0
  if (!Array.isArray(v) || v.length === 0) return false
  return inlineList(v) === undefined
}

/** A short list of scalars on one line: numbers as JSON (a vector), names joined by commas. */
function inlineList(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined
  if (v.length === 0) return '(none)'
  if (v.every((x) => typeof x === 'number' || typeof x === 'boolean' || x === null)) return JSON.stringify(v)
  if (!v.every((x) => typeof x === 'string' && !x.includes('\n'))) return undefined
  const joined = (v as string[]).join(', ')
  return joined.length <= 60 && !(v as string[]).some((s) => s.includes(', ')) ? joined : undefined
}

/** `first` then `text` wrapped to `width`, continuation lines indented to `under` columns (default: first's). */
function hanging(first: string, text: string, width: number, under = visible(first).length): string {
  const lines = wrap(text, Math.max(width - under, 20))
  return lines.map((l, i) => (i === 0 ? first + l : ' '.repeat(under) + l)).join('\n')
}

/** Multi-line text as it is, every line indented (code keeps its own indentation). */
function block(text: string, indent: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? indent + line : ''))
    .join('\n')
}

type TreeNode = Record<string, unknown> & {name: string; children?: TreeNode[]}

/** A node tree: {name, type?, children: [same]} (scene tree, runtime tree; a leaf may omit children). */
function isTree(v: unknown): v is TreeNode {
  return isRecord(v) && typeof v.name === 'string' && Array.isArray(v.children) && v.children.every((c) => isNode(c))
}

function isNode(v: unknown): boolean {
  if (!isRecord(v) || typeof v.name !== 'string') return false
  return v.children === undefined || (Array.isArray(v.children) && v.children.every((c) => isNode(c)))
}

function tree(node: TreeNode, indent: string, width: number, prefix = '', last = true, top = true): string {
  const extras: string[] = []
  if (node.type) extras.push(String(node.type))
  if (node.script) extras.push(`script ${node.script}`)
  if (node.scene) extras.push(`scene ${node.scene}`)
  if (Array.isArray(node.groups) && node.groups.length > 0) extras.push(`groups ${node.groups.join(', ')}`)
  if (node.visible === false) extras.push('hidden')
  const more = typeof node.more_children === 'number' ? `+${node.more_children} children; raise --max-depth` : ''
  const branch = top ? '' : last ? '└─ ' : '├─ '
  const children = node.children ?? []
  const childPrefix = top ? '' : prefix + (last ? '   ' : '│  ')
  const lead = `${indent}${prefix}${branch}`
  const detail = [...extras, ...(more ? [more] : [])]
  let text = `${lead}${bold(node.name)}${detail.length > 0 ? ` (${detail.join('; ')})` : ''}`
  if (visible(text).length > width && detail.length > 0) {
    // too wide: the details go under the name, one per line, inside the tree's own guides
    const under = `${indent}${childPrefix}${children.length > 0 ? '│' : ' '} `
    text = [`${lead}${bold(node.name)}`, ...detail.map((d) => under + d)].join('\n')
  }
  return [text, ...children.map((c, i) => tree(c, indent, width, childPrefix, i === children.length - 1, false))].join(
    '\n',
  )
}

function table(rows: Record<string, unknown>[], indent: string, width: number): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const cells = rows.map((r) => columns.map((c) => scalar(r[c])))
  // multi-line text does not fit a table: one block per record instead
  if (cells.some((row) => row.some((c) => c.includes('\n'))))
    return rows.map((r) => render(r, indent, width)).join(`\n${indent}\n`)
  const widths = fitColumns(
    columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length))),
    columns.map((c, i) => Math.max(c.length, ...cells.map((row) => longestWord(row[i])))),
    width - indent.length,
  )
  const line = (values: string[]) => {
    const wrapped = values.map((v, i) => wrap(v, widths[i], true))
    const height = Math.max(...wrapped.map((w) => w.length))
    return Array.from({length: height}, (_, n) =>
      (indent + wrapped.map((w, i) => (w[n] ?? '').padEnd(widths[i])).join('  ')).trimEnd(),
    ).join('\n')
  }
  return [bold(line(columns)), ...cells.map(line)].join('\n')
}

/**
 * Column widths that fit `room` when they can: the widest columns give way first, never below their longest word
 * (so wrapping breaks at spaces); when that is not enough, long words (JSON, paths) are broken down to 30, then 12.
 */
function fitColumns(natural: number[], words: number[], room: number): number[] {
  const widths = [...natural]
  const total = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1)
  for (const floor of [words, words.map((w) => Math.min(w, 30)), words.map((w) => Math.min(w, 12))]) {
    while (total() > room) {
      let widest = -1
      for (let i = 0; i < widths.length; i++)
        if (widths[i] > Math.min(floor[i], natural[i]) && (widest === -1 || widths[i] > widths[widest])) widest = i
      if (widest === -1) break
      widths[widest]--
    }
  }
  return widths
}

function longestWord(text: string): number {
  return Math.max(0, ...text.split(' ').map((w) => w.length))
}

function scalar(v: unknown): string {
  if (v === undefined) return ''
  if (typeof v === 'string') return v
  return JSON.stringify(v)
}

// eslint-disable-next-line no-control-regex
const visible = (s: string) => s.replaceAll(/\u001B\[\d+m/g, '')

/**
 * `value` with every number that is a single-precision float written by the engine (0.200000002980232)
 * replaced by the shortest number that reads back as the same float (0.2); other numbers are kept.
 */
export function shortFloats(value: unknown): unknown {
  if (typeof value === 'number') return shortFloat(value)
  if (Array.isArray(value)) return value.map((v) => shortFloats(v))
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortFloats(v)]))
  return value
}

export function shortFloat(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return n
  const single = Math.fround(n)
  if (Math.abs(single - n) > Math.abs(n) * 1e-13) return n // a double the engine meant: keep it
  for (let digits = 1; digits <= 9; digits++) {
    const short = Number(n.toPrecision(digits))
    if (Math.fround(short) === single) return short
  }
  return n
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
