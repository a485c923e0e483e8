import {expect} from 'chai'

import type {ParamDoc} from '../../src/catalog/catalog.js'
import {coerceFlag} from '../../src/catalog/coerce.js'
import {UsageError} from '../../src/errors.js'

const p = (type: ParamDoc['type'], extra: Partial<ParamDoc> = {}): ParamDoc => ({
  name: 'value',
  type,
  required: false,
  description: '',
  ...extra,
})

describe('flag coercion by declared type', () => {
  it('reads integers, numbers and booleans', () => {
    expect(coerceFlag(p('int'), '3')).to.equal(3)
    expect(coerceFlag(p('float'), '2.5')).to.equal(2.5)
    expect(coerceFlag(p('bool'), 'false')).to.equal(false)
  })

  it('reads vectors from comma lists and JSON arrays', () => {
    expect(coerceFlag(p('Vector3'), '1,2,3')).to.deep.equal([1, 2, 3])
    expect(coerceFlag(p('Vector3'), '[1, 2, 3]')).to.deep.equal([1, 2, 3])
    expect(coerceFlag(p('Vector2'), '(4.5, -1)')).to.deep.equal([4.5, -1])
  })

  it('keeps colour text and reads colour number lists', () => {
    expect(coerceFlag(p('Color'), '#ff8800')).to.equal('#ff8800')
    expect(coerceFlag(p('Color'), 'red')).to.equal('red')
    expect(coerceFlag(p('Color'), '1,0.5,0')).to.deep.equal([1, 0.5, 0])
  })

  it('parses JSON for arrays and objects', () => {
    expect(coerceFlag(p('Array'), '[1,"a"]')).to.deep.equal([1, 'a'])
    expect(coerceFlag(p('Dictionary'), '{"a":1}')).to.deep.equal({a: 1})
  })

  it('refuses values that do not fit, naming the flag', () => {
    const cases: [ParamDoc, string][] = [
      [p('int'), '3.5'],
      [p('int'), 'three'],
      [p('float'), ''],
      [p('bool'), 'maybe'],
      [p('Vector3'), '1,2'],
      [p('Vector2'), 'a,b'],
      [p('Array'), '{"a":1}'],
      [p('Dictionary'), '[1]'],
      [p('enum', {values: ['a', 'b']}), 'c'],
    ]
    for (const [param, text] of cases) {
      expect(() => coerceFlag(param, text, '--value'), `${param.type} ${text}`)
        .to.throw(UsageError)
        .with.property('message')
        .that.includes('--value')
    }
  })
})
