// The parameter kinds the router resolves before a handler runs (core/param_kinds.gd, core/value_kinds.gd),
// swept over every command that declares one: a vector of the wrong size, a layer name the project does not
// have, a file that is not there (or of the wrong type), a name the group cannot find, and a command that
// needs an open scene called with none open. Each is refused naming the parameter, and nothing changes.
import {expect} from 'chai'

import {type Json, useEditor} from '../../support/fixture.js'

interface Param extends Json {
  name: string
  kind?: string
  dim?: number
  dim_of?: string
  exists?: boolean
  extensions?: string[]
}

interface Doc extends Json {
  method: string
  params: Param[]
  example: Json
  needs_scene?: boolean
  example_setup?: {method: string; params?: Json}[]
  example_scene?: string
}

const MAIN = 'res://scenes/main.tscn'
const KINDS = ['vector', 'layers', 'file', 'lookup', 'class']

/** A value the parameter's kind must refuse, with the error code and a fragment the refusal must hold. */
function wrongValue(param: Param): {value: unknown; code: number; says: string} | undefined {
  switch (param.kind) {
    case 'vector':
      return {value: [1, 2, 3, 4], code: -32602, says: `'${param.name}' must`}
    case 'layers':
      return {value: 'no_such_layer_xyz', code: -32602, says: "no_such_layer_xyz'"}
    case 'file':
      if (param.exists === true)
        return {value: 'res://no/such/file.tres', code: -32001, says: 'res://no/such/file.tres'}
      if (param.extensions?.length) return {value: 'res://kinds_sweep.wrong_ext', code: -32602, says: 'must end in'}
      return undefined
    case 'lookup':
      return {value: 'no_such_name_xyz', code: -32001, says: "no_such_name_xyz'"}
    case 'class':
      return {value: 'NoSuchClassXyz', code: -32602, says: "'NoSuchClassXyz': neither an engine class"}
  }
  return undefined
}

describe('parameter kinds, swept over every command that declares one (real editor)', function () {
  this.timeout(600_000)
  const fx = useEditor({pristine: false})
  let docs: Doc[]

  before(async () => {
    docs = (await fx.call<{commands: Doc[]}>('engine.commands')).commands.filter((c) => c.source === 'builtin')
  })

  /** The example's scene open as saved, and what its example needs made. */
  async function fresh(doc: Doc): Promise<void> {
    const scene = doc.example_scene ?? MAIN
    await fx.call('scene.open', {path: scene})
    await fx.call('scene.reload', {path: scene})
    for (const step of doc.example_setup ?? []) await fx.call(step.method, step.params ?? {})
  }

  it('refuses a value each kind cannot resolve, naming the parameter, and changes nothing', async () => {
    const problems: string[] = []
    const seen: Record<string, number> = {}
    for (const doc of docs) {
      const params = doc.params.filter((p) => p.kind && KINDS.includes(p.kind))
      if (params.length === 0) continue
      await fresh(doc)
      for (const param of params) {
        const wrong = wrongValue(param)
        if (!wrong) continue
        try {
          const error = await fx.refusedKeeping(
            {},
            doc.method,
            {...doc.example, [param.name]: wrong.value},
            wrong.code,
            wrong.says,
          )
          if (!error.message.includes(`'${param.name}'`))
            problems.push(`${doc.method}.${param.name}: the refusal does not name the parameter: ${error.message}`)
          if (!error.message.startsWith(`${doc.method}: `))
            problems.push(`${doc.method}.${param.name}: the refusal does not name the command: ${error.message}`)
          seen[param.kind!] = (seen[param.kind!] ?? 0) + 1
        } catch (error) {
          problems.push(`${doc.method}.${param.name} (${param.kind}): ${(error as Error).message}`)
        }
      }
    }
    console.log(`      kinds refused: ${JSON.stringify(seen)}`)
    expect(problems, problems.join('\n')).to.deep.equal([])
    for (const kind of KINDS) expect(seen[kind] ?? 0, `commands sweeping kind ${kind}`).to.be.greaterThan(0)
  })

  it('hands the handler resolved values: the examples of vector, layer, file and lookup commands still run', async () => {
    const problems: string[] = []
    for (const doc of docs.filter((d) => d.params.some((p) => p.kind && KINDS.includes(p.kind)) && d.read_only)) {
      await fresh(doc)
      await fx.call(doc.method, doc.example).catch((error: Error) => problems.push(`${doc.method}: ${error.message}`))
    }
    expect(problems, problems.join('\n')).to.deep.equal([])
  })

  it('refuses every command declaring needs_scene with NO_SCENE when no scene is open, before its handler', async () => {
    const needing = docs.filter((d) => d.needs_scene)
    expect(needing.length, 'commands declaring needs_scene').to.be.greaterThan(0)
    const open = (await fx.call('scene.list_open')).scenes as Json[]
    for (const scene of open) await fx.call('scene.close', {path: scene.path, discard: true})
    try {
      expect((await fx.call('scene.list_open')).scenes).to.deep.equal([])
      for (const doc of needing)
        await fx.failsWith(doc.method, doc.example, -32002, `${doc.method}: `, 'no scene is open')
    } finally {
      await fx.call('scene.open', {path: MAIN})
    }
  })
})
