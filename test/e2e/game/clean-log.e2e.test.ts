// bridge's own work leaves no entry in the editor's error log: a playtest (play with an unsaved edit, pause,
// step, stop), refused writes (a Camera2D zoom of 0, a negative mass, a number too big for a float), and checks
// that compile or load what they are given (test.scenes_load of a broken scene, script.validate and
// editor.run_script of code that does not compile, project.write_file of such code over a loaded script: each
// answers with what it found) are read back the way an agent checks its game for bugs, through editor.errors,
// and nothing there points into the addon or at what those checks were given — but the script written broken,
// listed once as a script that does not compile now.
// Run once headless and once with the editor and its game rendering under the private Xvfb (where it exists).
import {expect} from 'chai'
import {writeFileSync} from 'node:fs'

import {type Json, useEditor} from '../../support/fixture.js'
import {xvfbRoot} from '../../support/xvfb.js'

const ADDON = 'res://addons/bridge/'
const BROKEN_SCENE = 'res://scenes/broken.tscn'
const BAD_SCRIPT = 'res://scripts/bad.gd'

/** Entries of editor.errors since `since` that bridge's code made (their GDScript backtrace is in the addon). */
function bridgeMade(entries: Json[]): Json[] {
  return entries.filter((e) => [e.script_file, e.backtrace, e.file].some((s) => String(s ?? '').includes(ADDON)))
}

function suite(display: 'headless' | 'window'): void {
  // windowed: the editor itself renders too, as on a desktop (the setup the log noise was reported from)
  const f = useEditor({
    pristine: false,
    headless: display === 'headless',
    xvfb: display === 'window',
  })
  const game = f.game

  it(`a playtest (${display}), refused writes, scene checks and bad scripts leave no entry bridge caused in editor.errors`, async function () {
    this.timeout(120_000)
    const {next_seq: since} = await f.call('editor.errors', {limit: 1})
    for (let round = 0; round < 2; round++) {
      // an unsaved edit: the editor saves before running (a headless one without a thumbnail to draw)
      await f.call('node.add', {type: 'Node2D', name: `Unsaved${round}`})
      await game.play({display})
      await f.call('runtime.pause')
      await f.call('runtime.step', {frames: 5})
      const stopped = await f.call('scene.stop')
      expect(stopped.stopped).to.equal(true)
    }
    await f.refused(
      'node.set',
      {node_path: 'Camera2D', property: 'zoom', value: [0, 0]},
      -32000,
      'zoom',
      'different from 0',
    )
    await f.refused(
      'physics.add_body',
      {type: 'RigidBody2D', name: 'R', shape: 'circle', properties: {mass: -5}},
      -32000,
      'mass',
    )
    await f.refused('node.add', {type: 'Node2D', name: 'N', properties: {position: '1e999,0'}}, -32602, 'position')
    await f.refused(
      'node.add',
      {type: 'Node2D', name: 'N', properties: {modulate: '(1e999, 0, 0)'}},
      -32602,
      'modulate',
    )
    // checks that compile or load what they are given: their findings are their answers, not log entries
    writeFileSync(f.disk(BROKEN_SCENE), '[gd_scene format=3]\n\n[node name="Broken" type="Node"\nthis is not a scene\n')
    const scenes = await f.call('test.scenes_load', {under: 'res://scenes'})
    expect(scenes.failed.map((s: Json) => s.scene)).to.deep.equal([BROKEN_SCENE])
    const validated = await f.call('script.validate', {code: 'extends Node\nfunc f(:\n'})
    expect(validated.ok).to.equal(false)
    await f.failsWith('editor.run_script', {code: 'return nope('}, -32602, 'does not compile')
    // a script the editor has loaded, rewritten with text that does not compile: the write says so itself, and
    // editor.errors lists it once as a script that does not compile (not the engine's reload noise)
    await f.call('project.write_file', {path: BAD_SCRIPT, content: 'extends Node\n'})
    await f.call('editor.run_script', {code: `return load("${BAD_SCRIPT}") != null`})
    await f.call('project.write_file', {path: BAD_SCRIPT, content: 'extends Node\nfunc f(:\n', overwrite: true})
    // the editor ends a stopped game's threads and debugger session a few frames later: give them the time
    await new Promise((r) => setTimeout(r, 1500))
    const {entries: all} = await f.call('editor.errors', {since, limit: 200, own_frames: true})
    // the broken script itself is listed once, as the script that does not compile now (core/compile_errors.gd)
    const compile = (all as Json[]).filter((e) => e.compile === true)
    expect(
      compile.map((e) => e.file),
      JSON.stringify(compile),
    ).to.deep.equal([BAD_SCRIPT])
    const entries = (all as Json[]).filter((e) => e.compile !== true)
    expect(bridgeMade(entries), JSON.stringify(entries, null, 1)).to.deep.equal([])
    expect(
      entries.filter((e: Json) =>
        /errno|Exponent|Zoom level|p_mass|Parameter "t" is null|XServer|gdscript:\/\/|broken\.tscn|bad\.gd/.test(
          `${e.message} ${e.file} ${e.script_file}`,
        ),
      ),
      'none of the messages bridge used to cause',
    ).to.deep.equal([])
  })
}

describe('a clean error log after a playtest (real editor)', function () {
  describe('game headless', () => suite('headless'))
  ;(xvfbRoot() ? describe : describe.skip)('editor and game rendering under the private Xvfb', () => suite('window'))
})
