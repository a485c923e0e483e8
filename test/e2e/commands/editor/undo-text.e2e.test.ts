// Undo never drops a write it did not make (issue 46): every command whose undo rewrites a text file (read from
// the declarations: an undo scope and a `writes_path` parameter) is driven through each interleaving — an
// undoable write, a non-undoable project.write_file and an external write straight to disk, between two of its
// own steps on the same file — then undone twice and redone twice, and the file on disk is what the user would
// expect at every point: their own change goes and comes back, everyone else's stays. A write on the step's own
// lines makes editor.undo / editor.redo refuse (the file untouched) until force: true. A declared command the
// sweep drives no row for must be listed in UNDO_KEEPS_FILES, and is proved so: its example's undo leaves every
// project file as the example left it. The zoo case is test/e2e/game/zoo-undo.e2e.test.ts.
import {expect} from 'chai'
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

/** The three places of a file a case changes: the step under test makes a and b, the interleaved write c. */
type Region = 'a' | 'b' | 'c'

interface Row {
  /** The file the row edits (written afresh before each case). */
  file: string
  base: string
  /** The command call that makes the change at `region` (the command under test). */
  change(region: Region): {method: string; params: Json}
  /** `text` with the change at `region` made (what the command writes, and what a hand write of c writes). */
  applied(text: string, region: Region): string
  /** `text` with a's line changed by hand another way (`n` tells two such writes apart): on the step's own lines. */
  clash(text: string, n: number): string
  /** The text as compared: a format whose saves may order lines anew (a Dictionary's entries) sorts them. */
  normal?(text: string): string
  /** Makes the file afresh and returns its text (default: project.write_file of `base`). */
  prepare?(): Promise<string>
}

const SCRIPT_VARS = 'extends Node\n\nvar a := 0\n\nvar c := 0\n\nvar b := 0\n\n\nfunc f() -> void:\n\tpass\n'
const SCRIPT_FUNCS = [
  'extends Node',
  '',
  '',
  ...['a', 'c', 'b'].flatMap((r) => [`func f${r}() -> int:`, '\treturn 0', '', '']),
  '',
].join('\n')

/** Rows: the commands that write a text file as an undoable step. */
const ROWS: Record<string, Row> = {
  'script.edit': {
    file: 'res://undo_sweep/edited.gd',
    base: SCRIPT_VARS,
    change: (r) => ({
      method: 'script.edit',
      params: {path: 'res://undo_sweep/edited.gd', replacements: [{find: `var ${r} := 0`, replace: `var ${r} := 1`}]},
    }),
    applied: (text, r) => text.replace(`var ${r} := 0`, `var ${r} := 1`),
    clash: (text, n) => text.replace(/var a := \d/, `var a := ${n} # by hand`),
  },
  'script.function_set': {
    file: 'res://undo_sweep/functions.gd',
    base: SCRIPT_FUNCS,
    change: (r) => ({
      method: 'script.function_set',
      params: {path: 'res://undo_sweep/functions.gd', name: `f${r}`, code: `func f${r}() -> int:\n\treturn 1\n`},
    }),
    applied: (text, r) => text.replace(`func f${r}() -> int:\n\treturn 0`, `func f${r}() -> int:\n\treturn 1`),
    clash: (text, n) => text.replace(/func fa\(\) -> int:\n\treturn \d/, `func fa() -> int:\n\treturn ${n}`),
  },
}

/** Set once the editor is up: makes a file with a creating command (overwrite) and returns its text. */
let created: (method: string, params: Json) => Promise<string> = () => Promise.reject(new Error('no editor yet'))

/** A resource's text file, as the resource commands save it: three properties, one line each. */
const MATERIAL = 'res://undo_sweep/mat.tres'
const PROPS: Record<Region, string> = {a: 'metallic', c: 'roughness', b: 'metallic_specular'}
const TRANSLATION = 'res://undo_sweep/de.tres'
const KEYS: Record<Region, string> = {a: 'A_KEY', c: 'C_KEY', b: 'B_KEY'}

ROWS['resource.set'] = {
  file: MATERIAL,
  base: '',
  prepare: () =>
    created('resource.create', {
      path: MATERIAL,
      type: 'StandardMaterial3D',
      properties: {metallic: 0.25, roughness: 0.25, metallic_specular: 0.25},
    }),
  change: (r) => ({method: 'resource.set', params: {path: MATERIAL, properties: {[PROPS[r]]: 0.75}}}),
  applied: (text, r) => text.replace(`\n${PROPS[r]} = 0.25\n`, `\n${PROPS[r]} = 0.75\n`),
  clash: (text, n) => text.replace(/\nmetallic = [\d.]+\n/, `\nmetallic = 0.${n}\n`),
}
ROWS['localization.messages_set'] = {
  file: TRANSLATION,
  base: '',
  prepare: () =>
    created('localization.translation_create', {
      path: TRANSLATION,
      locale: 'de',
      messages: {A_KEY: 'a0', C_KEY: 'c0', B_KEY: 'b0'},
    }),
  change: (r) => ({method: 'localization.messages_set', params: {path: TRANSLATION, messages: {[KEYS[r]]: `${r}1`}}}),
  applied: (text, r) => text.replace(`&"${KEYS[r]}"]: [&"${r}0"]`, `&"${KEYS[r]}"]: [&"${r}1"]`),
  clash: (text, n) => text.replace(/&"A_KEY"\]: \[&"[^"]*"\]/, `&"A_KEY"]: [&"by hand ${n}"]`),
  // each save writes the messages in the Dictionary's order of the moment: compare them as a set
  normal: (text) =>
    text.replace(/messages = \{\n([^}]*)\n\}/, (_, body: string) =>
      body
        .split('\n')
        .map((l) => l.replace(/,$/, ''))
        .sort()
        .join('\n'),
    ),
}

/** Declared commands with an undo scope and a written path whose undo never rewrites the file: why. */
const UNDO_KEEPS_FILES: Record<string, string> = {
  'audio.save_layout': 'the file write is not undoable; its undo step is make_default (a project setting)',
  'csg.bake': "the baked mesh file is written once; the undo step is the scene's (the node it adds)",
  'gridmap.meshlib_create': 'the MeshLibrary file is written once; the undo step assigns it in the scene',
  'material.save': 'the material file is written once; the undo step assigns it in the scene',
  'mesh.save': 'the mesh file is written once; the undo step assigns it in the scene',
  'resource.extract': 'the resource file is written once; the undo step assigns it in the scene',
  'tilemap.tileset_create': 'the TileSet file is written once; the undo step assigns it in the scene',
}

/** Every file of the project outside .godot (path -> bytes as text), to prove an undo wrote none. */
function files(root: string, dir = root, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    if (name === '.godot' || name === '.engine') continue
    const full = join(dir, name)
    if (statSync(full).isDirectory()) files(root, full, out)
    else out.set(relative(root, full), readFileSync(full).toString('base64'))
  }
  return out
}

describe('undo and redo of text steps never drop a later write: every undoable text writer × interleaving (real editor)', function () {
  this.timeout(600_000)
  const fx = useEditor({pristine: false})
  const covered = new Map<string, number>()

  const raw = (row: Row) => fx.read(row.file)
  const disk = (row: Row) => (row.normal ?? ((t: string) => t))(raw(row))
  /** The file holds `expected` (as the row compares texts). */
  const same = (row: Row, expected: string, why = '') =>
    expect(disk(row), why).to.equal((row.normal ?? ((t: string) => t))(expected))
  const undo = (params: Json = {}) => fx.call<Json>('editor.undo', params)
  const redo = (params: Json = {}) => fx.call<Json>('editor.redo', params)
  const run = (row: Row, region: Region) => {
    const {method, params} = row.change(region)
    return fx.call(method, params)
  }
  /** The row's file afresh: its text. */
  const start = async (row: Row): Promise<string> => {
    if (row.prepare) return row.prepare()
    await fx.call('project.write_file', {path: row.file, content: row.base, overwrite: true})
    same(row, row.base)
    return row.base
  }
  /** A write of `text` over the row's file that no undo history holds: through bridge, or by another program. */
  const write = async (row: Row, how: 'project.write_file' | 'external', text: string) => {
    if (how === 'project.write_file')
      await fx.call('project.write_file', {path: row.file, content: text, overwrite: true})
    else writeFileSync(fx.disk(row.file), text)
  }
  created = async (method, params) => {
    await fx.call(method, {...params, overwrite: true})
    return fx.read(String(params.path))
  }
  const count = (method: string) => covered.set(method, (covered.get(method) ?? 0) + 1)

  it('finds every undoable text writer in the declarations, each driven by a row or proved to leave its file to undo', () => {
    const found = fx.commands
      .filter((c) => c.undo !== 'none' && (c.params as Json[]).some((p) => p.writes_path))
      .map((c) => c.method as string)
    const unknown = found.filter((m) => !ROWS[m] && !UNDO_KEEPS_FILES[m])
    expect(unknown, 'undoable commands that write a file, with no row and no reason').to.deep.equal([])
    const stale = [...Object.keys(ROWS), ...Object.keys(UNDO_KEEPS_FILES)].filter((m) => !found.includes(m))
    expect(stale, 'rows or reasons for commands the declarations no longer have as undoable writers').to.deep.equal([])
    console.log(
      `      ${found.length} undoable writers: ${Object.keys(ROWS).length} driven, ${Object.keys(UNDO_KEEPS_FILES).length} leave the file to undo`,
    )
  })

  for (const [method, row] of Object.entries(ROWS)) {
    for (const how of ['undoable', 'project.write_file', 'external'] as const) {
      it(`${method}, then ${how === 'undoable' ? 'an undoable write' : how === 'external' ? 'an external write' : 'project.write_file'}, then ${method}: undo twice, redo twice`, async () => {
        const base = await start(row)
        const A = row.applied(base, 'a')
        const AC = row.applied(A, 'c')
        const ACB = row.applied(AC, 'b')
        await run(row, 'a')
        same(row, A, 'step a')
        if (how === 'undoable') await run(row, 'c')
        else await write(row, how, row.applied(raw(row), 'c'))
        await run(row, 'b')
        same(row, ACB, 'step b on top of c')
        await undo()
        same(row, AC, 'undo 1 takes b back')
        const second = await undo()
        const keptC = row.applied(base, 'c')
        if (how === 'undoable') same(row, A, 'undo 2 takes the undoable c back')
        else same(row, keptC, 'undo 2 takes a back and keeps c')
        if (how !== 'undoable') expect(second.files?.[0]).to.deep.include({path: row.file, outcome: 'merged'})
        await redo()
        same(row, AC, 'redo 1')
        await redo()
        same(row, ACB, 'redo 2: everything')
        count(method)
      })
    }

    for (const how of ['project.write_file', 'external'] as const) {
      it(`${method}, then ${how} on its own lines: undo refused naming the write, force: true undoes it`, async () => {
        const base = await start(row)
        await run(row, 'a')
        const A = row.applied(base, 'a')
        const theirs = row.clash(raw(row), how === 'external' ? 7 : 6)
        await write(row, how, theirs)
        const refused = await fx.rpcError('editor.undo')
        expect(refused.message)
          .to.include(row.file)
          .and.include(how === 'external' ? 'a write outside bridge' : 'project.write_file by')
          .and.include('force: true')
        expect(refused.rpcData).to.deep.include({reason: 'changed_since'})
        same(row, theirs, 'the refused undo wrote nothing')
        const again = await fx.rpcError('editor.undo')
        expect(again.rpcData, 'and the step is still there to refuse again').to.deep.include({reason: 'changed_since'})
        const forced = await undo({force: true})
        expect(forced.files?.[0]).to.deep.include({outcome: 'forced'})
        same(row, base, 'forced: the text before the step')
        await redo()
        same(row, A, 'redo after the forced undo')
        count(method)
      })

      it(`${method} undone, then ${how}: redo merges a write elsewhere, refuses one on its own lines`, async () => {
        const base = await start(row)
        await run(row, 'a')
        await undo()
        same(row, base)
        const C = row.applied(base, 'c')
        await write(row, how, C)
        const merged = await redo()
        expect(merged.files?.[0]).to.deep.include({outcome: 'merged'})
        same(row, row.applied(C, 'a'), 'redo carried a onto c')
        await undo()
        same(row, C, 'and its undo keeps c')
        const theirs = row.clash(raw(row), how === 'external' ? 5 : 4)
        await write(row, how, theirs)
        const refused = await fx.rpcError('editor.redo')
        expect(refused.rpcData).to.deep.include({reason: 'changed_since'})
        same(row, theirs, 'the refused redo wrote nothing')
        await redo({force: true})
        same(row, row.applied(base, 'a'), 'forced: the text after the step (the write since is lost, as asked)')
        count(method)
      })
    }
  }

  for (const [method, why] of Object.entries(UNDO_KEEPS_FILES)) {
    it(`${method}: its undo leaves every project file as the command left it (${why})`, async () => {
      const doc = fx.commands.find((c) => c.method === method)!
      await fx.call('scene.open', {path: doc.example_scene ?? 'res://scenes/main.tscn'})
      await fx.call('scene.reload', {path: doc.example_scene ?? 'res://scenes/main.tscn'})
      for (const step of (doc.example_setup ?? []) as Json[]) await fx.call(step.method, step.params ?? {})
      const result = await fx.call<Json>(method, doc.example)
      expect(result.undoable, `${method} says its change is undoable`).to.equal(true)
      const written = files(fx.editor.root)
      const undone = await undo()
      expect(undone.undone).to.equal(true)
      const now = files(fx.editor.root)
      // project.godot is ProjectSettings' own file, saved whole from the editor's settings by every settings step
      // (audio.save_layout's make_default), as by the editor's Project Settings: no text step of any command
      const changed = [...written.keys()].filter((f) => f !== 'project.godot' && now.get(f) !== written.get(f))
      expect(changed, `files ${method}'s undo rewrote`).to.deep.equal([])
      await redo()
      count(method)
    })
  }

  after(() => {
    console.log(`      cases per command: ${JSON.stringify(Object.fromEntries(covered))}`)
  })
})
