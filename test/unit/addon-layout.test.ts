// The addon's layout rules (docs/architecture.md, "The layers"): core/ is the floor and preloads nothing above it,
// lib/ stands on core/, commands/ on both, transports and mcp/ on core/ only, the running game's scripts (game/)
// on core/ only (the table: test/support/addon-layers.ts); addon/lib/ holds only what several groups share, a
// group's private helpers live in its own folder (commands/<group>/lib/, which the group loader never registers),
// no group reaches into another group's folder, and no script of the addon preloads its way back to itself. Read
// from the preload() lines of every script (test/support/preload-graph.ts).
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative} from 'node:path'

import {layerViolations} from '../support/addon-layers.js'
import {REPO_ROOT} from '../support/editor.js'
import {preloadGraph} from '../support/preload-graph.js'

const ADDON = join(REPO_ROOT, 'addon')

/** Who uses a script: the group of a commands/<group>/ file, or "core" for every other part of the addon. */
function owner(file: string): string {
  const rel = relative(ADDON, file).split('/')
  if (rel[0] === 'commands') return rel[1]
  if (rel[0] === 'lib') return ''
  return 'core'
}

describe('addon layout', () => {
  const graph = preloadGraph(ADDON)
  const uses = preloadGraph(ADDON, {byPath: true}) // a load by path is a use, but no compile-time cycle
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

  it('every preload goes down the layers: core/ ← lib/ ← commands/, transports and mcp/ on core/, game/ on core/', () => {
    const {checked, wrong} = layerViolations(ADDON)
    console.log(`      ${checked} preloads and loads by path, each down the layers`)
    expect(checked).to.be.greaterThan(500)
    expect(wrong).to.deep.equal([])
  })

  describe('the layer rule reads a planted tree the same way', () => {
    let root = ''
    /** A planted addon: relative path → script text. */
    const plant = (files: Record<string, string>): string => {
      root = mkdtempSync(join(tmpdir(), 'bridge-layers-'))
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, rel)), {recursive: true})
        writeFileSync(join(root, rel), text)
      }
      return root
    }
    afterEach(() => rmSync(root, {force: true, recursive: true}))

    it('a core file preloading a lib file is reported, naming the edge', () => {
      const addon = plant({
        'core/router.gd': 'extends RefCounted\nconst BridgeAuditLog := preload("../lib/audit_log.gd")\n',
        'lib/audit_log.gd': 'extends RefCounted\n',
      })
      expect(layerViolations(addon).wrong).to.deep.equal([
        'core/router.gd → lib/audit_log.gd: core/ is the floor: it may preload only core/',
      ])
    })

    it('every other wrong way is reported: res:// paths, extends, loads by path, transports, mcp/, game/', () => {
      const addon = plant({
        'commands/node/node.gd': 'extends "../../core/command_group.gd"\n',
        'core/command_group.gd': 'extends RefCounted\n',
        'core/stages/finish_stage.gd': 'const BridgeJournal := preload("res://addons/bridge/lib/write_journal.gd")\n',
        'core/undo_scope.gd': 'extends "../commands/node/node.gd"\n',
        'game/inspector.gd': 'func _ready() -> void:\n\tload(_here.path_join("../lib/output_log.gd"))\n',
        'lib/output_log.gd': 'extends RefCounted\n',
        'lib/write_journal.gd': 'extends RefCounted\n',
        'mcp/endpoint.gd': 'const BridgeSceneAccess := preload("../lib/scene_access.gd")\n',
        'transport/ws/server.gd': 'const BridgeNode := preload("../../commands/node/node.gd")\n',
        'widgets/panel.gd': 'extends RefCounted\n',
      })
      expect(layerViolations(addon).wrong.sort()).to.deep.equal([
        'core/stages/finish_stage.gd → lib/write_journal.gd: core/ is the floor: it may preload only core/',
        'core/undo_scope.gd → commands/node/node.gd: core/ is the floor: it may preload only core/',
        'game/inspector.gd → lib/output_log.gd: game/ (the running game) may preload only game/ and core/',
        'mcp/endpoint.gd → lib/scene_access.gd: mcp/ may preload only mcp/, core/ and transport/net/',
        'transport/ws/server.gd → commands/node/node.gd: transport/ may preload only transport/ and core/',
        'widgets/panel.gd: addon/widgets/ has no row in the layer table (test/support/addon-layers.ts)',
      ])
    })

    it('edges the right way pass, and a comment showing a preload is no edge', () => {
      const addon = plant({
        'commands/node/node.gd': 'const BridgeSceneAccess := preload("../../lib/scene_access.gd")\n',
        'core/router.gd': '## e.g. const BridgeSceneAccess := preload("../lib/scene_access.gd")\nextends RefCounted\n',
        'game/nodes.gd': 'const BridgeJsonValue := preload("../core/json_value.gd")\n',
        'lib/scene_access.gd':
          'const BridgeIpc := preload("../game/ipc.gd")\nconst BridgeParams := preload("../core/params.gd")\n',
        'mcp/endpoint.gd': 'const BridgeJsonRpc := preload("../transport/net/jsonrpc.gd")\n',
        'plugin.gd': 'const BridgeLink := preload("lib/game_link.gd")\n',
        'transport/ws/server.gd': 'extends "../../core/transport.gd"\n',
      })
      expect(layerViolations(addon)).to.deep.equal({checked: 6, wrong: []})
    })
  })

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
