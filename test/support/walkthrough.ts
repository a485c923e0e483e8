// The README's walk-throughs (a 2D platformer, a 3D playtest) as tool lists, for the tests that hold every
// client's defaults to them (test/unit/mcp/walkthroughs.test.ts, test/e2e/mcp/toolset-changes.e2e.test.ts).
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8')

/** The tools of the README block after `<!-- walkthrough: name -->`: the first word of each line. */
export function walkthrough(name: string): string[] {
  const block = new RegExp(`<!-- walkthrough: ${name} -->\\n\`\`\`text\\n([\\s\\S]*?)\`\`\``).exec(README)
  expect(block, `README has the ${name} walk-through`).to.not.equal(null)
  return block![1]
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.split(/\s+/)[0])
}
