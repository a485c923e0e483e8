// Prints a command's result: readable on a terminal (tables for lists of records), JSON when asked
// (--json) or when stdout is not a terminal. NO_COLOR is honoured.

export function wantsJson(jsonFlag: boolean | undefined): boolean {
  return Boolean(jsonFlag) || !process.stdout.isTTY
}

export function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR
}

const bold = (s: string) => (useColor() ? `\u001B[1m${s}\u001B[22m` : s)

export function formatHuman(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return `${indent}(nothing)`
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}(none)`
    if (value.every((v) => isRecord(v))) return table(value as Record<string, unknown>[], indent)
    return value.map((v) => `${indent}- ${scalar(v)}`).join('\n')
  }
  if (isRecord(value)) {
    const width = Math.max(...Object.keys(value).map((k) => k.length), 0)
    return Object.entries(value)
      .map(([k, v]) => {
        if (Array.isArray(v) && v.length > 0 && !v.every((x) => !isRecord(x) && !Array.isArray(x)))
          return `${indent}${bold(k)}:\n${formatHuman(v, indent + '  ')}`
        if (isRecord(v) && Object.keys(v).length > 0) return `${indent}${bold(k)}:\n${formatHuman(v, indent + '  ')}`
        return `${indent}${bold(k.padEnd(width))}  ${scalar(v)}`
      })
      .join('\n')
  }
  return indent + scalar(value)
}

function table(rows: Record<string, unknown>[], indent: string): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) =>
    rows.every((r) => !isRecord(r[c]) || Object.keys(r[c] as object).length === 0),
  )
  const cells = rows.map((r) => columns.map((c) => truncate(scalar(r[c]), 60)))
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)))
  const line = (values: string[]) =>
    indent +
    values
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd()
  return [bold(line(columns)), ...cells.map(line)].join('\n')
}

function scalar(v: unknown): string {
  if (v === undefined) return ''
  if (typeof v === 'string') return v
  return JSON.stringify(v)
}

function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + '…' : s
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
