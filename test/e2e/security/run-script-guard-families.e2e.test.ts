// editor.run_script's guard against the three families of issue 37, each in every way a snippet can write it
// (test/support/guard-families.ts): a script of the project given new source and compiled, a
// file-writing method of a refused class's object read through a subscript with a non-literal key, and an
// object (a script) built from data by a decoder with objects on. Each variant is refused naming its category
// and line and has no effect seen from outside (no file outside the project, no process, no setting); with
// allow_unsafe_editor_io the same body does write its file, so a miss would show. Reading stays allowed.
import {expect} from 'chai'
import {type ChildProcess, spawn} from 'node:child_process'
import {existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {loadGuardRules} from '../../support/guard.js'
import {
  ENCODED_DECODERS,
  effectFile,
  type FamilyVariant,
  familyVariants,
  touching,
} from '../../support/guard-families.js'
import {EngineError} from '../../../src/errors.js'

const VICTIM = 'res://guard_victim.gd'

describe('editor.run_script guard: the families of issue 37 (real editor)', function () {
  this.timeout(600_000)
  const fx = useEditor({group: 'editor'})
  let outside = ''
  let sleeper: ChildProcess
  let variants: FamilyVariant[] = []
  const run = (code: string, extra: Json = {}) => fx.call('editor.run_script', {code, ...extra})
  const unsafe = (code: string) => run(code, {allow_unsafe_editor_io: true})
  /** Nothing a refused snippet could have done happened: no file outside, the process alive, no setting. */
  const nothingHappened = async () => {
    expect(readdirSync(outside), 'files outside the project').to.deep.equal([])
    expect(pidAlive(sleeper.pid!), 'the unrelated process').to.equal(true)
    expect((await run('return ProjectSettings.has_setting("bridge_guard/x")')).result).to.equal(false)
  }

  before(async () => {
    outside = mkdtempSync(join(tmpdir(), 'bridge-guard-families-'))
    sleeper = spawn('sleep', ['3600'], {stdio: 'ignore'}) // outlives this file's tests; killed in after()
    writeFileSync(fx.disk(VICTIM), '') // a script of the project; empty, so `+=` on its source makes a program
    // the byte forms of a script object, made with the flag: what the byte decoders are given
    const encoded: Record<string, [string, string]> = {}
    for (const label of ENCODED_DECODERS) {
      const {result} = await unsafe(`var g = GDScript.new()
g.source_code = ${JSON.stringify(touching(effectFile(outside, 'decoder', label)))}
return [Marshalls.variant_to_base64(g, true), Marshalls.raw_to_base64(var_to_bytes_with_objects(g))]`)
      encoded[label] = result as [string, string]
    }
    variants = familyVariants(VICTIM, outside, encoded)
  })
  after(() => {
    sleeper?.kill('SIGKILL')
    if (outside) rmSync(outside, {recursive: true, force: true})
  })

  it('refuses every variant of the three families, naming its category and line, and none has an effect', async () => {
    const families = new Set<string>()
    for (const v of variants) {
      const e = await fx.rpcError('editor.run_script', {code: v.code})
      const what = `${v.family}, ${v.label}: ${e.message}\n--- for ---\n${v.code}`
      expect(e.rpcCode, what).to.equal(-32004)
      const data = e.rpcData as Json
      expect(v.categories, what).to.include(data.category)
      expect(data.line, what).to.equal(v.line)
      expect(e.message, what).to.include(`: line ${v.line}: `)
      families.add(v.family)
    }
    expect([...families]).to.have.members(['script source', 'subscript method', 'decoder'])
    expect(variants.length).to.be.above(45)
    await nothingHappened()
  })

  it('runs the same bodies with allow_unsafe_editor_io: each writes its file outside (the attacks are real)', async () => {
    const missed: string[] = []
    for (const v of variants) {
      if (!v.effect) continue
      const out = await unsafe(v.code).catch((error: Error) => ({errors: [error.message]}))
      const deadline = Date.now() + 3000
      while (!existsSync(v.effect) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      if (existsSync(v.effect)) rmSync(v.effect)
      else missed.push(`${v.family}, ${v.label}: ${JSON.stringify(out.errors)}`)
      if (v.family === 'script source') await unsafe(`var s = load("${VICTIM}")\ns.source_code = ""\ns.reload()`)
    }
    expect(missed, 'bodies that did nothing even when allowed').to.deep.equal([])
    expect(readdirSync(outside)).to.deep.equal([])
  })

  it('lets reading through: source_code, method lists, decoders with objects off, containers with any key', async () => {
    const out = await run(`var s = load("res://scripts/player.gd")
emit(s.source_code.length() > 0)
emit(s.get("source_code") == s.source_code)
emit(s["source_code"] == s.source_code)
EditorInterface.edit_script(s)
var open = EditorInterface.get_script_editor().get_open_scripts()
emit(open.size() > 0 and open[0].source_code.length() > 0)
var img = Image.create(2, 2, false, Image.FORMAT_RGBA8)
emit(img.get_method_list().map(func(m): return m.name).has("save_png"))
emit(ClassDB.class_get_method_list("ConfigFile").size() > 0)
emit(JSON.to_native({"type": "Vector2", "args": [1.0, 2.0]}) == Vector2(1, 2))
emit(JSON.to_native(JSON.from_native(Vector2(3, 4)), false) == Vector2(3, 4))
var d = {"a": 1, "b": 2}
var total = 0
for k in d:
	total += d[k]
var key = "a"
emit([total, d[key], d.get(key)])
var kids = scene.get_children()
var names = []
for i in kids.size():
	names.append(str(kids[i].name))
emit(names.size() == kids.size())
var row: Dictionary = {"x": 5}
var field = "x"
return row[field]`)
    expect(out.errors).to.deep.equal([])
    expect(out.emitted).to.deep.equal([true, true, true, true, true, true, true, true, [3, 1, 1], true])
    expect(out.result).to.equal(5)
  })

  it('lets through what docs/security.md says it does not catch, and refuses the look-alikes it lists', async () => {
    for (const gap of loadGuardRules().gaps) {
      for (const code of gap.passes ?? []) {
        // it may run or fail to compile (a class of the project that this one lacks): either way the guard let it by
        const answer = await fx.call('editor.run_script', {code}).then(
          () => null,
          (error: unknown) => error,
        )
        if (answer !== null && !(answer instanceof EngineError)) throw answer
        expect(answer?.rpcCode, `${answer?.message}\n--- for ---\n${code}`).to.not.equal(-32004)
      }
      for (const code of gap.refused ?? [])
        expect((await fx.rpcError('editor.run_script', {code})).rpcCode, code).to.equal(-32004)
    }
    await nothingHappened()
  })
})
