// Prints a command's result: readable on a terminal (an indented tree for node trees, tables for lists of
// records, blocks for multi-line text), JSON when asked (--json) or when stdout is not a terminal. Nothing
// is cut silently: a long cell is shortened with a note that --json prints it whole. Floats the engine
// stored in single precision print in their shortest form (0.2, not 0.200000002980232). NO_COLOR is honoured.

export function wantsJson(jsonFlag: boolean | undefined): boolean {
  return Boolean(jsonFlag) || !process.stdout.isTTY
}

export function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR
}

const bold = (s: string) => (useColor() ? `\u001B[1m${s}\u001B[22m` : s)

/** Widest a table cell gets before it is shortened (with a note). */
const CELL_MAX = 80

export function formatHuman(value: unknown): string {
  const state = {shortened: false}
  const text = render(shortFloats(value), '', state)
  return state.shortened ? `${text}\n(some values are shortened with …; --json prints them whole)` : text
}

interface State {
  shortened: boolean
}

function render(value: unknown, indent: string, state: State): string {
  if (value === null || value === undefined) return `${indent}(nothing)`
  if (isTree(value)) return tree(value, indent)
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}(none)`
    if (value.every((v) => isRecord(v))) return table(value as Record<string, unknown>[], indent, state)
    return value.map((v) => `${indent}- ${scalar(v)}`).join('\n')
  }
  if (isRecord(value)) {
    const width = Math.max(...Object.keys(value).map((k) => k.length), 0)
    return Object.entries(value)
      .map(([k, v]) => {
        if (isTree(v)) return `${indent}${bold(k)}:\n${tree(v, indent + '  ')}`
        if (Array.isArray(v) && v.length > 0 && !v.every((x) => !isRecord(x) && !Array.isArray(x)))
          return `${indent}${bold(k)}:\n${render(v, indent + '  ', state)}`
        if (isRecord(v) && Object.keys(v).length > 0) return `${indent}${bold(k)}:\n${render(v, indent + '  ', state)}`
        if (typeof v === 'string' && v.includes('\n')) return `${indent}${bold(k)}:\n${block(v, indent + '  ')}`
        return `${indent}${bold(k.padEnd(width))}  ${scalar(v)}`
      })
      .join('\n')
  }
  if (typeof value === 'string' && value.includes('\n')) return block(value, indent)
  return indent + scalar(value)
}

/** Multi-line text as it is, every line indented (code keeps its own indentation). */
function block(text: string, indent: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? indent + line : ''))
    .join('\n')
}

type TreeNode = Record<string, unknown> & {name: string; children: TreeNode[]}

/** A node tree: {name, type?, children: [same]} (scene tree, runtime tree). */
function isTree(v: unknown): v is TreeNode {
  return isRecord(v) && typeof v.name === 'string' && Array.isArray(v.children) && v.children.every((c) => isTree(c))
}

function tree(node: TreeNode, indent: string, prefix = '', last = true, top = true): string {
  const extras: string[] = []
  if (node.type) extras.push(String(node.type))
  if (node.script) extras.push(`script ${node.script}`)
  if (node.scene) extras.push(`scene ${node.scene}`)
  if (Array.isArray(node.groups) && node.groups.length > 0) extras.push(`groups ${node.groups.join(', ')}`)
  const more = typeof node.more_children === 'number' ? ` (+${node.more_children} children; raise --max-depth)` : ''
  const branch = top ? '' : last ? '└─ ' : '├─ '
  const line = `${indent}${prefix}${branch}${bold(node.name)}${extras.length ? ` (${extras.join('; ')})` : ''}${more}`
  const childPrefix = top ? '' : prefix + (last ? '   ' : '│  ')
  return [
    line,
    ...node.children.map((c, i) => tree(c, indent, childPrefix, i === node.children.length - 1, false)),
  ].join('\n')
}

function table(rows: Record<string, unknown>[], indent: string, state: State): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))]
  // multi-line text does not fit a table: one block per record instead
  if (rows.some((r) => columns.some((c) => typeof r[c] === 'string' && (r[c] as string).includes('\n'))))
    return rows.map((r) => render(r, indent, state)).join(`\n${indent}\n`)
  const cells = rows.map((r) => columns.map((c) => cell(r[c], state)))
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)))
  const line = (values: string[]) =>
    indent +
    values
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd()
  return [bold(line(columns)), ...cells.map(line)].join('\n')
}

function cell(v: unknown, state: State): string {
  const s = scalar(v)
  if (s.length <= CELL_MAX) return s
  state.shortened = true
  return s.slice(0, CELL_MAX - 1) + '…'
}

function scalar(v: unknown): string {
  if (v === undefined) return ''
  if (typeof v === 'string') return v
  return JSON.stringify(v)
}

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
