// The e2e harness checks every result a test receives against its command's declared `returns`
// (test/support/returns.ts): these prove the check fails a result of another shape and names where.
import {expect} from 'chai'

import {returnsMismatch} from '../support/returns.js'

describe('the e2e harness checks each result against its declared returns', () => {
  it('passes a result of the declared shape', () => {
    expect(
      returnsMismatch('project.autoloads', {count: 1, autoloads: [{name: 'A', path: 'res://a.gd', singleton: true}]}),
    ).to.equal(undefined)
  })

  it('names the command and the field of a result that does not match', () => {
    const mismatch = returnsMismatch('project.autoloads', {count: 'one', autoloads: []})
    expect(mismatch).to.include('project.autoloads').and.to.include('result/count must be integer')
    expect(returnsMismatch('project.autoloads', {count: 0})).to.include("must have required property 'autoloads'")
    expect(returnsMismatch('project.autoloads', {count: 1, autoloads: [{name: 'A'}]})).to.include('result/autoloads/0')
  })

  it('leaves a command the built-in catalog does not declare (a project command) unchecked', () => {
    expect(returnsMismatch('my_game.spawn', {anything: true})).to.equal(undefined)
  })
})
