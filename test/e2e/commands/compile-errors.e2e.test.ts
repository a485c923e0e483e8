// Every compile error where agents look: each command that can write (or load) a GDScript file answers `compiles`
// and, when the file does not compile, the engine's file:line:message in `compile_errors`; the same error is listed
// once in editor.errors (source "editor") until a later write — an undo or redo too — makes the file compile, or the
// file is gone. The router adds this after the handler (core/compile_errors.gd), so the sweep reads the commands that
// declare a written path (`writes_path`) or a script they load (`compiles`) and fails on one it neither exercises
// nor lists as writing no script.
import {expect} from 'chai'

import type {EngineError} from '../../../src/errors.js'
import {type Json, useEditor} from '../../support/fixture.js'

/** Commands with a written path that never write a .gd file. */
const NO_SCRIPT: Record<string, string> = {
  'scene.create': 'writes a new .tscn',
  'scene.save_as': 'saves the edited scene (.tscn)',
  'editor.screenshot': 'writes a PNG',
  'runtime.screenshot': 'writes a PNG',
  'runtime.capture_frames': 'writes PNGs',
  'runtime.frame_baseline': 'writes a baseline PNG (and a .gdignore)',
  'runtime.frame_compare': 'writes a diff PNG',
  'profiling.play_report': 'writes a play report (.json)',
  'runtime.record': 'writes a JSON-lines recording and PNG frames',
  'runtime.replay': 'writes PNGs of frames that differ from the recording',
  'export.run': 'writes an export (binary or pack)',
  'filesystem.mkdir': 'makes a folder',
  'import.set': 'writes .import settings',
  'audio.save_layout': 'saves a bus layout resource (.tres)',
  'csg.bake': 'saves a baked mesh resource',
  'gridmap.meshlib_create': 'saves a MeshLibrary resource',
  'localization.csv_write': 'writes a .csv',
  'localization.translation_create': 'saves a Translation resource',
  'localization.messages_set': 'saves a Translation resource',
  'material.create': 'saves a Material resource',
  'material.edit_file': 'saves a Material resource',
  'material.save': 'saves a Material resource',
  'mesh.save': 'saves a Mesh resource',
  'procedural.noise_texture': 'saves a NoiseTexture resource',
  'resource.create': 'saves a new resource (.tres/.res)',
  'resource.duplicate': 'saves a copy of a resource to a new path',
  'resource.extract': 'saves a sub-resource to a new file',
  'resource.set': 'saves the loaded resource itself',
  'shader.create': 'writes a .gdshader',
  'shader.edit': 'edits a .gdshader',
  'shader.visual_create': 'saves a VisualShader resource (.tres)',
  'shader.visual_add_node': 'saves a VisualShader resource (.tres)',
  'shader.visual_connect': 'saves a VisualShader resource (.tres)',
  'theme.create': 'saves a Theme resource',
  'theme.set_items': 'saves a Theme resource',
  'tilemap.tileset_create': 'saves a TileSet resource',
}

const GOOD = 'extends Node\n\n\nfunc value() -> int:\n\treturn 1\n'
/** `return 1 +` with nothing after it: the parser stops on line 5. */
const BROKEN = 'extends Node\n\n\nfunc value() -> int:\n\treturn 1 +\n'

describe('compile errors: every script-writing command answers compiles with file:line and feeds editor.errors (real editor)', function () {
  this.timeout(300_000)
  const fx = useEditor({pristine: false})
  const covered = new Set<string>()
  let n = 0
  const fresh = () => `res://compile/file_${++n}.gd`
  const call = async (method: string, params: Json = {}) => {
    covered.add(method)
    return fx.call(method, params)
  }
  /** editor.errors' compile entries of `file`. */
  const listed = async (file: string): Promise<Json[]> => {
    const out = await fx.call('editor.errors', {limit: 1000})
    return (out.entries as Json[]).filter((e) => e.compile === true && e.file === file)
  }
  /** The answer says `file` does not compile, with its line and message, and editor.errors lists it once. */
  const broken = async (answer: Json, file: string, label: string) => {
    expect(answer.compiles, `${label}: ${JSON.stringify(answer)}`).to.equal(false)
    const errors = (answer.compile_errors as Json[]).filter((e) => e.file === file)
    expect(errors, `${label}: compile_errors names ${file}`).to.have.length.above(0)
    expect(errors[0].line, label).to.be.a('number').and.above(0)
    expect(errors[0].message, label).to.be.a('string').and.not.equal('')
    const entries = await listed(file)
    expect(entries, `${label}: editor.errors lists ${file} once`).to.have.length(1)
    expect(entries[0]).to.include({source: 'editor', line: errors[0].line})
    expect(entries[0].message).to.include(`${file}:${errors[0].line}`)
  }
  /** The answer says it compiles, and editor.errors no longer lists `file`. */
  const fixed = async (answer: Json, file: string, label: string) => {
    expect(answer.compiles, `${label}: ${JSON.stringify(answer)}`).to.equal(true)
    expect(answer.compile_errors, label).to.equal(undefined)
    expect(await listed(file), `${label}: editor.errors still lists ${file}`).to.deep.equal([])
  }
  const writeBroken = async (path: string) =>
    broken(await call('project.write_file', {path, content: BROKEN, overwrite: true}), path, 'project.write_file')

  it('project.write_file and script.edit: a broken write is listed once, a fixing write removes it', async () => {
    const path = fresh()
    await writeBroken(path)
    await broken(
      await call('project.write_file', {path, content: BROKEN, overwrite: true}),
      path,
      'the same error again',
    )
    await fixed(
      await call('project.write_file', {path, content: GOOD, overwrite: true}),
      path,
      'project.write_file fix',
    )
    const edit = {path, replacements: [{find: 'return 1', replace: 'return 1 +'}], allow_errors: true}
    await broken(await call('script.edit', edit), path, 'script.edit allow_errors')
    const fix = {path, replacements: [{find: 'return 1 +', replace: 'return 2'}]}
    await fixed(await call('script.edit', fix), path, 'script.edit fix')
  })

  it('editor.undo and editor.redo of a script step re-check the file they write', async () => {
    const path = fresh()
    await fx.call('project.write_file', {path, content: GOOD})
    const edit = {path, replacements: [{find: 'return 1', replace: 'return 1 +'}], allow_errors: true}
    await broken(await call('script.edit', edit), path, 'script.edit allow_errors')
    const undone = await call('editor.undo')
    expect(undone.undone, JSON.stringify(undone)).to.equal(true)
    await fixed(undone, path, 'editor.undo')
    await broken(await call('editor.redo'), path, 'editor.redo')
    await fixed(await fx.call('project.write_file', {path, content: GOOD, overwrite: true}), path, 'cleanup')
  })

  it('script.function_set, script.create and multiplayer.peer_script over a broken file: it compiles and leaves editor.errors', async () => {
    const fn = fresh()
    await writeBroken(fn)
    const set = await call('script.function_set', {path: fn, name: 'value', code: 'func value() -> int:\n\treturn 3'})
    await fixed(set, fn, 'script.function_set')
    const created = fresh()
    await writeBroken(created)
    await fixed(
      await call('script.create', {path: created, extends: 'Node', template: 'empty', overwrite: true}),
      created,
      'script.create',
    )
    const peer = fresh()
    await writeBroken(peer)
    await fixed(
      await call('multiplayer.peer_script', {path: peer, player_scene: 'res://scenes/main.tscn', overwrite: true}),
      peer,
      'multiplayer.peer_script',
    )
  })

  it('cleanup.fix_references rewriting a broken script says it still does not compile', async () => {
    const path = fresh()
    const old = 'res://compile/gone.gd'
    await fx.call('project.write_file', {path, content: `${BROKEN}\nconst OTHER := "${old}"\n`, overwrite: true})
    const out = await call('cleanup.fix_references', {from: old, to: 'res://scripts/player.gd', dry_run: false})
    expect(JSON.stringify(out.files)).to.include(path)
    await broken(out, path, 'cleanup.fix_references')
    await fixed(await fx.call('project.write_file', {path, content: GOOD, overwrite: true}), path, 'cleanup')
  })

  it('filesystem.copy, move and delete: the copy and the new path are listed, the old path and a deleted file leave', async () => {
    const from = fresh()
    await writeBroken(from)
    const copy = fresh()
    await broken(await call('filesystem.copy', {from, to: copy}), copy, 'filesystem.copy')
    expect(await listed(from), 'the original stays listed').to.have.length(1)
    const to = 'res://compile/moved/hero.gd'
    await broken(await call('filesystem.move', {from, to}), to, 'filesystem.move')
    expect(await listed(from), 'the old path left editor.errors').to.deep.equal([])
    const gone = await call('filesystem.delete', {path: copy, force: true})
    expect(gone.compiles, 'a deleted file is no script written').to.equal(undefined)
    expect(await listed(copy), 'the deleted copy left editor.errors').to.deep.equal([])
    await call('filesystem.delete', {path: 'res://compile/moved', force: true})
    expect(await listed(to), 'a deleted folder takes its scripts out of editor.errors').to.deep.equal([])
  })

  it('node.script_attach of a script that does not compile: refused with its file:line, and listed in editor.errors', async () => {
    const path = fresh()
    await writeBroken(path)
    await fx.call('project.write_file', {path, content: GOOD, overwrite: true})
    expect(await listed(path)).to.deep.equal([])
    // broken behind bridge's back (another program): the attach finds it
    await fx.inEditor(
      `var f := FileAccess.open(${JSON.stringify(path)}, FileAccess.WRITE)\nf.store_string(${JSON.stringify(BROKEN)})\nf.close()`,
      {allow_unsafe_editor_io: true},
    )
    covered.add('node.script_attach')
    const refusal: EngineError = await fx.rpcError('node.script_attach', {node_path: '/root/Main/Ground', path})
    const data = refusal.rpcData as Json
    expect(data.compiles, JSON.stringify(data)).to.equal(false)
    expect(JSON.stringify(data.compile_errors)).to.include(path)
    expect(await listed(path), 'editor.errors lists it').to.have.length(1)
    await fixed(await fx.call('project.write_file', {path, content: GOOD, overwrite: true}), path, 'cleanup')
  })

  it('covers every command that declares a written path or a script it loads: exercised above, or listed as writing no script', function () {
    const declaring = fx.commands
      .filter((c) => (c.params as Json[]).some((p) => p.writes_path === true || p.compiles === true))
      .map((c) => c.method as string)
    const unknown = declaring.filter((m) => !covered.has(m) && !(m in NO_SCRIPT))
    expect(unknown, 'script-writing commands this sweep neither exercises nor lists in NO_SCRIPT').to.deep.equal([])
    const stale = Object.keys(NO_SCRIPT).filter((m) => !declaring.includes(m) || covered.has(m))
    expect(stale, 'NO_SCRIPT entries that no longer declare a written path (or are exercised)').to.deep.equal([])
    console.log(
      `      compile-errors sweep: ${declaring.length} commands declare a written or loaded path; ${covered.size} exercised (editor.undo/redo among them), ${Object.keys(NO_SCRIPT).length} write no script`,
    )
  })
})
