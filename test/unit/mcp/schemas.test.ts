// Schemas every client accepts, over stdio: every tool `bridge serve` lists (all toolsets, from the catalog when
// no editor answers) passes the rules clients enforce (test/support/schema-rules.ts); the HTTP endpoint's list is
// checked against a real editor in test/e2e/mcp/toolsets.e2e.test.ts. And at the source: every Array parameter
// declares its element type (or is a list of nodes), so `items` is never a guess.
import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {schemaProblems} from '../../support/schema-rules.js'
import {serveInMemory} from '../../support/serve-in-memory.js'

describe('schemas every client accepts', () => {
  it('every Array parameter of every command declares its element type', () => {
    const undeclared: string[] = []
    let arrays = 0
    for (const doc of loadCatalog())
      for (const p of doc.params as {name: string; type: string; items?: unknown; kind?: string}[]) {
        if (p.type !== 'Array') continue
        arrays++
        if (p.items === undefined && p.kind !== 'nodes') undeclared.push(`${doc.method}.${p.name}`)
      }
    expect(arrays).to.be.greaterThan(100)
    expect(undeclared).to.deep.equal([])
  })

  it('stdio: every tool of every toolset passes every client rule', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-schemas-'))
    const serve = await serveInMemory(dir, undefined, ['all'])
    try {
      const {tools} = await serve.client.listTools()
      expect(tools.length).to.equal(loadCatalog().length + 3)
      expect(schemaProblems(tools)).to.deep.equal([])
    } finally {
      await serve.close()
      rmSync(dir, {recursive: true, force: true})
    }
  })

  it('stdio: the full list stays as light as issue 35 left it (short result schemas, no default titles)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-schemas-'))
    const serve = await serveInMemory(dir, undefined, ['all'])
    try {
      const {tools} = await serve.client.listTools()
      const typed = tools.filter((t) => !['engine_run', 'bridge_toolsets', 'bridge_find'].includes(t.name))
      const weigh = (x: unknown) => Buffer.byteLength(JSON.stringify(x))
      // measured at 759 B a typed tool and 97 B of result schema (879 and 189 before); the targets are 450 B
      // and 150 KB in all (docs/performance.md says why they are not met)
      // (783: issue 47's paging and detail params — engine.commands offset/limit, editor.errors own_frames,
      // tilemap.info tile_coords — which keep answers small, resource.texture_view and capture_frames'
      // lower_effects cost ~2 B a tool; issue 50 targets what a model reads of a tool, ≤ 500 B, in the bench)
      // (791: issue 48's `scene` parameter on the 26 commands that work on any open scene, ~100 B each)
      expect(weigh({tools: typed}) / typed.length, 'bytes per typed tool').to.be.at.most(791)
      const outputs = typed.reduce((n, t) => n + weigh(t.outputSchema ?? {}), 0)
      expect(outputs / typed.length, 'result schema bytes per typed tool').to.be.at.most(110)
      expect(typed.filter((t) => t.annotations?.title !== undefined).map((t) => t.name)).to.deep.equal([])
    } finally {
      await serve.close()
      rmSync(dir, {recursive: true, force: true})
    }
  })

  it('the check fails on what clients refuse', () => {
    const bad = [
      {name: 'a.b', inputSchema: {type: 'object', properties: {keys: {type: 'array'}}}},
      {name: 'x'.repeat(65), inputSchema: {type: 'object'}},
      {name: 'c', inputSchema: {anyOf: [{type: 'object'}]}},
      {name: 'd', inputSchema: {type: 'object', properties: {rows: {type: 'array', items: {type: 'array'}}}}},
    ]
    expect(schemaProblems(bad)).to.deep.equal([
      'a.b: name: not 1-64 of [a-zA-Z0-9_-]',
      'a.b: inputSchema.keys: an array without items',
      `${'x'.repeat(65)}: name: not 1-64 of [a-zA-Z0-9_-]`,
      'c: inputSchema: type is not object',
      'c: inputSchema: anyOf at the top',
      'd: inputSchema.rows[]: an array without items',
    ])
  })
})
