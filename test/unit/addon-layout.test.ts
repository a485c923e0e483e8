// The addon's layout rules (docs/architecture.md, "What the router guarantees"): addon/lib/ holds only
// what several groups share, a group's private helpers live in its own folder (commands/<group>/lib/, which
// the group loader never registers), no group reaches into another group's folder, and no script of the addon
// preloads its way back to itself (core/, transport/, mcp/ and lib/ alike: core/ is the floor the others
// stand on, and a transport sees the server only through core/transport_host.gd). Read from the preload()
// lines of every script.
import {expect} from 'chai'
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'

import {REPO_ROOT} from '../support/editor.js'

const ADDON = join(REPO_ROOT, 'addon')

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return scripts(full)
    return name.endsWith('.gd') ? [full] : []
  })
}

/** Every script → the scripts it preloads (absolute paths); with `byPath`, also those it loads by path at run time. */
function preloads(byPath = false): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const file of scripts(ADDON)) {
    // code lines only (a doc comment may show a preload line as an example); `extends "x.gd"` uses x too, and so
    // does a sibling loaded by path (`….get_base_dir().path_join("x.gd")`: a script that needs a newer Godot)
    const text = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n')
    const targets = [
      ...text.matchAll(
        byPath ? /(?:preload\(|path_join\(|^extends )"([^"]+\.gd)"/gm : /(?:preload\(|^extends )"([^"]+\.gd)"/gm,
      ),
    ].map((m) => (m[1].startsWith('res://') ? m[1] : resolve(dirname(file), m[1])))
    out.set(file, targets)
  }
  return out
}

/** Who uses a script: the group of a commands/<group>/ file, or "core" for every other part of the addon. */
function owner(file: string): string {
  const rel = relative(ADDON, file).split('/')
  if (rel[0] === 'commands') return rel[1]
  if (rel[0] === 'lib') return ''
  return 'core'
}

describe('addon layout', () => {
  const graph = preloads()
  const uses = preloads(true) // a load by path is a use, but no compile-time cycle
  const libFiles = [...graph.keys()].filter((f) => relative(ADDON, f).startsWith('lib/'))

  /** The users (groups, or "core") that reach `target` directly or through other lib files. */
  function usersOf(target: string): Set<string> {
    const users = new Set<string>()
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const [from, to] of uses)
        if (to.includes(file)) {
          const who = owner(from)
          if (who === '') visit(from)
          else users.add(who)
        }
    }
    visit(target)
    return users
  }

  it('every file under addon/lib/ is used by at least two groups (or a group and the core)', () => {
    const lonely: string[] = []
    const table: string[] = []
    for (const file of libFiles) {
      const users = [...usersOf(file)].sort()
      table.push(`${relative(ADDON, file)}: ${users.join(', ') || '(nobody)'}`)
      if (users.length < 2) lonely.push(`${relative(ADDON, file)} is used only by ${users.join(', ') || 'nobody'}`)
    }
    if (process.env.BRIDGE_LAYOUT_TABLE) console.log(table.join('\n'))
    console.log(`      addon/lib: ${libFiles.length} files, each used by two or more groups`)
    expect(lonely).to.deep.equal([])
  })

  it('no group preloads another group’s files', () => {
    const crossing: string[] = []
    for (const [from, to] of graph) {
      const group = owner(from)
      if (group === '' || group === 'core') continue
      for (const target of to) {
        const rel = relative(ADDON, target).split('/')
        if (rel[0] === 'commands' && rel[1] !== group)
          crossing.push(`${relative(ADDON, from)} → ${relative(ADDON, target)}`)
      }
    }
    expect(crossing).to.deep.equal([])
  })

  it('no addon script preloads its way back to itself (no cycle anywhere in the addon)', () => {
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const walk = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => relative(ADDON, f)).join(' → '))
        return
      }
      state.set(file, 'open')
      // a script preloading itself names its own type (lib/game_link.gd's `of()` returns a GameLink): no cycle
      for (const next of graph.get(file) ?? []) if (next !== file) walk(next, [...trail, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) walk(file, [])
    expect(cycles).to.deep.equal([])
  })
})
