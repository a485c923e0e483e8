// Mocha root hooks (.mocharc.json `require`): at the end of a run, the ten test files that took longest, with
// their editor starts (a file's time runs from its first hook or test to its last test, so its before() hooks
// count). The suite must fit CI's 90 minutes on a busy machine: this says where the minutes go.
// The suite runs in parallel workers (scripts/test.sh), so each worker writes its files' spans into one folder
// that the run's global teardown, in the main process, reads and ranks; a serial run goes the same way.
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'

import type {Context} from 'mocha'

const SPANS_DIR = 'BRIDGE_TEST_SPANS_DIR'
const spans = new Map<string, number>()
let last = Date.now()

export function mochaGlobalSetup(): void {
  process.env[SPANS_DIR] = mkdtempSync(join(tmpdir(), 'bridge-spans-')) // workers inherit it
}

export function mochaGlobalTeardown(): void {
  const dir = process.env[SPANS_DIR]
  if (!dir) return
  const all = new Map<string, number>()
  for (const name of readdirSync(dir))
    for (const [file, ms] of Object.entries(
      JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, number>,
    ))
      all.set(file, (all.get(file) ?? 0) + ms)
  rmSync(dir, {recursive: true, force: true})
  if (all.size < 5) return // a single file or a few: nothing to rank
  const top = [...all].sort((a, b) => b[1] - a[1]).slice(0, 10)
  const lines = top.map(([file, ms]) => `    ${(ms / 1000).toFixed(1).padStart(7)} s  ${relative(process.cwd(), file)}`)
  console.log(`\n  slowest test files (of ${all.size}):\n${lines.join('\n')}`)
}

export const mochaHooks = {
  // in a worker every file is a run of its own: its clock starts with it, not with the worker's previous file
  beforeAll() {
    last = Date.now()
  },
  afterEach(this: Context) {
    const file = this.currentTest?.file
    if (!file) return
    const now = Date.now()
    spans.set(file, (spans.get(file) ?? 0) + (now - last))
    last = now
  },
  afterAll() {
    const dir = process.env[SPANS_DIR]
    if (!dir || spans.size === 0) return
    mkdirSync(dir, {recursive: true})
    writeFileSync(join(dir, `${process.pid}-${Date.now()}.json`), JSON.stringify(Object.fromEntries(spans)))
    spans.clear()
  },
}
