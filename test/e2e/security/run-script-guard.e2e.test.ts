// editor.run_script's guard against a real editor: every example of the rule list (the rows docs/security.md
// is generated from), the reported attacks and a generated set of variants of each dangerous call are
// refused and have no effect on disk, on processes or on settings; the benign look-alikes run; the live
// engine's class list has no file-writing, program-running or settings-changing method the rules leave
// open; refused attempts and runtime.eval bodies are in the audit trail (`bridge audit`).
import {expect} from 'chai'
import {type ChildProcess, spawn} from 'node:child_process'
import {existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {parseJson} from '../../support/cli.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {type DangerousCall, loadGuardRules, variantsOf} from '../../support/guard.js'

describe('editor.run_script guard (real editor)', function () {
  this.timeout(300_000)
  const fx = useEditor()
  const game = fx.game
  const rules = loadGuardRules()
  // made when this file's tests start, not when mocha loads it: a suite runs for many minutes before them
  let outside = ''
  let victim = ''
  let sleeper: ChildProcess
  const run = (code: string, extra: Json = {}) => fx.call('editor.run_script', {code, ...extra})
  const refusal = async (code: string) => {
    const e = await fx.rpcError('editor.run_script', {code})
    expect(e.rpcCode, `${e.message}\n--- for ---\n${code}`).to.equal(-32004)
    return e.rpcData as Json
  }
  /** Nothing a refused snippet could have done happened: no file outside, the process alive, no setting. */
  const nothingHappened = async () => {
    expect(readdirSync(outside), 'files outside the project').to.deep.equal(['victim.txt'])
    expect(pidAlive(sleeper.pid!), 'the unrelated process').to.equal(true)
    expect((await run('return ProjectSettings.has_setting("bridge_guard/x")')).result).to.equal(false)
  }

  before(() => {
    outside = mkdtempSync(join(tmpdir(), 'bridge-guard-outside-'))
    victim = join(outside, 'victim.txt')
    writeFileSync(victim, 'keep me')
    sleeper = spawn('sleep', ['3600'], {stdio: 'ignore'}) // outlives this file's tests; killed in after()
  })
  after(async () => {
    await game.stop()
    sleeper?.kill('SIGKILL')
    if (outside) rmSync(outside, {recursive: true, force: true})
  })

  it('refuses every refused example of the rule list with its category, and runs every allowed one', async () => {
    for (const row of rules.rows) {
      for (const code of row.refused) {
        const data = await refusal(code)
        expect(data, code).to.include({category: row.category, label: rules.categories[row.category]})
        expect(data.line, code).to.be.a('number').within(1, code.split('\n').length)
      }
      for (const code of row.allowed) {
        const out = await run(code)
        expect(out.errors, code).to.deep.equal([])
        expect(out.result, code).to.not.equal(false)
      }
    }
    await nothingHappened()
  })

  it('refuses the reported attacks, naming category and line, and none of them has an effect', async () => {
    const indent = 'text_editor/behavior/indent/size'
    const indentNow = async () =>
      (await run(`return EditorInterface.get_editor_settings().get_setting("${indent}")`)).result
    const before = await indentNow()
    const attacks: [string, string, number][] = [
      [`var o = OS; o.call("exe"+"cute", "touch", ["${outside}/q_a"])`, 'program', 1],
      [`OS.callv("exe"+"cute", ["touch", ["${outside}/q_b"]])`, 'dynamic_name', 1],
      [`emit(1)\nEngine.get_singleton("O"+"S").call("exe"+"cute", "touch", ["${outside}/q_c"])`, 'dynamic_name', 2],
      [
        `var f = ClassDB.class_call_static("File"+"Access", "op"+"en", "${outside}/q1.txt", 7)\nf.call("store_string", "x")`,
        'dynamic_name',
        1,
      ],
      [`PCKPacker.new().pck_start("${outside}/q11.pck")`, 'file_write', 1],
      [`OS.kill(${sleeper.pid})`, 'process_control', 1],
      [`EditorInterface.get_editor_settings().set_setting("${indent}", ${before + 1})`, 'editor_settings', 1],
    ]
    for (const [code, category, line] of attacks) {
      const e = await fx.rpcError('editor.run_script', {code})
      expect(e.rpcCode, code).to.equal(-32004)
      expect(e.rpcData, code).to.include({category, line})
      expect(e.message, code)
        .to.include(`refused (${rules.categories[category]}): line ${line}`)
        .and.include('--allow-unsafe-editor-io')
    }
    await nothingHappened()
    expect(await indentNow()).to.equal(before)
    // the attack is real: allowed, the same snippet runs the program
    await run(`var o = OS; o.call("exe"+"cute", "touch", ["${outside}/allowed"])`, {allow_unsafe_editor_io: true})
    expect(existsSync(join(outside, 'allowed'))).to.equal(true)
    rmSync(join(outside, 'allowed'))
  })

  it('refuses every generated variant of each dangerous call (built name, variable, class value, by class name)', async () => {
    const p = (name: string) => JSON.stringify(join(outside, name))
    const calls: DangerousCall[] = [
      {cls: 'OS', method: 'execute', args: `"touch", [${p('execute')}]`, category: 'program', singleton: true},
      {cls: 'OS', method: 'create_process', args: `"touch", [${p('process')}]`, category: 'program', singleton: true},
      {cls: 'OS', method: 'shell_open', args: `"file://${outside}"`, category: 'program', singleton: true},
      {cls: 'OS', method: 'move_to_trash', args: p('victim.txt'), category: 'file_write', singleton: true},
      {cls: 'OS', method: 'kill', args: String(sleeper.pid), category: 'process_control', singleton: true},
      {
        cls: 'FileAccess',
        method: 'open',
        args: `${p('fa.txt')}, FileAccess.WRITE`,
        category: 'file_write',
        singleton: false,
      },
      {cls: 'DirAccess', method: 'remove_absolute', args: p('victim.txt'), category: 'file_write', singleton: false},
      {cls: 'DirAccess', method: 'make_dir_absolute', args: p('made'), category: 'file_write', singleton: false},
      {
        cls: 'ResourceSaver',
        method: 'save',
        args: `Resource.new(), ${p('r.tres')}`,
        category: 'file_write',
        singleton: true,
      },
      {cls: 'ProjectSettings', method: 'save_custom', args: p('p.godot'), category: 'file_write', singleton: true},
      {
        cls: 'ProjectSettings',
        method: 'set_setting',
        args: '"bridge_guard/x", 1',
        category: 'editor_settings',
        singleton: true,
      },
      {cls: 'EditorInterface', method: 'save_all_scenes', args: '', category: 'file_write', singleton: true},
    ]
    let count = 0
    for (const d of calls)
      for (const v of variantsOf(d)) {
        const data = await refusal(v.code)
        expect(v.categories, `${d.cls}.${d.method}, ${v.label}: ${JSON.stringify(data)}`).to.include(data.category)
        count++
      }
    expect(count).to.be.above(300)
    await nothingHappened()
  })

  it('runs the benign look-alikes: save_png_to_buffer, FileAccess.open for reading, OS.get_name, calls by literal name', async () => {
    const out = await run(`var img = Image.create(4, 4, false, Image.FORMAT_RGBA8)
emit(img.save_png_to_buffer().size() > 0)
var f = FileAccess.open("res://project.godot", FileAccess.READ)
emit(f.get_line() != "")
emit(FileAccess.open("res://project.godot", 1) != null)
emit(OS.get_name())
emit(OS.call("get_name"))
emit(Engine.get_singleton("OS").get_name())
emit(ClassDB.class_call_static("FileAccess", "file_exists", "res://project.godot"))
var twice = func(x): return x * 2
emit(twice.call(3))
emit(scene.call("get_name"))
# OS.execute("rm", ["-rf", "/"]) in a comment, and in a string:
return "OS.kill(1)"`)
    expect(out.errors).to.deep.equal([])
    expect(out.emitted).to.deep.equal([true, true, true, 'Linux', 'Linux', 'Linux', true, 6, 'Main'])
    expect(out.result).to.equal('OS.kill(1)')
  })

  it('reads tokens, not text: strings, comments, multi-line strings and continuations neither hide nor fake code', async () => {
    const ok = await run(String.raw`var a = """first
OS.kill(1) # inside a string
"""
var b = r"raw \" OS.execute('x')"
var c = &"OS.kill"  # OS.kill(1)
var d = 1 + \
	2
return [a.length() > 0, b.length() > 0, str(c), d]`)
    expect(ok.errors).to.deep.equal([])
    expect(ok.result).to.deep.equal([true, true, 'OS.kill', 3])
    const late = await refusal(String.raw`var a = """one
two
"""
var d = 1 + \
	2
# OS.kill(1)
OS.kill(d)`)
    expect(late).to.include({category: 'process_control', line: 7, api: 'OS.kill'})
    const hidden = await refusal(String.raw`var r = r"\""; scene.call("exe\u0063ute", "touch", [])`)
    expect(hidden).to.include({category: 'program', line: 1})
  })

  it('finds in the live engine no method named like a write, a program or a settings change that the rules leave open', async () => {
    const {result} = await run(`var re = RegEx.create_from_string(${JSON.stringify(rules.enumeration)})
var hits = []
for c in ClassDB.get_class_list():
	for m in ClassDB.class_get_method_list(c, true):
		if re.search(m.name):
			hits.append([c, m.name, (m.flags & METHOD_FLAG_STATIC) != 0, Engine.has_singleton(c), ClassDB.is_parent_class(c, "Node")])
return hits`)
    const hits = result as [string, string, boolean, boolean, boolean][]
    expect(hits.length).to.be.above(100)
    const constructors = ['new', 'open', 'create', 'create_empty', 'create_from_data', 'load_from_file']
    const open = hits.filter(([cls, m, isStatic, singleton, isNode]) => {
      if (rules.methods[m] || rules.reviewed.names.includes(m)) return false
      const rule = rules.classes[cls]
      if (!rule) return true
      if (rule.allow.includes(m)) return !rules.literal_args[`${cls}.${m}`]
      // refused through the class; instances it hands out or that sit in the tree need the name refused too
      return !(isStatic || singleton || (!isNode && !rule.allow.some((a) => constructors.includes(a))))
    })
    expect(
      open.map(([c, m]) => `${c}.${m}`),
      'add these to guard_rules.json (methods, a class, or reviewed)',
    ).to.deep.equal([])
    for (const name of [
      'PCKPacker.pck_start',
      'ZIPPacker.write_file',
      'EditorSettings.set_setting',
      'OS.kill',
      'OS.execute',
    ])
      expect(hits.map(([c, m]) => `${c}.${m}`)).to.include(name)
  })

  it('lists only real classes and members on the allow-list', async () => {
    const {result} = await run(`var missing = []
var classes = ${JSON.stringify(Object.fromEntries(Object.entries(rules.classes).map(([c, r]) => [c, r.allow])))}
for c in classes:
	if not ClassDB.class_exists(c):
		missing.append(c)
		continue
	var props = ClassDB.class_get_property_list(c).map(func(p): return p.name)
	for m in classes[c]:
		if m != "new" and not ClassDB.class_has_method(c, m) and not (m in props):
			missing.append("%s.%s" % [c, m])
return missing`)
    expect(result).to.deep.equal([])
  })

  it('audits refused attempts with their reason, shown by `bridge audit`', async () => {
    const marker = `guard_audit_${Date.now()}`
    await refusal(`var m = "${marker}"\nOS.kill(1)`)
    const out = await fx.cli(['audit', '--limit', '50', '--json'])
    expect(out.code, out.stderr).to.equal(0)
    const {entries} = parseJson<{entries: Json[]}>(out)
    const mine = entries.filter((e) => String(e.body ?? '').includes(marker))
    expect(mine).to.have.length(1)
    expect(mine[0]).to.include({
      kind: 'editor.run_script',
      outcome: 'refused',
      transport: 'ws',
      category: 'process_control',
      line: 2,
    })
    expect(mine[0].detail).to.include('refused (process control): line 2: OS.kill')
    expect(
      entries.filter((e) => e.id === mine[0].id),
      'a refused body never ran: one entry',
    ).to.have.length(1)
  })

  it('audits runtime.eval bodies (the editor writes them before sending them to the game)', async () => {
    await game.play()
    const marker = `eval_audit_${Date.now()}`
    const out = await fx.call('runtime.eval', {code: `return "${marker}"`})
    expect(out.result).to.equal(marker)
    const {entries} = await fx.call('editor.audit', {limit: 50})
    const started = (entries as Json[]).find((e) => e.kind === 'runtime.eval' && String(e.body).includes(marker))
    expect(started).to.include({outcome: 'started', transport: 'ws'})
    const done = (entries as Json[]).find((e) => e.id === started!.id && e.outcome !== 'started')
    expect(done).to.include({kind: 'runtime.eval', outcome: 'ok'})
    await game.stop()
  })
})
