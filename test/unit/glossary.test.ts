// The parameter glossary (catalog/glossary.json): one name for one concept across all groups. Every
// parameter of every command is checked: a glossary name keeps its declared type, and a known synonym is
// refused unless it is a recorded legacy use (which may only go away, never grow).
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {makeAddonCommand} from '../../src/cli/addon-command.js'
import {CATALOG_FILE, type CommandDoc, flagName} from '../../src/catalog/catalog.js'

interface Glossary {
  concepts: {concept: string; name: string; type: string}[]
  synonyms: Record<string, string[]>
  legacy: Record<string, string[]>
  legacy_types: Record<string, string[]>
}
interface Param {
  name: string
  type: string
  kind?: string
}

const glossary: Glossary = JSON.parse(readFileSync(join(CATALOG_FILE, '..', 'glossary.json'), 'utf8'))
const commands: (CommandDoc & {params: Param[]})[] = JSON.parse(readFileSync(CATALOG_FILE, 'utf8')).commands

describe('parameter glossary', () => {
  it('every parameter named for a concept has the concept type, and no synonym is new', () => {
    const canonical = new Map<string, string>()
    for (const c of glossary.concepts) canonical.set(c.name, c.type)
    const synonymOf = new Map<string, string>()
    for (const [name, synonyms] of Object.entries(glossary.synonyms)) for (const s of synonyms) synonymOf.set(s, name)
    const problems: string[] = []
    let checked = 0
    for (const cmd of commands)
      for (const p of cmd.params) {
        checked++
        const legacy = glossary.legacy[p.name] ?? []
        if (synonymOf.has(p.name) && !legacy.includes(cmd.method))
          problems.push(`${cmd.method}: '${p.name}' names the concept the glossary calls '${synonymOf.get(p.name)}'`)
        const type = canonical.get(p.name)
        if (type && p.type !== type && !(glossary.legacy_types[`${p.name}:${p.type}`] ?? []).includes(cmd.method))
          problems.push(`${cmd.method}: '${p.name}' is a ${p.type}, the glossary's '${p.name}' is a ${type}`)
      }
    console.log(`      glossary: ${checked} parameters of ${commands.length} commands checked`)
    expect(problems).to.deep.equal([])
  })

  it('legacy names and types are still in use (a renamed one must leave the list)', () => {
    for (const [name, methods] of Object.entries(glossary.legacy))
      for (const method of methods)
        expect(
          commands.find((c) => c.method === method)?.params.some((p) => p.name === name),
          `${method} ${name}`,
        ).to.equal(true)
    for (const [key, methods] of Object.entries(glossary.legacy_types)) {
      const [name, type] = key.split(':')
      for (const method of methods)
        expect(
          commands.find((c) => c.method === method)?.params.some((p) => p.name === name && p.type === type),
          `${method} ${key}`,
        ).to.equal(true)
    }
  })

  it('every flag of every CLI command is its parameter’s glossary name: no synonym, no renamed flag', () => {
    const synonymOf = new Map<string, string>()
    for (const [name, synonyms] of Object.entries(glossary.synonyms))
      for (const s of synonyms) synonymOf.set(flagName(s), flagName(name))
    const common = new Set(['project', 'timeout', 'json', 'out', 'junit'])
    const problems: string[] = []
    let flags = 0
    for (const cmd of commands) {
      const params = new Map(cmd.params.map((p) => [flagName(p.name), p.name]))
      for (const flag of Object.keys((makeAddonCommand(cmd) as unknown as {flags: object}).flags)) {
        if (common.has(flag)) continue
        flags++
        const param = params.get(flag)
        if (!param) problems.push(`${cmd.method}: --${flag} is no parameter's name`)
        else if (synonymOf.has(flag) && !(glossary.legacy[param] ?? []).includes(cmd.method))
          problems.push(`${cmd.method}: --${flag} is what the glossary calls --${synonymOf.get(flag)}`)
      }
    }
    console.log(`      glossary: ${flags} flags of ${commands.length} CLI commands checked`)
    expect(flags).to.be.above(800)
    expect(problems).to.deep.equal([])
  })
})
