// No test holds a measured duration to an upper bound: on a busy machine (CI ran the suite at load 8–13) such a
// test fails with nothing wrong, so timing belongs to the bench, and "answers at once" is a deadline
// (test/support/deadline.ts) set far above the answer and below the timer a wrong answer would wait out.
import {expect} from 'chai'
import {existsSync, readdirSync} from 'node:fs'
import {join} from 'node:path'

import {REPO_ROOT} from '../support/editor.js'
import {timedAsserts, timedAssertsIn, timedNames} from '../support/timed-asserts.js'

const testDirs = () => [
  'test',
  ...readdirSync(join(REPO_ROOT, 'plugins'))
    .map((pack) => `plugins/${pack}/test`)
    .filter((dir) => existsSync(join(REPO_ROOT, dir))),
]

describe('no wall-clock thresholds in tests', () => {
  it('finds an upper bound on a duration however it was measured', () => {
    const bad = [
      'const t0 = Date.now()\nawait x()\nexpect(Date.now() - t0).to.be.below(1000)',
      'const t0 = performance.now()\nawait x()\nconst took = performance.now() - t0\nexpect(took, "fast").to.be.lessThan(40)',
      'const times: number[] = []\nconst t = performance.now()\ntimes.push(performance.now() - t)\nconst p50 = times[25]\nexpect(p50).to.be.below(40)',
      'expect(out.elapsed_ms).to.be.at.most(500)',
      'expect(out.usec).to.be.below(2000) // a cost measured in the editor',
      'expect(result.wall_ms,\n  "wrapped over lines",\n).to.be.within(0, 900)',
      'const started = Date.now()\nexpect(\n  Date.now() - started,\n).to.be.lessThan(2000)',
    ]
    for (const code of bad) expect(timedAsserts(code), code).to.have.length(1)
  })

  it('leaves lower bounds, counts, deadlines and timeouts alone', () => {
    const fine = [
      'const t0 = Date.now()\nexpect(Date.now() - t0, "not before the budget").to.be.at.least(9000)',
      'expect(nodes.length).to.be.below(10)',
      'expect(out.waited_ms).to.be.at.least(1400)',
      'this.timeout(120_000)',
      'await deadline(call("x"), 5000, "x at once")',
      'expect(second.started).to.be.lessThan(first.ended)',
      'const t0 = Date.now()\nexpect(items).to.have.length.below(3)',
    ]
    for (const code of fine) expect(timedAsserts(code), code).to.deep.equal([])
    expect([...timedNames('const t0 = Date.now()\nconst took = Date.now() - t0\nconst n = 3')]).to.deep.equal([
      't0',
      'took',
    ])
  })

  it('no test file of the repository or its packs compares a measured duration with a number', () => {
    // (this file's own examples are strings the rule must find)
    const found = timedAssertsIn(REPO_ROOT, testDirs()).filter((f) => !f.file.endsWith('no-timed-asserts.test.ts'))
    expect(found.map((f) => `${f.file}:${f.line}  ${f.text}`)).to.deep.equal([])
  })
})
