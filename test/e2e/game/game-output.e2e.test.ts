// The game's output and errors in one place: a game prints lines, prints to stderr, pushes a warning and an
// error, makes the engine fail (a missing node) and then stops on a script error in the debugger. Each is read
// back through runtime.errors while the game is held at that error, again after it was stopped, and through
// editor.errors and the engine://editor/errors resource, tagged with source "game", where a cursor returns
// only what is new. All of it comes from the file the game's log writes as it happens (lib/game_output.gd).
import {expect} from 'chai'
import {writeFileSync} from 'node:fs'

import {type Json, useEditor} from '../../support/fixture.js'

const SCRIPT = 'res://scripts/noisy.gd'
const SCENE = 'res://scenes/noisy.tscn'
const SOURCE = `extends Node
var ticks := 0
var missing: Node = null


func _ready() -> void:
	print("NOISY ready")
	printerr("NOISY to stderr")
	push_warning("NOISY warned")
	push_error("NOISY pushed")
	get_node("NoSuchChild")


func _physics_process(_delta: float) -> void:
	ticks += 1
	if ticks == 20:
		print("NOISY about to fail")
		missing.queue_free()
`
const SCENE_TEXT = `[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="${SCRIPT}" id="1"]

[node name="Noisy" type="Node"]
script = ExtResource("1")
`

/** The entries whose message mentions `text`. */
const named = (entries: Json[], text: string): Json[] => entries.filter((e) => String(e.message).includes(text))

describe("the game's output and errors (real editor, a game held at a script error)", function () {
  this.timeout(120_000)
  const f = useEditor({pristine: false})
  const {call} = f

  before(() => {
    writeFileSync(f.disk(SCRIPT), SOURCE)
    writeFileSync(f.disk(SCENE), SCENE_TEXT)
  })
  afterEach(() => f.game.stop())

  /** Plays the noisy scene and waits until the debugger holds it at its script error. */
  async function playUntilHeld(): Promise<Json> {
    const played = await f.game.play({scene: SCENE})
    const until = Date.now() + 20_000
    while (!(await call('scene.is_playing')).paused_at_breakpoint) {
      if (Date.now() > until) throw new Error('the game never stopped at its script error')
      await new Promise((r) => setTimeout(r, 100))
    }
    return played
  }

  /** Every kind of entry the noisy game makes, checked field by field. */
  function expectAllOf(entries: Json[], pid: number): void {
    for (const e of entries) expect(e, JSON.stringify(e)).to.include({source: 'game', pid})
    expect(named(entries, 'NOISY to stderr')[0]).to.include({type: 'stderr'})
    expect(named(entries, 'NOISY warned')[0]).to.include({type: 'warning', script_file: SCRIPT, script_line: 9})
    const pushed = named(entries, 'NOISY pushed')[0]
    expect(pushed).to.include({type: 'error', script_file: SCRIPT, script_line: 10})
    expect(pushed.stack[0]).to.deep.equal({file: SCRIPT, line: 10, function: '_ready'})
    const engine = named(entries, 'Node not found')[0]
    expect(engine, 'the engine error the game caused').to.include({type: 'error', script_file: SCRIPT, script_line: 11})
    expect(engine.file).to.include('node.cpp')
    const failed = named(entries, "Cannot call method 'queue_free' on a null value")[0]
    expect(failed, 'the script error it is held at').to.include({
      type: 'script',
      file: SCRIPT,
      line: 18,
      function: '_physics_process',
    })
    expect(failed.stack[0]).to.deep.equal({file: SCRIPT, line: 18, function: '_physics_process'})
    const seqs = entries.map((e) => e.seq)
    expect(seqs, 'newest last').to.deep.equal([...seqs].sort((a, b) => a - b))
  }

  it('reads what the game logged while it is held at the error, after it stopped, and in editor.errors by source', async () => {
    const {next_seq: since} = await call('editor.errors', {limit: 1})
    const {pid} = await playUntilHeld()
    // held in the debugger: the game's loop is stopped, the editor still answers from the game's file
    const held = await call('runtime.errors')
    expect(held).to.include({playing: true, pid})
    expectAllOf(held.entries, pid)
    expect(named(held.entries, 'NOISY ready'), 'print lines only with kind all').to.deep.equal([])
    const all = await call('runtime.errors', {kind: 'all'})
    expect(named(all.entries, 'NOISY ready')[0]).to.include({type: 'print', source: 'game'})
    expect(named(all.entries, 'NOISY about to fail')[0]).to.include({type: 'print'})
    const prints = await call('runtime.errors', {kind: 'print'})
    expect(prints.entries.every((e: Json) => e.type === 'print')).to.equal(true)

    await call('scene.stop')
    const after = await call('runtime.errors')
    expect(after).to.include({playing: false, pid})
    expect(after.entries).to.deep.equal(held.entries)

    // editor.errors: the same entries, tagged; the editor's own filter leaves them out
    const game = await call('editor.errors', {since, source: 'game'})
    expectAllOf(game.entries, pid)
    const editorOnly = await call('editor.errors', {since, source: 'editor'})
    expect(editorOnly.entries.filter((e: Json) => e.source !== 'editor')).to.deep.equal([])
    expect(named(editorOnly.entries, 'NOISY')).to.deep.equal([])
    const both = await call('editor.errors', {since})
    expect(named(both.entries, 'NOISY pushed')).to.have.length(1)
    const output = await call('editor.output', {since, source: 'game', kind: 'print'})
    expect(named(output.entries, 'NOISY ready')).to.have.length(1)

    // the cursor: nothing new until the next game, then only that game's entries
    const again = await call('editor.errors', {since: game.next_seq, source: 'game'})
    expect(again.count).to.equal(0)
    const second = await playUntilHeld()
    await call('scene.stop')
    const fresh = await call('editor.errors', {since: game.next_seq, source: 'game'})
    expect(fresh.count).to.equal(game.count)
    expectAllOf(fresh.entries, second.pid)
    // runtime.errors is about the game running now, or the last one: the first game's entries are not in it
    const latest = await call('runtime.errors')
    expect(latest).to.include({playing: false, pid: second.pid, count: held.count})
    expectAllOf(latest.entries, second.pid)
  })

  it('serves the game errors in the engine://editor/errors resource over MCP', async () => {
    const {pid} = await playUntilHeld()
    const client = await f.mcpHttp('game-output-e2e')
    const read = await client.readResource({uri: 'engine://editor/errors'})
    const body = JSON.parse((read.contents[0] as {text: string}).text)
    const pushed = named(body.entries, 'NOISY pushed').filter((e) => e.pid === pid)
    expect(pushed[0]).to.include({source: 'game', script_file: SCRIPT, script_line: 10})
    expect(named(body.entries, "Cannot call method 'queue_free'").filter((e) => e.pid === pid)).to.have.length(1)
  })
})
