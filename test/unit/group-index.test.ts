// Each built-in command group states its contents in one place, addon/commands/<group>/index.json (summary and
// toolset), and the loader, the catalog and both toolset readers take them from there, not from a
// group_summary() override or a `groups` list in addon/mcp/toolsets.json.
import {expect} from 'chai'
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {readGroupIndexes} from '../../src/mcp/group-index.js'
import {TOOLSETS, toolsetOfGroup} from '../../src/mcp/toolsets.js'

const REPO = join(import.meta.dirname, '..', '..')
const COMMANDS = join(REPO, 'addon', 'commands')
const folders = readdirSync(COMMANDS, {withFileTypes: true})
  .filter((e) => e.isDirectory())
  .map((e) => e.name)

describe('group index: each group states its summary and toolset in its folder', () => {
  it('every group folder has an index.json with a one-line summary and a toolset', () => {
    expect(folders.length).to.be.greaterThan(40)
    for (const name of folders) {
      const data = JSON.parse(readFileSync(join(COMMANDS, name, 'index.json'), 'utf8'))
      expect(Object.keys(data).sort(), name).to.deep.equal(['summary', 'toolset'])
      expect(data.summary, name)
        .to.be.a('string')
        .and.match(/^\S.*\S$/)
      expect(data.summary, name).to.not.include('\n')
      expect(data.toolset, name).to.match(/^[a-z0-9_]+$/)
    }
  })

  it('no built-in group file overrides group_summary() any more', () => {
    const overriding: string[] = []
    for (const name of folders)
      for (const file of readdirSync(join(COMMANDS, name)).filter((f) => f.endsWith('.gd')))
        if (/func group_summary\(/.test(readFileSync(join(COMMANDS, name, file), 'utf8')))
          overriding.push(`${name}/${file}`)
    expect(overriding).to.deep.equal([])
  })

  it("the catalog's group summaries are the indexes' (the loader reads them)", () => {
    const catalog = JSON.parse(readFileSync(join(REPO, 'catalog', 'commands.json'), 'utf8')) as {
      groups: {name: string; summary: string}[]
    }
    const index = readGroupIndexes()
    expect(catalog.groups.map((g) => g.name).sort()).to.deep.equal([...index.keys()].sort())
    for (const g of catalog.groups) expect(g.summary, g.name).to.equal(index.get(g.name)?.summary)
  })

  it('toolsets.json lists no groups; each group lands in the toolset its index names', () => {
    const raw = JSON.parse(readFileSync(join(REPO, 'addon', 'mcp', 'toolsets.json'), 'utf8')) as {
      toolsets: Record<string, unknown>[]
    }
    for (const t of raw.toolsets) expect(t, String(t.name)).to.not.have.property('groups')
    const described = new Set(TOOLSETS.toolsets.map((t) => t.name))
    for (const [name, index] of readGroupIndexes()) {
      // a toolset of its own is named after the group; any other must be one toolsets.json describes
      if (index.toolset !== name) expect(described.has(index.toolset), `${name} -> ${index.toolset}`).to.equal(true)
      expect(toolsetOfGroup(name), name).to.equal(index.toolset)
    }
    expect(TOOLSETS.toolsets.find((t) => t.name === '3d')?.groups).to.include('spatial')
  })
})
