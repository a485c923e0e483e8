// docs/bench-reference.json holds a quiet and a loaded run side by side (bench/reference.ts): writing one kind
// keeps the other, a file of the older one-run shape is read as the quiet run, and a wrong BENCH_REFERENCE is
// refused before a run starts.
import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {readReference, referenceKind, writeReference} from '../../bench/reference.js'

describe('bench reference runs: quiet and loaded side by side', () => {
  let dir = ''
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bench-reference-'))
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  it('writing the loaded run keeps the quiet one, and the other way round', () => {
    const file = join(dir, 'ref.json')
    writeReference('quiet', {date: 'q'}, file)
    writeReference('loaded', {date: 'l'}, file)
    expect(readReference(readFileSync(file, 'utf8'))).to.deep.equal({quiet: {date: 'q'}, loaded: {date: 'l'}})
    writeReference('quiet', {date: 'q2'}, file)
    expect(readReference(readFileSync(file, 'utf8'))).to.deep.equal({quiet: {date: 'q2'}, loaded: {date: 'l'}})
  })

  it('a file of the older shape (one run at the top) is the quiet run, kept when the loaded one is written', () => {
    const file = join(dir, 'ref.json')
    writeFileSync(file, JSON.stringify({date: 'old', figures: []}))
    writeReference('loaded', {date: 'l'}, file)
    expect(readReference(readFileSync(file, 'utf8'))).to.deep.equal({
      quiet: {date: 'old', figures: []},
      loaded: {date: 'l'},
    })
  })

  it('BENCH_REFERENCE is quiet, loaded or unset; anything else is refused, naming the value', () => {
    expect(referenceKind(undefined)).to.equal(undefined)
    expect(referenceKind('loaded')).to.equal('loaded')
    expect(() => referenceKind('busy')).to.throw(/BENCH_REFERENCE must be quiet or loaded.*'busy'/)
  })

  it("the repository's file reads as runs", () => {
    const runs = readReference(
      readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'bench-reference.json'), 'utf8'),
    )
    expect(runs.quiet, 'the quiet run').to.have.property('figures')
  })
})
