// The bench's figures and its printed tables: every figure is a {name, value, unit} entry of
// bench/results/latest.json; latency() times one call shape and returns a table row (mean, p50, p95, p99).
export interface Figure {
  name: string
  value: number
  unit: string
}

export const figures: Figure[] = []

/** Set while the busy-neighbour figures are taken (bench/load.ts): names get it appended, targets become figures. */
let loadedSuffix = ''

export function figure(name: string, value: number, unit: string): void {
  figures.push({name: name + loadedSuffix, value: Math.round(value * 100) / 100, unit})
}

/** Runs `fn` with every figure it records named `<name>_at_load_<n>` and no target checked (a report, not a gate). */
export async function asLoaded<T>(load: number, fn: () => Promise<T>): Promise<T> {
  loadedSuffix = `_at_load_${load}`
  try {
    return await fn()
  } finally {
    loadedSuffix = ''
  }
}

/** Each figure taken both quiet and loaded, side by side: the ratios to their floors are the ones to compare. */
export function printQuietAndLoaded(load: number): void {
  const suffix = `_at_load_${load}`
  const rows = figures
    .filter((f) => f.name.endsWith(suffix))
    .map((loaded) => {
      const name = loaded.name.slice(0, -suffix.length)
      const quiet = figures.find((f) => f.name === name)
      return [name, quiet ? `${quiet.value} ${quiet.unit}` : '-', `${loaded.value} ${loaded.unit}`]
    })
  if (rows.length === 0) return
  console.log(
    `\n## quiet and at load ${load} (busy neighbours; a ratio to a floor that grows is bridge's own slowdown)\n`,
  )
  console.log(table(['figure', 'quiet', `load ${load}`], rows))
}

/**
 * A figure the issue sets a target for, printed at the end beside its floor: what the same job costs with
 * nothing of bridge's in the way (`node -e 0`, a plain editor, real time) or what the reference system costs.
 */
export interface Target {
  figure: string
  value: number
  unit: string
  /** at most this (a ceiling), or else at least `atLeast` (a throughput) */
  atMost?: number
  atLeast?: number
  floor: string
}

export const targets: Target[] = []

export function target(name: string, value: number, unit: string, atMost: number, floor: string): void {
  figure(name, value, unit)
  if (loadedSuffix) return
  targets.push({figure: name, value: Math.round(value * 100) / 100, unit, atMost, floor})
}

/** A figure whose target is a floor (more is better: calls per second). */
export function targetAtLeast(name: string, value: number, unit: string, atLeast: number, floor: string): void {
  figure(name, value, unit)
  if (loadedSuffix) return
  targets.push({figure: name, value: Math.round(value * 100) / 100, unit, atLeast, floor})
}

/** The closing table: every targeted figure, its target, its floor, and whether this run met it. */
export function printTargets(): void {
  const rows = targets.map((t) => [
    t.figure,
    `${t.value} ${t.unit}`,
    t.atMost === undefined ? `≥ ${t.atLeast} ${t.unit}` : `≤ ${t.atMost} ${t.unit}`,
    t.floor,
    t.value <= (t.atMost ?? Infinity) && t.value >= (t.atLeast ?? -Infinity) ? 'met' : 'MISSED',
  ])
  console.log('\n## targets (this run)\n')
  console.log(table(['figure', 'value', 'target', 'floor', ''], rows))
}

/** `rounds` calls of `fn` one after another, after 10 warm-up calls: [label, mean, p50, p95, p99] in ms. */
export async function latency(label: string, fn: () => Promise<unknown>, rounds: number): Promise<string[]> {
  for (let i = 0; i < 10; i++) await fn() // warm up
  const samples: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    await fn()
    samples.push(performance.now() - t)
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length
  return [label, mean, at(0.5), at(0.95), at(0.99)].map((v) => (typeof v === 'number' ? v.toFixed(2) : v))
}

export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)))
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n')
}

/** The median of a few samples (the upper one of an even count). */
export function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A progress line on stderr (stdout holds the report). */
export function note(text: string): void {
  process.stderr.write(`bench: ${text}\n`)
}
