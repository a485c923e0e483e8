// The parameter glossary (catalog/glossary.json): one name for one concept across all groups. Every
// parameter of every command is checked: a glossary name keeps its declared type, and a known synonym is
// refused unless it is a recorded legacy use (which may only go away, never grow).
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {CATALOG_FILE} from '../../src/catalog/catalog.js'

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
const commands: {method: string; params: Param[]}[] = JSON.parse(readFileSync(CATALOG_FILE, 'utf8')).commands

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
})
