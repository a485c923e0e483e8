// docs/bench-reference.json: the reference runs the docs quote, a quiet one and a loaded one side by side
// ({runs: {quiet, loaded}}, each a whole bench/results/latest.json). `BENCH_REFERENCE=quiet npm run bench` (or
// `loaded`) writes this run into its slot and keeps the other; without it the file is left alone. A loaded run
// is the whole bench on a machine kept busy (docs/performance.md, "Under load": scripts/busy-neighbour.ts or
// the bench's own BENCH_LOAD spinners); the load average it saw is in its machine.load_avg_1m.
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {REPO_ROOT} from '../test/support/editor.js'

export const REFERENCE_FILE = join(REPO_ROOT, 'docs', 'bench-reference.json')
const KINDS = ['quiet', 'loaded'] as const
type Kind = (typeof KINDS)[number]

/** The kind BENCH_REFERENCE names, undefined when unset; a clear error for any other value. */
export function referenceKind(value = process.env.BENCH_REFERENCE): Kind | undefined {
  if (value === undefined || value === '') return undefined
  if (!(KINDS as readonly string[]).includes(value))
    throw new Error(`BENCH_REFERENCE must be quiet or loaded (the slot in docs/bench-reference.json), got '${value}'`)
  return value as Kind
}

/** The file's runs; a file of the older shape (one run at the top) is its quiet run. */
export function readReference(text: string): Partial<Record<Kind, unknown>> {
  const json = JSON.parse(text) as {runs?: Partial<Record<Kind, unknown>>}
  return json.runs ?? {quiet: json}
}

/** Writes `report` into its slot of docs/bench-reference.json, keeping the other kind's run. */
export function writeReference(kind: Kind, report: unknown, file = REFERENCE_FILE): void {
  const runs = existsSync(file) ? readReference(readFileSync(file, 'utf8')) : {}
  runs[kind] = report
  const about =
    'Reference runs of npm run bench (bench/reference.ts): quiet and at load ~8, side by side; docs/performance.md says how each was made.'
  writeFileSync(file, JSON.stringify({about, runs: {quiet: runs.quiet, loaded: runs.loaded}}, null, 2) + '\n')
}
