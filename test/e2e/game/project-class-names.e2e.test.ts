// The game side (addon/game/*.gd and every script they load: the autoloads MCPGameInspector and MCPGameInput)
// runs inside the user's game, where the project's class_names are global names too, and in a type position
// (annotation, as, is) a project's class_name wins over a script's own preload constant, declared once or twice
// (Godot 4.6; the corpus's nested copy declared `class_name Game` twice, and every play stopped at a script error
// while the parts typed the inspector `Game`). The rule atop addon/game/inspector.gd keeps those constants out
// of type positions. Here the project declares, twice (a nested copy), every name the game scripts give a script,
// read from the addon's sources (test/support/game-scripts.ts), so a new constant is covered without touching
// this file; then the demo plays and every game part must build and answer, with no script error from the addon.
// The names are the addon's with the reserved prefix taken off (BridgeIpc → Ipc: test/support/addon-names.ts),
// the names a game would give its own classes. The classes are added once the editor runs and has played once:
// what an editor starting in a project that declares them does is test/e2e/commands/project-class-names.e2e.test.ts.
import {expect} from 'chai'
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../support/fixture.js'
import {ENGINE_NAMES, unprefixed} from '../../support/addon-names.js'
import {ADDON_DIR, gameScriptNames} from '../../support/game-scripts.js'

const NAMES = [...new Set([...gameScriptNames().keys()].map(unprefixed))].filter((n) => !ENGINE_NAMES.has(n)).sort()
const COPIES = 2

/** The game parts the command groups route to (commands/<group>/index.json, "game"). */
function routedParts(): string[] {
  const parts = new Set<string>()
  for (const group of readdirSync(join(ADDON_DIR, 'commands'))) {
    let index: Json
    try {
      index = JSON.parse(readFileSync(join(ADDON_DIR, 'commands', group, 'index.json'), 'utf8'))
    } catch {
      continue
    }
    for (const script of Object.values((index.game ?? {}) as Record<string, string>)) parts.add(script)
  }
  return [...parts].sort()
}

/** A script declaring each name as its class_name, in COPIES folders (the second a copy inside the first). */
function declareAll(root: string): void {
  for (let copy = 0; copy < COPIES; copy++) {
    const dir = join(root, copy === 0 ? 'clash' : `clash/backup${copy}`)
    mkdirSync(dir, {recursive: true})
    for (const name of NAMES)
      writeFileSync(
        join(dir, `${name.toLowerCase()}.gd`),
        `class_name ${name}\nextends Node2D\n## The project's own ${name}, nothing like the addon's.\n\nvar mine := true\n`,
      )
  }
}

const GLOBALS =
  'var out := []\nfor c: Dictionary in ProjectSettings.get_global_class_list():\n\tout.append(str(c["class"]))\nreturn out'

describe('the game side in a project declaring, twice, every name the game scripts give a script', function () {
  this.timeout(180_000)
  const fx = useEditor({pristine: false})
  const {call} = fx

  /** Plays the demo and runs commands of every game part; the game's errors that point into the addon. */
  async function playAndExercise(): Promise<Json[]> {
    const played = await fx.game.play()
    expect(await call('runtime.status')).to.deep.include({pid: played.pid})
    expect(await call('runtime.eval', {code: 'return 6 * 7'})).to.deep.include({result: 42})
    const tree = await call('runtime.tree', {max_depth: 1})
    expect(JSON.stringify(tree)).to.include('MCPGameInspector')
    const found = await call('runtime.wait_for_node', {node_path: '/root/MCPGameInspector', timeout_ms: 2000})
    expect(found.node).to.equal('/root/MCPGameInspector')
    await call('input.action', {action: 'move_right', pressed: true})
    await call('input.release_all')
    await call('runtime.pause')
    expect(await call('runtime.step', {frames: 2})).to.be.an('object')
    await call('runtime.resume')
    // every part the groups route to, built in the game: false means its script did not compile or build
    const parts = routedParts()
    const built = await call('runtime.eval', {
      code: `var out := {}\nfor f: String in ${JSON.stringify(parts)}:\n\tout[f] = MCPGameInspector.part(f) != null\nreturn out`,
    })
    expect(built.result).to.deep.equal(Object.fromEntries(parts.map((f) => [f, true])))
    const {entries} = await call('runtime.errors', {kind: 'errors', limit: 1000})
    return entries.filter((e: Json) => JSON.stringify(e).includes('addons/bridge'))
  }

  it('reads the names from the addon sources (Ipc, JsonValue, OutputLog, Compat, Events, ...)', () => {
    expect(NAMES).to.include.members(['Ipc', 'JsonValue', 'OutputLog', 'Compat', 'Events', 'Screen'])
  })

  it('plays the demo and every game part builds and answers, with no script error from the addon in the game', async () => {
    // first without the classes: the same calls answer in a plain project
    expect(await playAndExercise()).to.deep.equal([])
    await fx.game.stop()

    declareAll(fx.editor.root)
    await fx.inEditor('EditorInterface.get_resource_filesystem().scan()\nreturn true')
    // the editor registers them (and writes the class cache the game reads) once its scan is done
    const deadline = Date.now() + 60_000
    let globals: string[] = []
    while (Date.now() < deadline) {
      globals = await fx.inEditor(GLOBALS)
      if (NAMES.every((n) => globals.includes(n))) break
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(globals).to.include.members(NAMES)

    const ours = await playAndExercise()
    expect(ours, JSON.stringify(ours, null, 1)).to.deep.equal([])
    // the game saw the project's classes: the names are global there too
    const inGame = await call('runtime.eval', {code: GLOBALS})
    expect(inGame.result).to.include.members(NAMES)
  })
})
