// No stale text, ever: every command that writes a script or shader leaves the file, the editor's loaded
// copy and its open Script Editor tab identical — also when the new text does not compile — so the editor's
// save before a play, a scene save, an undo and a redo never write an older text back. The sweep reads the
// commands that declare `writes_path` and fails on one it neither exercises nor lists as writing no such text.
import {expect} from 'chai'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'

import {type Json, useEditor} from '../../../support/fixture.js'

/** Writing commands that never write the text of a script or shader (what a Script/Shader Editor tab holds). */
const NOT_TEXT: Record<string, string> = {
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
  'audio.save_layout': 'saves a bus layout resource (.tres) from the object',
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
  'shader.visual_create': 'saves a VisualShader resource (.tres), which has no text tab',
  'shader.visual_add_node': 'saves a VisualShader resource (.tres)',
  'shader.visual_connect': 'saves a VisualShader resource (.tres)',
  'theme.create': 'saves a Theme resource',
  'theme.set_items': 'saves a Theme resource',
  'tilemap.tileset_create': 'saves a TileSet resource',
}

const SCRIPT = 'extends Node\n\n\nfunc value() -> int:\n\treturn 1\n'
const BROKEN = 'extends Node\n\n\nfunc value() -> int:\n\treturn 1 +\n'
const SHADER = 'shader_type canvas_item;\n\nvoid fragment() {\n\tCOLOR = vec4(1.0, 0.0, 0.0, 1.0);\n}\n'

/** GDScript: the text of the Script Editor tab showing `path`, or null when none does. */
const tabText = (path: string) => `
var editor := EditorInterface.get_script_editor()
var scripts := editor.get_open_scripts()
var editors := editor.get_open_script_editors().filter(func(e: ScriptEditorBase) -> bool: return e.get_class() != "TextEditor")
for i in scripts.size():
	if scripts[i].resource_path == ${JSON.stringify(path)}:
		return (editors[i].get_base_editor() as CodeEdit).text
return null`

describe('no stale text: writes reach the open tab and the loaded copy, and survive play, save, undo and redo (real editor)', function () {
  this.timeout(600_000)
  const fx = useEditor({pristine: false})
  const covered = new Set<string>()
  let n = 0
  const fresh = (ext = 'gd') => `res://stale/file_${++n}.${ext}`
  const read = (path: string) => (existsSync(fx.disk(path)) ? readFileSync(fx.disk(path), 'utf8') : null)
  // the Script Editor is off limits to snippets unless allowed: reading and opening its tabs is the point here
  const inEditor = (code: string) => fx.inEditor(code, {allow_unsafe_editor_io: true})
  const call = async (method: string, params: Json) => {
    covered.add(method)
    return fx.call(method, params)
  }
  /** Makes a file the editor knows and opens it in a tab the way the debugger does (edit_script / edit_resource). */
  const openInTab = async (path: string, text: string) => {
    await fx.call('project.write_file', {path, content: text, overwrite: true})
    const open = path.endsWith('.gd')
      ? 'EditorInterface.edit_script(load(%s), 2)'
      : 'EditorInterface.edit_resource(load(%s))'
    await inEditor(open.replace('%s', JSON.stringify(path)))
    if (path.endsWith('.gd')) expect(await inEditor(tabText(path)), `${path} is open in a tab`).to.equal(text)
  }
  /** The editor's copies hold what is on disk: the tab (scripts) and the loaded resource. */
  const editorHolds = async (path: string, text: string, label: string, inTab = true) => {
    if (inTab && path.endsWith('.gd')) expect(await inEditor(tabText(path)), `${label}: the tab`).to.equal(text)
    const field = path.endsWith('.gd') ? 'source_code' : 'code'
    const held = await inEditor(
      `return ResourceLoader.get_cached_ref(${JSON.stringify(path)}).${field} if ResourceLoader.has_cached(${JSON.stringify(path)}) else null`,
    )
    if (held !== null) expect(held, `${label}: the loaded resource`).to.equal(text)
  }
  /** Play (the editor saves before running) and save the scene: the file stays `text` (null: stays absent). */
  const survives = async (path: string, text: string | null, label: string) => {
    await fx.game.play()
    await fx.game.stop()
    expect(read(path), `${label}: after scene.play`).to.equal(text)
    await fx.call('scene.save')
    expect(read(path), `${label}: after scene.save`).to.equal(text)
  }
  /** The command's write, its undo and its redo each survive a play and a save. */
  const writeUndoRedo = async (method: string, path: string, params: Json) => {
    await openInTab(path, SCRIPT)
    await call(method, params)
    const written = read(path)!
    expect(written).to.not.equal(SCRIPT)
    await editorHolds(path, written, method)
    await survives(path, written, method)
    const undone = await fx.call('editor.undo')
    expect(undone.undone, JSON.stringify(undone)).to.equal(true)
    expect(read(path), `${method}: undo`).to.equal(SCRIPT)
    await editorHolds(path, SCRIPT, `${method} undone`)
    await survives(path, SCRIPT, `${method} undone`)
    const redone = await fx.call('editor.redo')
    expect(redone.redone, JSON.stringify(redone)).to.equal(true)
    expect(read(path), `${method}: redo`).to.equal(written)
    await editorHolds(path, written, `${method} redone`)
    await survives(path, written, `${method} redone`)
  }
  /** A command that replaces the text of an open file: the new text holds everywhere and survives. */
  const replaces = async (method: string, path: string, before: string, params: Json, expected?: string) => {
    await openInTab(path, before)
    await call(method, params)
    const written = read(path)!
    expect(written, `${method} changed the file`).to.not.equal(before)
    if (expected !== undefined) expect(written).to.equal(expected)
    await editorHolds(path, written, method)
    await survives(path, written, method)
  }

  it('script.edit and script.function_set: the write, its undo and its redo survive play and save', async () => {
    const edit = fresh()
    await writeUndoRedo('script.edit', edit, {path: edit, replacements: [{find: 'return 1', replace: 'return 2'}]})
    const fn = fresh()
    await writeUndoRedo('script.function_set', fn, {
      path: fn,
      name: 'value',
      code: 'func value() -> int:\n\treturn 3',
    })
  })

  it('script.create, project.write_file, multiplayer.peer_script and cleanup.fix_references replace an open script for good', async () => {
    const created = fresh()
    await replaces('script.create', created, SCRIPT, {
      path: created,
      extends: 'Node2D',
      template: 'empty',
      overwrite: true,
    })
    const written = fresh()
    const text = SCRIPT.replace('return 1', 'return 4')
    await replaces('project.write_file', written, SCRIPT, {path: written, content: text, overwrite: true}, text)
    const peer = fresh()
    await replaces('multiplayer.peer_script', peer, SCRIPT, {
      path: peer,
      player_scene: 'res://scenes/main.tscn',
      overwrite: true,
    })
    const referrer = fresh()
    const old = 'res://stale/gone.gd'
    await replaces(
      'cleanup.fix_references',
      referrer,
      SCRIPT + `\n\nconst OTHER := "${old}"\n`,
      {from: old, to: 'res://scripts/player.gd', dry_run: false},
      SCRIPT + '\n\nconst OTHER := "res://scripts/player.gd"\n',
    )
  })

  it('shader.create, shader.edit and project.write_file replace an open shader for good', async () => {
    const created = fresh('gdshader')
    await replaces('shader.create', created, SHADER, {path: created, shader_type: 'spatial', overwrite: true})
    const edited = fresh('gdshader')
    await replaces('shader.edit', edited, SHADER, {
      path: edited,
      replacements: [{find: '1.0, 0.0, 0.0', replace: '0.0, 1.0, 0.0'}],
    })
    const written = fresh('gdshader')
    await replaces('project.write_file', written, SHADER, {
      path: written,
      content: SHADER.replace('1.0, 0.0', '0.5, 0.5'),
      overwrite: true,
    })
  })

  it('filesystem.move, copy and delete of an open script: nothing is written back to the old path, the copies hold the text', async () => {
    const moved = fresh()
    await openInTab(moved, SCRIPT)
    const to = 'res://stale/moved/hero.gd'
    await call('filesystem.move', {from: moved, to})
    expect(read(to)).to.equal(SCRIPT)
    await survives(moved, null, 'filesystem.move (old path)')
    expect(read(to), 'filesystem.move (new path)').to.equal(SCRIPT)
    const copied = fresh()
    await openInTab(copied, SCRIPT)
    const copy = fresh()
    await call('filesystem.copy', {from: copied, to: copy})
    await survives(copy, SCRIPT, 'filesystem.copy (the copy)')
    expect(read(copied), 'filesystem.copy (the original)').to.equal(SCRIPT)
    const deleted = fresh()
    await openInTab(deleted, SCRIPT)
    await call('filesystem.delete', {path: deleted, force: true})
    await survives(deleted, null, 'filesystem.delete')
  })

  it('text that does not compile is held by the loaded script and the tab, never replaced by the old text on save', async () => {
    const open = fresh()
    await openInTab(open, SCRIPT)
    const out = await call('project.write_file', {path: open, content: BROKEN, overwrite: true})
    expect(out).to.include({compiles: false, reloaded: false})
    await editorHolds(open, BROKEN, 'broken text, open in a tab')
    await survives(open, BROKEN, 'broken text, open in a tab')
    // loaded (the game's scene uses it, say) but in no tab
    const loaded = fresh()
    await fx.call('project.write_file', {path: loaded, content: SCRIPT})
    await inEditor(`Engine.set_meta("stale_text_keep", load(${JSON.stringify(loaded)}))`)
    await call('project.write_file', {path: loaded, content: BROKEN, overwrite: true})
    await editorHolds(loaded, BROKEN, 'broken text, loaded', false)
    await survives(loaded, BROKEN, 'broken text, loaded')
    const edited = fresh()
    await openInTab(edited, SCRIPT)
    await call('script.edit', {
      path: edited,
      replacements: [{find: 'return 1', replace: 'return 1 +'}],
      allow_errors: true,
    })
    await editorHolds(edited, BROKEN, 'script.edit allow_errors')
    await survives(edited, BROKEN, 'script.edit allow_errors')
    await inEditor('Engine.remove_meta("stale_text_keep")')
  })

  it('a file changed on disk by another program while open is picked up by the next save and play, not overwritten', async () => {
    const path = fresh()
    await openInTab(path, SCRIPT)
    const checkout = SCRIPT.replace('return 1', 'return 10')
    writeFileSync(fx.disk(path), checkout) // a `git checkout`, straight to disk
    await fx.call('scene.save')
    expect(read(path), 'after scene.save').to.equal(checkout)
    await survives(path, checkout, 'changed on disk')
    await editorHolds(path, checkout, 'changed on disk')
    // after a bridge write the loaded copy was changed in memory; a later change on disk still wins
    await fx.call('script.edit', {path, replacements: [{find: 'return 10', replace: 'return 11'}]})
    const again = SCRIPT.replace('return 1', 'return 12')
    writeFileSync(fx.disk(path), again)
    await fx.game.play()
    await fx.game.stop()
    expect(read(path), 'after scene.play').to.equal(again)
    await survives(path, again, 'changed on disk after a bridge write')
  })

  it('covers every command that declares a written path: exercised above, or listed as writing no script or shader text', function () {
    const writing = fx.commands
      .filter((c) => (c.params as Json[]).some((p) => p.writes_path === true))
      .map((c) => c.method as string)
    const unknown = writing.filter((m) => !covered.has(m) && !(m in NOT_TEXT))
    expect(unknown, 'writing commands this sweep neither exercises nor lists in NOT_TEXT').to.deep.equal([])
    const stale = Object.keys(NOT_TEXT).filter((m) => !writing.includes(m) || covered.has(m))
    expect(stale, 'NOT_TEXT entries that no longer declare a written path (or are exercised)').to.deep.equal([])
    console.log(
      `      stale-text sweep: ${writing.length} writing commands; ${covered.size} exercised, ${writing.length - covered.size} write no script or shader text`,
    )
  })
})
