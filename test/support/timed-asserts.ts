// Finds tests that hold a measured duration to an upper bound (a clock difference expected to stay under a
// number): on a busy machine such a test fails though nothing is wrong, so timing belongs to the bench
// (npm run bench), where a target is a ratio to a floor measured in the same run. Timeouts (`this.timeout`,
// a call's deadline) are not assertions and stay. test/unit/no-timed-asserts.test.ts runs this over every test file.
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'

/** A clock read in a test's own process. */
const CLOCK = /\b(?:performance\.now|Date\.now|process\.hrtime(?:\.bigint)?)\s*\(|\bnew Date\(\)\.getTime\(\)/
/** A duration named as such, however it was measured (the editor's `elapsed_ms`, a `took` of the harness). */
const DURATION_NAME =
  /(?:^|[.\s(])(?:\w*_(?:ms|usec|us|seconds|secs)|\w*(?:Ms|Usec|Seconds)|ms|usec|seconds|elapsed\w*|took|duration\w*|wall\w*|latenc\w*)\b/
/** An upper bound: what a slow machine breaks. */
const UPPER = /\.to(?:\.not)?(?:\.be)?\.(?:below|lessThan|lt|at\.most|most|lte|within)\s*\(/

export interface TimedAssert {
  file: string
  line: number
  text: string
}

/** Names assigned, directly or through others, from a clock read in this text (t0, took, times, p50, …). */
export function timedNames(text: string): Set<string> {
  const names = new Set<string>()
  const assignments: [string, string][] = []
  for (const m of text.matchAll(/\b(?:const|let|var)\s+(\w+)(?:\s*:\s*[^=\n]+)?\s*=\s*([^\n]+)/g))
    assignments.push([m[1], m[2]])
  for (const m of text.matchAll(/^\s*(\w+)\s*[-+]?=\s*([^=\n][^\n]*)/gm)) assignments.push([m[1], m[2]])
  for (const m of text.matchAll(/\b(\w+)\.push\(([^\n]+)\)/g)) assignments.push([m[1], m[2]])
  let grew = true
  while (grew) {
    grew = false
    for (const [name, value] of assignments) {
      if (names.has(name)) continue
      const fromClock = CLOCK.test(value) || [...names].some((n) => new RegExp(`\\b${n}\\b`).test(value))
      if (fromClock) {
        names.add(name)
        grew = true
      }
    }
  }
  return names
}

/** The text of one `expect(subject).to…matcher(args)` chain starting at `at`: [subject, chain], or null. */
function expectAt(text: string, at: number): [string, string] | null {
  const open = text.indexOf('(', at)
  let depth = 0
  let subjectEnd = -1
  let i = open
  for (; i < text.length; i++) {
    const ch = text[i]
    if (ch === '(') depth++
    else if (ch === ')' && --depth === 0) {
      if (subjectEnd < 0) subjectEnd = i
      // the chain goes on while a `.name` follows the closing parenthesis
      if (!/^\s*\./.test(text.slice(i + 1, i + 40))) break
    }
  }
  return subjectEnd < 0 ? null : [text.slice(open + 1, subjectEnd), text.slice(subjectEnd + 1, i + 1)]
}

/** Every expect of a duration with an upper-bound matcher in one test file's text. */
export function timedAsserts(text: string, file = ''): TimedAssert[] {
  const names = timedNames(text)
  const out: TimedAssert[] = []
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)]
  for (const m of text.matchAll(/\bexpect\(/g)) {
    const found = expectAt(text, m.index)
    if (!found) continue
    const [whole, chain] = found
    if (!UPPER.test(chain)) continue
    const subject = whole.split(',')[0]
    const timed = [...names].some((n) => new RegExp(`\\b${n}\\b`).test(subject)) || DURATION_NAME.test(subject)
    if (!timed) continue
    let line = 0
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= m.index) line++
    out.push({file, line: line + 1, text: text.slice(lineStarts[line], text.indexOf('\n', m.index)).trim()})
  }
  return out
}

/** Every test source under these folders. */
export function testFiles(dirs: string[]): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (name === 'node_modules' || name === 'fixtures') continue
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.test\.ts$/.test(name)) out.push(path)
    }
  }
  for (const dir of dirs) walk(dir)
  return out
}

/** The rule over a tree: every timed assertion of every test file, paths relative to `root`. */
export function timedAssertsIn(root: string, dirs: string[]): TimedAssert[] {
  return testFiles(dirs.map((d) => join(root, d))).flatMap((f) =>
    timedAsserts(readFileSync(f, 'utf8'), relative(root, f)),
  )
}
