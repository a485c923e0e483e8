// The router's guarantees, checked for every live command at once: unknown parameters are refused with
// a did-you-mean, missing required ones are named, mistyped ones say what was expected, and every
// written path is jailed to res:// / user:// before any handler runs. Nothing is changed by a refusal.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {useEditor} from '../../support/fixture.js'
import {rpcError as expectRefused} from '../../support/rpc.js'

const WRONG_VALUE: Record<string, unknown> = {
  string: 12,
  NodePath: 12,
  int: 'seven',
  float: 'x',
  bool: 'yes',
  Vector2: [1],
  Vector3: 'a,b,c',
  Color: 42,
  Array: {},
  Dictionary: [],
  enum: '__not_a_value__',
}

describe('router contract for every command (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({pristine: false})
  let commands: CommandDoc[]
  let sceneBefore: string

  before(async () => {
    commands = (await fx.editor.client.call<{commands: CommandDoc[]}>('engine.commands')).commands
    sceneBefore = readFileSync(join(fx.editor.root, 'scenes', 'main.tscn'), 'utf8')
  })

  const rpcError = (method: string, params: Record<string, unknown>) => expectRefused(fx.editor.client, method, params)

  it('refuses an unknown parameter with a did-you-mean for a near miss', async () => {
    for (const c of commands) {
      const error = await rpcError(c.method, {no_such_param_xyz: 1})
      expect(error.rpcCode, c.method).to.equal(-32602)
      expect(error.message, c.method).to.include("'no_such_param_xyz'")
      const first = c.params[0]
      if (first && first.name.length > 3) {
        const typo = first.name.slice(0, -1) + (first.name.endsWith('x') ? 'y' : 'x')
        const near = await rpcError(c.method, {[typo]: 1})
        expect(near.message, c.method).to.include(`did you mean '${first.name}'`)
      }
    }
  })

  it('names a missing required parameter and the type it expects', async () => {
    let checked = 0
    for (const c of commands) {
      const required = c.params.filter((p) => p.required)
      if (required.length === 0) continue
      const error = await rpcError(c.method, {})
      expect(error.rpcCode, c.method).to.equal(-32602)
      expect(error.message, c.method).to.include(`missing required parameter '${required[0].name}'`)
      checked++
    }
    expect(checked).to.be.greaterThan(0)
  })

  it('refuses a mistyped value for every declared parameter, naming it', async () => {
    let checked = 0
    for (const c of commands) {
      for (const p of c.params) {
        if (p.type === 'any' || p.writes_path) continue
        const params: Record<string, unknown> = {...c.example, [p.name]: WRONG_VALUE[p.type]}
        const error = await rpcError(c.method, params)
        expect(error.rpcCode, `${c.method} ${p.name}`).to.equal(-32602)
        expect(error.message, `${c.method} ${p.name}`).to.include(`'${p.name}'`)
        checked++
      }
    }
    expect(checked).to.be.greaterThan(0)
  })

  it('jails every written path: escaping res:// or user:// is refused and nothing is written', async () => {
    const writers = commands.filter((c) => c.params.some((p) => p.writes_path))
    expect(writers.length, 'at least one command writes a path').to.be.greaterThan(0)
    const escapes = [
      'res://../escaped.tscn',
      'user://../../escaped.tscn',
      '/tmp/escaped.tscn',
      'res://a/../../escaped.tscn',
      'C:\\escaped.tscn',
    ]
    for (const c of writers) {
      for (const p of c.params.filter((x) => x.writes_path)) {
        for (const path of escapes) {
          const error = await rpcError(c.method, {...c.example, [p.name]: path})
          expect(error.rpcCode, `${c.method} ${p.name}=${path}`).to.be.oneOf([-32003, -32602])
        }
      }
    }
    expect(existsSync(join(dirname(fx.editor.root), 'escaped.tscn'))).to.equal(false)
    expect(existsSync('/tmp/escaped.tscn')).to.equal(false)
  })

  it('left the scene file untouched through all of the above', () => {
    expect(readFileSync(join(fx.editor.root, 'scenes', 'main.tscn'), 'utf8')).to.equal(sceneBefore)
  })
})
