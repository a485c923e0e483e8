// Verdict commands exit like test runners: a command whose answer is a pass/fail verdict declares which boolean of
// its result that is (`verdict` beside its method in the addon), and the CLI exits 1 when it is false — one-shot,
// `bridge run <method>` and each line of `bridge run -`. The sweep finds every result with a verdict-shaped boolean
// and fails on one that is not declared, so a new verdict command cannot exit 0 on a fail.
import {expect} from 'chai'

import {loadCatalog, verdictFailed} from '../../src/catalog/catalog.js'

/** Top-level booleans that are a pass/fail verdict wherever they stand in a result. */
const VERDICT_NAMES = ['ok', 'passed', 'pass', 'identical', 'success', 'matches_baseline']

interface Schema {
  properties?: Record<string, {type?: string | string[]}>
  required?: string[]
}

describe('verdict commands exit like test runners', () => {
  const catalog = loadCatalog()

  it('every declared verdict names a boolean every answer of that command carries', () => {
    const declared = catalog.filter((doc) => doc.verdict !== undefined)
    expect(declared.map((d) => d.method)).to.include.members([
      'runtime.frame_compare',
      'runtime.replay',
      'test.run_scenario',
      'profiling.compare_reports',
      'test.scenes_load',
    ])
    for (const doc of declared) {
      const schema = doc.result_schema as Schema | undefined
      expect(schema?.properties?.[doc.verdict!]?.type, `${doc.method}: ${doc.verdict}`).to.equal('boolean')
      expect(schema?.required ?? [], `${doc.method}: ${doc.verdict} is always there`).to.include(doc.verdict)
    }
  })

  it('every command whose result carries a verdict-shaped boolean declares it (no verdict exits 0 on a fail)', () => {
    for (const doc of catalog) {
      const props = (doc.result_schema as Schema | undefined)?.properties ?? {}
      const verdicts = VERDICT_NAMES.filter((name) => props[name]?.type === 'boolean')
      if (verdicts.length === 0) continue
      expect(
        doc.verdict,
        `${doc.method} answers ${verdicts.join('/')}: declare "verdict" beside its method`,
      ).to.be.oneOf(verdicts)
    }
  })

  it('a false verdict fails; true, absent and commands without one do not', () => {
    expect(verdictFailed({verdict: 'ok'}, {ok: false})).to.equal(true)
    expect(verdictFailed({verdict: 'identical'}, {identical: false, ok: true})).to.equal(true)
    expect(verdictFailed({verdict: 'ok'}, {ok: true})).to.equal(false)
    expect(verdictFailed({verdict: 'ok'}, null)).to.equal(false)
    expect(verdictFailed({}, {ok: false})).to.equal(false)
  })
})
