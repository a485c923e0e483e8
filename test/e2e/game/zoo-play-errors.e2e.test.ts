// The bug zoo's case "a previous play's errors after a fix": a wave game calls its HUD through a wrong path
// ("../Hud"), so on tick 30 the engine logs Node not found and the game stops at a call on a null instance. The
// agent reads both in runtime.errors, fixes the path, plays again frozen and steps past tick 30: the HUD shows
// wave 2, and runtime.errors must say this play logged nothing, with the real pid of this game, not hand back
// the errors of the play before the fix (as it did: the clean game's output file held only an unflushed
// header, so the editor went on reading the last game that had written anything). Every entry names the
// play it came from (id, pid, scene, start time); an earlier play is read by its id or with play "all"; a
// cursor (since/next_seq) keeps working across plays; a third play of a different bug answers only its own.
import {expect} from 'chai'

import {BUGS, sceneOf, useZooEditor} from '../../support/bug-zoo.js'
import type {Json} from '../../support/fixture.js'

const SCRIPT = 'res://zoo/waves.gd'
const SCENE = 'res://zoo/waves.tscn'
const HUD = 'res://zoo/hud.gd'
const BUGGY = `extends Node2D
## Bug zoo: the second wave told to a HUD looked up by a wrong path.

var wave := 1
var ticks := 0


func _physics_process(_delta: float) -> void:
\tticks += 1
\tif ticks == 30:
\t\twave = 2
\t\tget_node("../Hud").set_wave(wave)
`
const HUD_SOURCE = `extends Label
## Bug zoo: the wave game's HUD.


func set_wave(wave: int) -> void:
\ttext = "Wave %d" % wave
`
const SCENE_TEXT = `[gd_scene load_steps=3 format=3]

[ext_resource type="Script" path="${SCRIPT}" id="waves"]
[ext_resource type="Script" path="${HUD}" id="hud"]

[node name="Waves" type="Node2D"]
script = ExtResource("waves")

[node name="Hud" type="Label" parent="."]
text = "Wave 1"
script = ExtResource("hud")
`
/** A bug of the zoo that logs nothing, and one that stops at an error of its own. */
const CLEAN = BUGS.find((b) => b.kind === 'logic bug with no error')!
const OTHER = BUGS.find((b) => b.kind === 'missing node path')!

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const messages = (entries: Json[]) => entries.map((e) => String(e.message))

describe("the bug zoo: a previous play's errors after a fix (real editor)", function () {
  this.timeout(240_000)
  const f = useZooEditor({
    'res://zoo/waves.gd': BUGGY,
    'res://zoo/hud.gd': HUD_SOURCE,
    'res://zoo/waves.tscn': SCENE_TEXT,
  })
  const {call} = f
  afterEach(() => f.game.stop())

  /** Waits until the debugger holds the game at its script error. */
  async function held(): Promise<void> {
    const until = Date.now() + 20_000
    while (!(await call('scene.is_playing')).paused_at_breakpoint) {
      if (Date.now() > until) throw new Error('the game never stopped at its script error')
      await sleep(100)
    }
  }

  /** runtime.errors once the game's output file has had `entries` lines read (it is polled). */
  async function errorsOnceThere(count: number, params: Json = {}): Promise<Json> {
    let out: Json = {}
    for (let i = 0; i < 40; i++) {
      out = await call('runtime.errors', params)
      if (out.count >= count) return out
      await sleep(250)
    }
    return out
  }

  it('a clean game answers its own pid, even with nothing logged', async () => {
    const played = await f.game.play({scene: sceneOf(CLEAN), frozen: true})
    await call('runtime.step', {frames: 10})
    const clean = await call('runtime.errors')
    expect(clean, JSON.stringify(clean)).to.include({count: 0, playing: true, pid: played.pid})
    expect(clean.play, 'the play it answers for').to.include({pid: played.pid, scene: sceneOf(CLEAN)})
    await call('scene.stop')
  })

  it('after the fix, runtime.errors holds only the new play: nothing, with its pid; the old play by its id', async () => {
    // the bug: its two errors, each naming the play they came from
    const {next_seq: cursor} = await call('runtime.errors', {limit: 1})
    const first = await f.game.play({scene: SCENE})
    await held()
    const buggy = await errorsOnceThere(2)
    expect(buggy).to.include({playing: true, pid: first.pid})
    expect(messages(buggy.entries).join('\n')).to.include('Node not found: "../Hud"').and.to.include('set_wave')
    const firstPlay = buggy.play
    expect(firstPlay).to.include({pid: first.pid, scene: SCENE})
    expect(firstPlay.id).to.be.a('number')
    expect(firstPlay.started_unix).to.be.a('number')
    for (const e of buggy.entries) expect(e.play, JSON.stringify(e)).to.deep.equal(firstPlay)
    await call('scene.stop')

    // the fix, then a frozen play stepped past tick 30: the HUD is right
    await call('script.edit', {path: SCRIPT, replacements: [{find: '"../Hud"', replace: '"Hud"'}]})
    const second = await f.game.play({scene: SCENE, frozen: true})
    expect(second.pid).to.not.equal(first.pid)
    await call('runtime.step', {frames: 60})
    expect((await call('runtime.get', {node_path: 'Hud', properties: ['text']})).values.text).to.equal('Wave 2')
    // until the editor has read this game's output file (its header names its pid), as it polls it
    let fixed: Json = await call('runtime.errors')
    for (let i = 0; i < 40 && fixed.pid !== second.pid; i++) {
      await sleep(250)
      fixed = await call('runtime.errors')
    }
    expect(fixed, `the fix reads as not working: ${JSON.stringify(fixed)}`).to.include({
      count: 0,
      playing: true,
      pid: second.pid,
    })
    expect(fixed.play).to.include({pid: second.pid, scene: SCENE})
    expect(fixed.play.id).to.be.greaterThan(firstPlay.id)

    // the earlier play is still there, asked for by its id, and with play "all"
    const earlier = await call('runtime.errors', {play: firstPlay.id})
    expect(earlier).to.include({count: buggy.count, pid: first.pid})
    expect(earlier.entries).to.deep.equal(buggy.entries)
    const all = await call('runtime.errors', {play: 'all', since: cursor})
    expect(all.entries.map((e: Json) => e.seq)).to.deep.equal(buggy.entries.map((e: Json) => e.seq))
    await f.failsWith('runtime.errors', {play: 'previous'}, -32602, 'play')

    // editor.errors: the same entries, each with its play
    const editor = await call('editor.errors', {since: cursor, source: 'game'})
    expect(editor.entries.map((e: Json) => e.play)).to.deep.equal(buggy.entries.map(() => firstPlay))
    await call('scene.stop')

    // a third play, of a different bug: only its own entries; the cursor of the first play still pages
    const third = await f.game.play({scene: sceneOf(OTHER)})
    await held()
    const other = await errorsOnceThere(1)
    expect(other).to.include({pid: third.pid})
    expect(messages(other.entries).join('\n')).to.match(OTHER.message!).and.not.include('../Hud')
    for (const e of other.entries) expect(e.play).to.include({pid: third.pid, scene: sceneOf(OTHER)})
    const paged = await call('runtime.errors', {since: fixed.next_seq})
    expect(paged.entries.map((e: Json) => e.seq)).to.deep.equal(other.entries.map((e: Json) => e.seq))
    const later = await call('runtime.errors', {since: paged.next_seq})
    expect(later.count, 'nothing new past the cursor').to.equal(0)
  })
})
