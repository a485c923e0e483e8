// Every parameter of the shipped catalog that may carry code is declared: evaluates: true (the router audits
// it, addon/core/code_audit.gd) or evaluates: false (reads like code, never run by that command). The live
// editor's sweep is test/e2e/security/code-audit.e2e.test.ts.
import {expect} from 'chai'

import {loadCatalog} from '../../src/catalog/catalog.js'
import {evaluatingParams, looksLikeCode, undeclaredCode} from '../support/code-params.js'

describe('code-carrying parameters (catalog)', () => {
  it('declares every parameter that looks like code as evaluated (audited) or not run', () => {
    const catalog = loadCatalog()
    const suspects = catalog.flatMap((c) => c.params.filter((p) => looksLikeCode(p)))
    console.log(`      ${suspects.length} suspect parameters over ${catalog.length} commands`)
    expect(undeclaredCode(catalog)).to.deep.equal([])
  })

  it('knows the parameters that run code in the game or the editor', () => {
    const names = evaluatingParams(loadCatalog()).map(([m, p]) => `${m}.${p.name}`)
    expect(names).to.include.members([
      'editor.run_script.code',
      'runtime.eval.code',
      'runtime.wait_until.condition',
      'runtime.step.until',
      'runtime.step.watch',
      'debug.evaluate.expression',
    ])
  })

  it('flags an undeclared parameter named like code, or described as an expression', () => {
    const commands = [
      {method: 'x.run', params: [{name: 'snippet', type: 'string', description: 'anything'}]},
      {method: 'x.when', params: [{name: 'test', type: 'string', description: 'A GDScript expression'}]},
      {method: 'x.ok', params: [{name: 'source_id', type: 'int', description: 'a source'}]},
      {method: 'x.find', params: [{name: 'query', type: 'string', description: 'or a regular expression'}]},
      {method: 'x.save', params: [{name: 'code', type: 'string', description: 'stored', evaluates: false}]},
    ]
    expect(undeclaredCode(commands)).to.deep.equal(['x.run.snippet', 'x.when.test'])
  })
})
