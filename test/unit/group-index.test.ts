// Each built-in command group states its contents in one place, addon/commands/<group>/index.json (summary,
// toolset and, for the groups whose commands run in the game, its game-side handlers), and the loader, the
// catalog, both toolset readers and the game's own loader (addon/game/inspector.gd) take them from there, not
// from a group_summary() override, a `groups` list in addon/mcp/toolsets.json or a hard-coded list of game scripts.
import {expect} from 'chai'
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'

import {readGroupIndexes} from '../../src/surface/group-index.js'
import {TOOLSETS, toolsetOfGroup} from '../../src/mcp/toolsets.js'

const REPO = join(import.meta.dirname, '..', '..')
const ADDON = join(REPO, 'addon')
const COMMANDS = join(ADDON, 'commands')
const GAME = join(ADDON, 'game')
const folders = readdirSync(COMMANDS, {withFileTypes: true})
  .filter((e) => e.isDirectory())
  .map((e) => e.name)

describe('group index: each group states its summary and toolset in its folder', () => {
  it('every group folder has an index.json with a one-line summary and a toolset', () => {
    expect(folders.length).to.be.greaterThan(40)
    for (const name of folders) {
      const data = JSON.parse(readFileSync(join(COMMANDS, name, 'index.json'), 'utf8'))
      expect(
        Object.keys(data)
          .filter((k) => k !== 'game')
          .sort(),
        name,
      ).to.deep.equal(['summary', 'toolset'])
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

  describe("game-side handlers: each group's index names the script under addon/game/ answering each game method", () => {
    /** method -> the groups whose index.json declares it, with the script each names */
    const declared = new Map<string, {group: string; script: string}[]>()
    for (const name of folders) {
      const data = JSON.parse(readFileSync(join(COMMANDS, name, 'index.json'), 'utf8')) as {
        game?: Record<string, unknown>
      }
      for (const [method, script] of Object.entries(data.game ?? {}))
        declared.set(method, [...(declared.get(method) ?? []), {group: name, script: String(script)}])
    }

    /** Every .gd file under `dir`, recursively. */
    const scripts = (dir: string): string[] =>
      readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
        e.isDirectory() ? scripts(join(dir, e.name)) : e.name.endsWith('.gd') ? [join(dir, e.name)] : [],
      )
    // What the editor side sends the game: the game link's request(method, ...) (lib/game_link.gd), called with a
    // literal method, or through in_game("<method>") (lib/game_command.gd), whose forward is the one call that
    // passes the method on in a variable.
    const sent = new Map<string, string[]>() // method -> the files that send it
    const dynamic: string[] = []
    for (const file of scripts(ADDON).filter((f) => !f.startsWith(GAME + '/'))) {
      const text = readFileSync(file, 'utf8')
      const where = relative(ADDON, file)
      for (const m of text.matchAll(/(?<!func )(?:\bin_game|\.request)\(\s*("([^"]*)"|[^,)]*)/g)) {
        if (m[2] === undefined) dynamic.push(`${where}: ${m[0]}`)
        else sent.set(m[2], [...(sent.get(m[2]) ?? []), where])
      }
    }

    /** The method -> function table of a game script's handlers(), as written there. */
    function handlerTable(script: string): Map<string, string> {
      const text = readFileSync(join(GAME, script), 'utf8')
      const at = text.indexOf('func handlers() -> Dictionary:')
      if (at < 0) return new Map()
      const body = text.slice(at, text.indexOf('\n\n\n', at) < 0 ? undefined : text.indexOf('\n\n\n', at))
      return new Map([...body.matchAll(/"([a-z0-9_]+\.[a-z0-9_]+)":\s*(\w+)/g)].map((m) => [m[1], m[2]]))
    }

    it('the editor sends game methods only by name: through in_game() or request() with a literal method', () => {
      expect(dynamic).to.deep.equal(['lib/game_command.gd: .request(method'])
      expect(sent.size).to.be.greaterThan(25)
    })

    it('every game method the editor sends is declared in exactly one group index, the group it is named for', () => {
      for (const [method, from] of sent) {
        const groups = declared.get(method) ?? []
        expect(
          groups.map((g) => g.group),
          `${method} (sent by ${from.join(', ')})`,
        ).to.deep.equal([method.split('.')[0]])
      }
    })

    it('every declared game method is one the editor sends', () => {
      for (const method of declared.keys())
        expect(sent.has(method), `${method} is declared but never sent`).to.equal(true)
    })

    it('the script an index names exists under addon/game/ and its handlers() binds the method to a function it defines', () => {
      expect(declared.size).to.be.greaterThan(25)
      for (const [method, [{group, script}]] of declared) {
        const where = `${group}/index.json: ${method} -> ${script}`
        expect(script, where).to.match(/^[a-z0-9_]+\.gd$/)
        expect(existsSync(join(GAME, script)), where).to.equal(true)
        const bound = handlerTable(script).get(method)
        expect(bound, where).to.be.a('string')
        if (bound !== 'func') expect(readFileSync(join(GAME, script), 'utf8'), where).to.include(`\nfunc ${bound}(`)
      }
    })

    it('no game script answers a method no index gives it (the index is the whole list)', () => {
      for (const file of readdirSync(GAME).filter((f) => f.endsWith('.gd')))
        for (const method of handlerTable(file).keys())
          expect(declared.get(method)?.[0]?.script, `game/${file} answers ${method}`).to.equal(file)
    })

    it("the game's loader routes by the indexes: no method prefixes and no list of game scripts in inspector.gd", () => {
      const inspector = readFileSync(join(GAME, 'inspector.gd'), 'utf8')
      expect(inspector).to.not.match(/begins_with\("(runtime|input)\./)
      const literals = [...inspector.matchAll(/"((?:runtime|input)\.[a-z_]+)"/g)].map((m) => m[1])
      // the hello, and the method whose part is built ahead of its first call (issue 50's observe step): both
      // looked up through the indexes like any other
      expect(literals, 'only the hello and the warmed observe step name a method').to.deep.equal([
        'runtime.status',
        'runtime.tree',
      ])
      for (const {script} of [...declared.values()].flat()) expect(inspector, script).to.not.include(`"${script}"`)
      expect(inspector).to.include('game_handlers')
    })
  })
})
