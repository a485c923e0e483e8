// docs/security.md's tables of what editor.run_script's guard catches are generated from the guard's own
// rule list (scripts/gen-guard-docs.ts), so the doc cannot claim more than the code; the e2e test
// test/e2e/security/run-script-guard.e2e.test.ts runs every example against a real editor.
import {expect} from 'chai'

import {
  loadGuardRules,
  readSecurityDoc,
  renderGuardGaps,
  renderGuardTables,
  withGuardTables,
} from '../../scripts/gen-guard-docs.js'

describe('the guard tables in docs/security.md', () => {
  it('are the ones generated from guard_rules.json, and so is the list of what it does not catch', () => {
    const doc = readSecurityDoc()
    expect(doc, 'run `npx tsx scripts/gen-guard-docs.ts`').to.equal(
      withGuardTables(doc, renderGuardTables(loadGuardRules()), renderGuardGaps(loadGuardRules())),
    )
  })

  it('give every category a refused and an allowed example, and name only known categories', () => {
    const rules = loadGuardRules()
    const categories = Object.keys(rules.categories)
    expect(rules.rows.map((r) => r.category)).to.have.members(categories)
    for (const row of rules.rows) {
      expect(row.refused, row.category).to.not.be.empty
      expect(row.allowed, row.category).to.not.be.empty
    }
    const used = [
      ...Object.values(rules.classes).flatMap((c) => [c.category, ...Object.values(c.deny ?? {})]),
      ...Object.values(rules.methods),
      ...Object.values(rules.literal_args).map((a) => a.category),
    ]
    for (const c of used) expect(categories).to.include(c)
  })
})
