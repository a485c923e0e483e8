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

  it('one grammar for every vector-like type: lists, (x, y), constructors, JSON arrays and objects', () => {
    for (const text of ['1,2', '1 2', '(1, 2)', 'Vector2(1, 2)', '[1, 2]', '{"x": 1, "y": 2}'])
      expect(coerceFlag(p('Vector2'), text), text).to.deep.equal([1, 2])
    for (const text of ['1,2,3', 'Vector3(1, 2, 3)', '{"x": 1, "y": 2, "z": 3}'])
      expect(coerceFlag(p('Vector3'), text), text).to.deep.equal([1, 2, 3])
    for (const text of ['1,0,0', '(1, 0, 0)', 'Color(1, 0, 0)', '[1, 0, 0]', '{"r": 1, "g": 0, "b": 0}'])
      expect(coerceFlag(p('Color'), text), text).to.deep.equal([1, 0, 0])
    expect(coerceFlag(p('Color'), 'Color(1, 0, 0, 0.5)')).to.deep.equal([1, 0, 0, 0.5])
  })

  it('reads a list flag as a comma list or a JSON array', () => {
    expect(coerceFlag(p('Array'), 'Player,Camera2D')).to.deep.equal(['Player', 'Camera2D'])
    expect(coerceFlag(p('Array'), '[Player, 2]')).to.deep.equal(['Player', 2])
  })

  it('an error shows every accepted form', () => {
    expect(() => coerceFlag(p('Vector2'), 'up', '--position'))
      .to.throw(UsageError)
      .with.property('message')
      .that.includes("'(1, 2)'")
      .and.includes("'Vector2(1, 2)'")
      .and.includes('{"x": 1, "y": 2}')
    expect(() => coerceFlag(p('Color'), '1,2', '--color'))
      .to.throw(UsageError)
      .with.property('message')
      .that.includes("'#ff8800'")
      .and.includes("'Color(1, 0.5, 0)'")
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
