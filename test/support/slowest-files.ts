// Mocha root hooks (.mocharc.json `require`): at the end of a run, the ten test files that took longest, with
// their editor starts (a file's time runs from the previous file's last test to its own last, so its before()
// hooks count). The suite must fit CI's 90 minutes on a busy machine: this says where the minutes go.
import {relative} from 'node:path'

import type {Context} from 'mocha'

const spans = new Map<string, number>()
let last = Date.now()
let lastFile = ''

export const mochaHooks = {
  afterEach(this: Context) {
    const file = this.currentTest?.file
    if (!file) return
    const now = Date.now()
    spans.set(file, (spans.get(file) ?? 0) + (now - last))
    last = now
    lastFile = file
  },
  afterAll() {
    if (spans.size < 5 || !lastFile) return // a single file or a few: nothing to rank
    const top = [...spans].sort((a, b) => b[1] - a[1]).slice(0, 10)
    const lines = top.map(
      ([file, ms]) => `    ${(ms / 1000).toFixed(1).padStart(7)} s  ${relative(process.cwd(), file)}`,
    )
    console.log(`\n  slowest test files (of ${spans.size}):\n${lines.join('\n')}`)
  },
}
