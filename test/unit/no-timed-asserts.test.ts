// No test holds a measured duration to an upper bound: on a busy machine (CI ran the suite at load 8–13) such a
// test fails with nothing wrong, so timing belongs to the bench, and "answers at once" is a deadline
// (test/support/deadline.ts) set far above the answer and below the timer a wrong answer would wait out.
import {expect} from 'chai'
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {REPO_ROOT} from '../support/editor.js'
import {timedAsserts, timedAssertsIn, timedNames} from '../support/timed-asserts.js'

const testDirs = () => [
  'test',
  ...readdirSync(join(REPO_ROOT, 'plugins'))
    .map((pack) => `plugins/${pack}/test`)
    .filter((dir) => existsSync(join(REPO_ROOT, dir))),
]

/** The examples of a fixture file (test/fixtures/timed-asserts/, which the rule's own scan skips), one a block. */
const examples = (file: string): string[] =>
  readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'timed-asserts', file), 'utf8')
    .replace(/^#.*\n/, '')
    .split(/\n---\n/)
    .map((block) => block.replace(/\n$/, ''))

describe('no wall-clock thresholds in tests', () => {
  it('finds an upper bound on a duration however it was measured', () => {
    const bad = examples('flagged.txt')
    expect(bad).to.have.length(7)
    for (const code of bad) expect(timedAsserts(code), code).to.have.length(1)
  })

  it('leaves lower bounds, counts, deadlines and timeouts alone', () => {
    const fine = examples('left-alone.txt')
    expect(fine).to.have.length(7)
    for (const code of fine) expect(timedAsserts(code), code).to.deep.equal([])
    expect([...timedNames('const t0 = Date.now()\nconst took = Date.now() - t0\nconst n = 3')]).to.deep.equal([
      't0',
      'took',
    ])
  })

  it('no test file of the repository or its packs compares a measured duration with a number', () => {
    const found = timedAssertsIn(REPO_ROOT, testDirs())
    expect(found.map((f) => `${f.file}:${f.line}  ${f.text}`)).to.deep.equal([])
  })
})
