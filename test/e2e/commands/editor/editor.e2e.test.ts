// editor.*: selection, undo/redo and history, captured errors, script reload, save all, run_script
// (its guard, its parse check, its log) and quit, against a real headless editor. Each change is read
// back from the editor or from disk.
import {expect} from 'chai'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {waitForExit} from '../../../support/editor.js'
import {type Json, useEditor} from '../../../support/fixture.js'

describe('editor commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'editor', pristine: false})
  const {call} = fx
  const run = (code: string, extra: Json = {}) => call('editor.run_script', {code, ...extra})
  const playerPosition = async () => (await run('return scene.get_node("Player").position')).result

  before(async () => {
    // A fresh editor opens the project's main scene a moment after it starts listening: open it now.
    await run(`EditorInterface.open_scene_from_path("res://scenes/main.tscn")
while EditorInterface.get_edited_scene_root() == null:
	await editor.get_base_control().get_tree().process_frame`)
  })

  it('runs the declared example of every editor command but quit', async () => {
    const commands = fx.commands
    const methods = commands.map((c) => c.method)
    expect(methods).to.include.members([
      'editor.selection_get',
      'editor.selection_set',
      'editor.undo',
      'editor.redo',
      'editor.undo_history',
      'editor.errors',
      'editor.reload_scripts',
      'editor.save_all',
      'editor.run_script',
      'editor.quit',
    ])
    for (const c of commands) {
      if (c.method === 'editor.quit') continue // the last test runs it
      if (c.needs === 'editor_renderer') {
        // this editor is --headless: it says so (screenshot.e2e.test.ts runs the example on one that renders)
        const refusal = await call(c.method, c.example).then(
          () => 'answered',
          (error: Error) => error.message,
        )
        expect(refusal, c.method).to.include('--headless')
        continue
      }
      expect(await call(c.method, c.example), c.method).to.be.an('object')
    }
  })

  it('sets and reads back the selection, and refuses an unknown node without touching it', async () => {
    const set = await call('editor.selection_set', {nodes: ['Player', '/root/Main/Camera2D', 'Player/Shape']})
    expect(set).to.deep.equal({
      scene: 'res://scenes/main.tscn',
      nodes: ['Player', 'Camera2D', 'Player/Shape'],
      undoable: false,
    })
    expect((await call('editor.selection_get')).nodes).to.deep.equal(['Player', 'Camera2D', 'Player/Shape'])
    const missing = await fx.rpcError('editor.selection_set', {nodes: ['Ground', 'Nobody']})
    expect(missing.rpcCode).to.equal(-32001)
    expect(missing.message).to.include('"Nobody"')
    expect((await call('editor.selection_get')).nodes).to.deep.equal(['Player', 'Camera2D', 'Player/Shape'])
    expect((await call('editor.selection_set', {nodes: ['.']})).nodes).to.deep.equal(['.'])
    expect((await call('editor.selection_set', {nodes: []})).nodes).to.deep.equal([])
    const inEditor = await run('return EditorInterface.get_selection().get_selected_nodes().size()')
    expect(inEditor.result).to.equal(0)
  })

  it('runs a snippet with editor, scene and emit, awaiting frames, and logs its body first', async () => {
    const marker = `marker_${Date.now()}`
    const out = await run(
      `emit(scene.name)\nemit(editor.get_edited_scene_root() == scene)\nawait editor.get_base_control().get_tree().process_frame\nemit("${marker}")\nreturn [1, 2]`,
    )
    expect(out).to.deep.equal({emitted: ['Main', true, marker], result: [1, 2], errors: [], undoable: false})
    expect(fx.editor.log()).to.include(`editor.run_script:\nemit(scene.name)`).and.include(`emit("${marker}")`)
    const nodes = await run(
      'emit(scene)\nemit({"player": scene.get_node("Player/Shape")})\nreturn [scene.get_node("Camera2D")]',
    )
    expect(nodes).to.deep.include({emitted: ['.', {player: 'Player/Shape'}], result: ['Camera2D']})
    const indented = await run('    var total = 0\n    for i in 3:\n        total += i\n    return total')
    expect(indented.result).to.equal(3)
  })

  it('refuses a snippet that does not compile, before running any of it', async () => {
    const error = await fx.rpcError('editor.run_script', {
      code: 'scene.set_meta("bridge_test_ran", true)\nemit(1)\nthis is not gdscript',
    })
    expect(error.rpcCode).to.equal(-32602)
    expect(error.message).to.include('does not compile').and.include('line 3').and.include('nothing ran')
    expect((await run('return scene.has_meta("bridge_test_ran")')).result).to.equal(false)
  })

  it('stops on a runtime error and reports its line and what was emitted until then', async () => {
    const error = await fx.rpcError('editor.run_script', {code: 'emit(1)\nvar n = null\nn.explode()\nemit(2)'})
    expect(error.rpcCode).to.equal(-32000)
    expect(error.message).to.include('line 3').and.include("Nonexistent function 'explode'")
    expect((error.rpcData as Json).emitted).to.deep.equal([1])
  })

  it('refuses what the guard catches, naming category and line, unless allow_unsafe_editor_io is given', async () => {
    const target = join(fx.editor.root, 'unsafe.txt')
    const write = 'var f = FileAccess.open("res://unsafe.txt", FileAccess.WRITE)\nf.store_string("written")\nf.close()'
    const refused = await fx.rpcError('editor.run_script', {code: `emit(1)\n${write}`})
    expect(refused.rpcCode).to.equal(-32004)
    expect(refused.message)
      .to.include('refused (file write): line 2: FileAccess.open opens a file for writing')
      .and.include('--allow-unsafe-editor-io')
    expect(refused.rpcData).to.include({line: 2, category: 'file_write', api: 'FileAccess.open'})
    expect(existsSync(target)).to.equal(false)

    // the full set (rule-list examples, attacks, generated variants) is test/e2e/security/run-script-guard.e2e.test.ts
    const cases: [string, string][] = [
      ['ResourceSaver.save(Resource.new(), "res://x.tres")', 'file_write'],
      ['ProjectSettings.save()', 'file_write'],
      ['EditorInterface.save_scene()', 'file_write'],
      ['editor.save_all_scenes()', 'file_write'],
      ['DirAccess.open("res://").rename("scenes", "gone")', 'file_write'],
      ['OS.execute("rm", ["-rf", "/tmp/x"])', 'program'],
      ['var c = ConfigFile.new()\nc.save("res://x.cfg")', 'file_write'],
      ['scene.call("save_scene")', 'file_write'],
      ['var m = "sa" + "ve_scene"\nscene.call(m)', 'dynamic_name'],
      ['var s = GDScript.new()\ns.source_code = "extends Node"', 'runtime_code'],
    ]
    for (const [code, category] of cases) {
      const e = await fx.rpcError('editor.run_script', {code})
      expect(e.rpcCode, code).to.equal(-32004)
      expect((e.rpcData as Json).category, code).to.equal(category)
    }
    // a comment or a read is not a write
    const harmless = await run(
      '# ResourceSaver.save(x) would write\nreturn FileAccess.open("res://project.godot", FileAccess.READ) != null',
    )
    expect(harmless.result).to.equal(true)

    const allowed = await run(write, {allow_unsafe_editor_io: true})
    expect(allowed.errors).to.deep.equal([])
    expect(readFileSync(target, 'utf8')).to.equal('written')
    expect(fx.editor.log()).to.include('editor.run_script (unsafe editor io allowed):')
  })

  it('allows calls by literal name and lambdas called with values (the guard refuses only names built at run time)', async () => {
    const out = await run(
      'var twice = func(x): return x * 2\nemit(twice.call(3))\nemit(scene.call("get_name"))\nreturn twice.callv([5])',
    )
    expect(out.emitted).to.deep.equal([6, 'Main'])
    expect(out.result).to.equal(10)
  })

  it('ends a while loop that outlives the time budget: the call fails saying so and the editor keeps answering', async () => {
    const started = Date.now()
    const e = await fx.rpcError('editor.run_script', {code: 'emit(1)\nvar n = 0\nwhile true:\n\tn += 1\nreturn n'})
    expect(Date.now() - started, 'not before the 10 s budget').to.be.at.least(9_000)
    expect(e.message).to.include('while loop was still running').and.include('10000 ms')
    expect((e.rpcData as Json).emitted).to.deep.equal([1])
    expect((await call('engine.version')).major).to.equal(4)
  })

  it('audits every run_script body before it runs (transport, size, outcome), refused ones too, outside editor.errors', async () => {
    const {next_seq: since} = await call('editor.errors', {limit: 1})
    const marker = `audit_${Date.now()}`
    await run(`emit("${marker}")`)
    await fx.rpcError('editor.run_script', {code: `ResourceSaver.save(null, "res://${marker}.tres")`})
    const {entries} = await call('editor.audit', {limit: 50})
    const mine = (entries as Json[]).filter((x) => String(x.body ?? '').includes(marker))
    expect(mine, 'the run body and the refused one').to.have.length(2)
    expect(mine[1]).to.include({outcome: 'refused', category: 'file_write', line: 1})
    expect(mine[1].detail).to.include('refused (file write): line 1: ResourceSaver.save')
    expect(mine[0]).to.include({
      kind: 'editor.run_script',
      transport: 'ws',
      outcome: 'started',
      size: mine[0].body.length,
    })
    const done = (entries as Json[]).find((x) => x.id === mine[0].id && x.outcome !== 'started')
    expect(done).to.include({outcome: 'ok'})
    const errors = await call('editor.errors', {since})
    expect(JSON.stringify(errors.entries)).to.not.include('bridge audit')
    expect(fx.editor.log()).to.match(/bridge audit #\d+: editor.run_script started via ws/)
  })

  it('captures errors and warnings from the editor output, with a since cursor and a limit', async () => {
    const {next_seq: since} = await call('editor.errors', {limit: 1})
    const marker = `boom_${Date.now()}`
    const out = await run(
      `push_error("${marker}")\npush_warning("${marker}_warn")\nprinterr("${marker}_stderr")\nreturn 1`,
    )
    expect(out.result).to.equal(1)
    expect(out.errors).to.deep.equal([
      {type: 'error', message: marker, line: 1},
      {type: 'warning', message: `${marker}_warn`, line: 2},
      {type: 'stderr', message: `${marker}_stderr`},
    ])
    const errors = await call('editor.errors', {since})
    const mine = (errors.entries as Json[]).filter((e) => String(e.message).startsWith(marker))
    expect(mine.map((e) => [e.type, e.message])).to.deep.equal([
      ['error', marker],
      ['warning', `${marker}_warn`],
      ['stderr', `${marker}_stderr`],
    ])
    expect(mine[0].function).to.equal('push_error')
    expect(mine[0].seq).to.be.at.least(since)
    expect(errors.next_seq).to.be.greaterThan(mine[2].seq)
    const last = await call('editor.errors', {since, limit: 1})
    expect(last.entries.map((e: Json) => e.message)).to.deep.equal([`${marker}_stderr`])
    expect((await call('editor.errors', {since: errors.next_seq})).count).to.equal(0)
  })

  it("leaves bridge's own frames out of an entry's stack and backtrace unless own_frames is given", async () => {
    const {next_seq: since} = await call('editor.errors', {limit: 1})
    const marker = `framed_${Date.now()}`
    await run(`push_error("${marker}")\nreturn 1`)
    const mine = async (params: Json) =>
      ((await call('editor.errors', {since, ...params})).entries as Json[]).find((e) => e.message === marker)!
    const own = (frames: Json[]) => frames.filter((f) => String(f.file).startsWith('res://addons/bridge/'))
    const all = await mine({own_frames: true})
    // the snippet's frame, then the addon's code that ran it
    expect(own(all.stack).length, JSON.stringify(all.stack)).to.be.greaterThan(0)
    expect(all.backtrace).to.include('res://addons/bridge/')
    const plain = await mine({})
    expect(own(plain.stack)).to.deep.equal([])
    expect(plain.stack).to.deep.equal(all.stack.filter((f: Json) => !own([f]).length))
    expect(plain.own_frames_left_out).to.equal(own(all.stack).length)
    expect(plain.backtrace).to.not.include('res://addons/bridge/')
    expect(plain.backtrace).to.include(plain.stack[0].file)
  })

  it('undoes and redoes a scene edit through the editor history, and saves it with save_all', async () => {
    expect(await playerPosition()).to.deep.equal([320, 180])
    await run(`var p = scene.get_node("Player")
undo_redo.create_action("Move player")
undo_redo.add_do_property(p, "position", Vector2(123, 45))
undo_redo.add_undo_property(p, "position", p.position)
undo_redo.commit_action()`)
    expect(await playerPosition()).to.deep.equal([123, 45])
    const history = await call('editor.undo_history')
    const scene = (history.histories as Json[]).find((h) => h.history === 'scene:res://scenes/main.tscn')!
    expect(scene.actions.at(-1)).to.deep.include({name: 'Move player', applied: true})

    expect(await call('editor.undo')).to.include({
      undone: true,
      action: 'Move player',
      history: 'scene:res://scenes/main.tscn',
    })
    expect(await playerPosition()).to.deep.equal([320, 180])
    const after = (await call('editor.undo_history')).histories.find((h: Json) => h.history.startsWith('scene:'))
    expect(after.actions.at(-1)).to.deep.include({name: 'Move player', applied: false})
    expect(await call('editor.redo')).to.include({redone: true, action: 'Move player'})
    expect(await playerPosition()).to.deep.equal([123, 45])

    const saved = await call('editor.save_all')
    expect(saved.scenes).to.include('res://scenes/main.tscn')
    expect(readFileSync(join(fx.editor.root, 'scenes', 'main.tscn'), 'utf8')).to.include('position = Vector2(123, 45)')
  })

  it('says when there is nothing left to undo or redo', async () => {
    let result: Json = {}
    for (let i = 0; i < 50; i++) {
      result = await call('editor.undo')
      if (!result.undone) break
    }
    expect(result).to.include({undone: false, reason: 'nothing to undo'})
    expect(await playerPosition()).to.deep.equal([320, 180])
    for (let i = 0; i < 50; i++) {
      result = await call('editor.redo')
      if (!result.redone) break
    }
    expect(result).to.include({redone: false, reason: 'nothing to redo'})
    expect(await playerPosition()).to.deep.equal([123, 45])
  })

  it('reloads a script changed on disk', async () => {
    const file = join(fx.editor.root, 'scripts', 'player.gd')
    const read = 'return load("res://scripts/player.gd").get_script_constant_map().get("BRIDGE_MARK")'
    expect((await run(read)).result).to.equal(null)
    writeFileSync(file, readFileSync(file, 'utf8') + '\nconst BRIDGE_MARK := 7\n')
    const reloaded = await call('editor.reload_scripts')
    expect(reloaded.reloaded).to.include('res://scripts/player.gd')
    expect(reloaded.failed).to.deep.equal([])
    expect((await run(read)).result).to.equal(7)
    expect((await call('editor.reload_scripts')).reloaded).to.deep.equal([]) // nothing changed since

    const good = readFileSync(file, 'utf8')
    writeFileSync(file, good.replace('BRIDGE_MARK := 7', 'BRIDGE_MARK := 8\nfunc broken(:'))
    const broken = await call('editor.reload_scripts')
    expect(broken.failed).to.deep.equal([{path: 'res://scripts/player.gd', error: 'Parse error'}])
    expect((await run(read)).result).to.equal(7) // the last good version stays loaded
    writeFileSync(file, good)
  })

  it('quits the editor with its declared example', async () => {
    // the client waits until the editor is gone (src/editor/quit-wait.ts) and says so
    expect(await call('editor.quit', fx.examples['editor.quit'])).to.include({
      quitting: true,
      exit_code: 0,
      undoable: false,
      pid: fx.editor.pid,
      waited: true,
      gone: true,
      clean: true,
    })
    expect(await waitForExit(fx.editor.pid, 15_000)).to.equal(true) // gone, or exited and not yet reaped
    // a clean exit: the addon removed its discovery file on the way out
    expect(existsSync(join(fx.editor.root, '.engine', 'bridge.json'))).to.equal(false)
  })
})
