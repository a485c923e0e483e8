// bridge_find's ranking (src/mcp/find.ts, the same rule as addon/mcp/find.gd; test/e2e/mcp/core-loop.e2e.test.ts
// compares the two): words find the commands that do the task, each with what engine_run needs to call it.
import {expect} from 'chai'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {type FindAnswer, findCommands, findWords} from '../../../src/mcp/find.js'

describe('bridge_find', () => {
  const docs = loadCatalog()
  const find = (args: Record<string, unknown>, listed: (m: string) => boolean = () => false) =>
    findCommands(docs, args, listed) as FindAnswer

  it('finds the tilemap commands for "paint tiles on a tilemap", each with its tool, use and input schema', () => {
    const answer = find({query: 'paint tiles on a tilemap'})
    expect(answer.count).to.equal(6)
    for (const r of answer.results) expect(r.method, r.method).to.match(/^tilemap\./)
    expect(answer.results.map((r) => r.method)).to.include('tilemap.set_cells')
    const first = answer.results[0]
    const doc = docs.find((d) => d.method === first.method)!
    expect(first).to.deep.include({tool: first.method.replace('.', '_'), summary: doc.summary, listed: false})
    expect(first.input_schema).to.deep.equal(doc.input_schema)
    expect(answer.note).to.include('engine_run')
  })

  it('puts a method or tool name itself first, and says whether its typed tool is listed', () => {
    expect(find({query: 'engine.class_info'}).results[0].method).to.equal('engine.class_info')
    const named = find({query: 'animation_add_track', limit: 1}, (m) => m === 'animation.add_track')
    expect(named.results).to.have.length(1)
    expect(named.results[0]).to.include({method: 'animation.add_track', listed: true})
  })

  for (const [query, method] of [
    ['add a collision shape to a body', 'physics.add_body'],
    ['record and replay a play session', 'runtime.record'],
    ['set a breakpoint', 'debug.set_breakpoint'],
    ['export the game', 'export.run'],
  ])
    it(`finds ${method} among the first for "${query}"`, () => {
      const methods = find({query}).results.map((r) => r.method)
      if (docs.some((d) => d.method === method)) expect(methods, methods.join(', ')).to.include(method)
    })

  it('drops stop words and a final s, and ranks ties in the catalog order', () => {
    expect(findWords('Paint tiles on TileMapLayer2')).to.deep.equal(['paint', 'tile', 'on', 'tilemaplayer2'])
    expect(findWords('class is')).to.deep.equal(['class', 'is'])
    expect(find({query: 'the of a'}).count).to.equal(0)
    expect(find({query: 'the of a'}).note).to.include('No command matches')
    // every tilemap.* command scores the same for "tilemap" (a word of its name), above any other
    const found = find({query: 'tilemap', limit: 30}).results.map((r) => r.method)
    const group = docs.filter((d) => d.method.startsWith('tilemap.')).map((d) => d.method)
    expect(found.slice(0, group.length)).to.deep.equal(group)
  })

  it('refuses bad arguments by name', () => {
    expect(findCommands(docs, {}, () => false)).to.match(/query .* is required/)
    expect(findCommands(docs, {query: '  '}, () => false)).to.match(/query is empty/)
    expect(findCommands(docs, {query: 'x', limit: 0}, () => false)).to.match(/limit must be an integer from 1 to 30/)
    expect(findCommands(docs, {query: 'x', limit: 2.5}, () => false)).to.match(/got 2.5/)
    expect(findCommands(docs, {query: 'x', max: 2}, () => false)).to.match(/unknown parameter 'max'/)
  })
})
