// The rule atop addon/game/inspector.gd: the scripts the game runs never use a preloaded script's constant (or
// an inner class) as a type, since in a type position a project's class_name of the same name wins over the
// local constant and the script stops compiling in the user's game (test/e2e/game/project-class-names.e2e.test.ts).
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {relative} from 'node:path'

import {addonTypeUses} from '../support/addon-names.js'
import {ADDON_DIR, gameScriptNames, gameScripts, typeUses} from '../support/game-scripts.js'

describe('the scripts the game runs name no preloaded script as a type', () => {
  it('reads the game scripts and their names from the sources (core/ and lib/ files they load included)', () => {
    const files = gameScripts().map((f) => relative(ADDON_DIR, f))
    expect(files).to.include.members(['game/inspector.gd', 'game/input.gd', 'core/output_log.gd', 'core/json_value.gd'])
    expect([...gameScriptNames().keys()]).to.include.members([
      'BridgeIpc',
      'BridgeJsonValue',
      'BridgeOutputLog',
      'BridgeCompat',
    ])
  })

  it('finds a type use where there is one, and none in expressions, strings or comments', () => {
    const uses = (code: string) => typeUses(code, 'Ipc')
    for (const bad of [
      'func f(x: Ipc) -> void:',
      'var a: Ipc',
      'func f() -> Ipc:',
      '\treturn x as Ipc',
      '\tif x is Ipc:',
      '\tif x is not Ipc:',
      'var a: Array[Ipc] = []',
      'extends Ipc',
      '\tfor x: Ipc in list:',
    ])
      expect(uses(bad), bad).to.deep.equal([1])
    for (const fine of [
      'const Ipc := preload("ipc.gd")',
      '\tIpc.write_atomic(dir, Ipc.GAME_FILE, "")',
      '\tvar d := {"code": Ipc.FAILED}',
      '\tif is_instance_of(x, Ipc):',
      '\tprint("x: Ipc")  # as Ipc',
      'var ipc_x: IpcThing',
    ])
      expect(uses(fine), fine).to.deep.equal([])
  })

  it('no game script declares a class_name or an inner class (one named like a project class does not parse)', () => {
    const found: string[] = []
    for (const file of gameScripts())
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(class_name|class)\s+\w+/.test(line))
            found.push(`addon/${relative(ADDON_DIR, file)}:${i + 1}: ${line}`)
        })
    expect(found, 'a preloaded file of its own instead (see addon/game/inspector.gd)').to.deep.equal([])
  })

  it('holds in every game script', () => {
    const found = addonTypeUses([...gameScriptNames().keys()], gameScripts())
    expect(found, 'type these by their engine class (see addon/game/inspector.gd)').to.deep.equal([])
  })
})
