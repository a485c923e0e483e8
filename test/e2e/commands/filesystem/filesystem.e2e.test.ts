// filesystem.*: folders made, files and folders moved (references, UIDs, sidecars and project settings
// kept right), copied with fresh UIDs, deleted only when unused, and their users listed — against a real
// headless editor, checked on disk and in the editor's own view of the files.
import {expect} from 'chai'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('filesystem commands (real editor)', function () {
  this.timeout(240_000)
  const fx = useEditor({group: 'filesystem', pristine: false})
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 120_000)
  const disk = (res: string) => join(fx.editor.root, res.replace('res://', ''))
  const exists = (res: string) => existsSync(disk(res))
  const read = (res: string) => (exists(res) ? readFileSync(disk(res), 'utf8') : '')

  it('declares every filesystem command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'filesystem.mkdir',
      'filesystem.move',
      'filesystem.copy',
      'filesystem.delete',
      'filesystem.references',
    ])
  })

  it('filesystem.mkdir makes the folder and the editor lists it', async () => {
    expect(await call('filesystem.mkdir', fx.examples['filesystem.mkdir'])).to.deep.equal({
      path: 'res://levels/forest',
      created: true,
      in_dock: true,
      undoable: false,
    })
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.mkdir',
      fx.examples['filesystem.mkdir'],
      -32000,
      'already exists',
    )
  })

  it('filesystem.references names the scene that uses a script', async () => {
    const out = await call('filesystem.references', fx.examples['filesystem.references'])
    expect(out.used_by).to.deep.equal([{file: 'res://scenes/main.tscn', names: ['res://scripts/player.gd']}])
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.references',
      {path: 'res://scripts/playr.gd'},
      -32001,
      "did you mean 'res://scripts/player.gd'",
    )
  })

  it('filesystem.move renames a script used by the open scene: file, .uid and UID move, the scene is rewritten', async () => {
    const uid = (await call('project.uid', {path: 'res://scripts/player.gd'})).uid
    const out = await call('filesystem.move', fx.examples['filesystem.move'])
    expect(out).to.deep.include({from: 'res://scripts/player.gd', to: 'res://actors/hero.gd', files: 1, uid})
    expect(out.updated_references).to.deep.equal(['res://scenes/main.tscn'])
    expect(exists('res://scripts/player.gd') || exists('res://scripts/player.gd.uid')).to.equal(false)
    expect(exists('res://actors/hero.gd') && exists('res://actors/hero.gd.uid')).to.equal(true)
    expect(read('res://scenes/main.tscn')).to.include('path="res://actors/hero.gd"').and.not.include('player.gd')
    expect((await call('project.uid', {path: uid})).path).to.equal('res://actors/hero.gd')
    // the open scene's node holds the same script, now under its new path
    expect((await call('node.get', {node_path: 'Player', property: 'script'})).value.path).to.equal(
      'res://actors/hero.gd',
    )
    expect((await call('script.list', {under: 'res://actors'})).scripts.map((s: Json) => s.path)).to.deep.equal([
      'res://actors/hero.gd',
    ])
    await call('filesystem.move', {from: 'res://actors/hero.gd', to: 'res://scripts/player.gd'})
    expect(read('res://scenes/main.tscn')).to.include('path="res://scripts/player.gd"')
  })

  it('filesystem.move of a folder rewrites project settings; open scenes and bad targets are refused', async () => {
    await fx.refusedKeeping(
      {files: ['res://project.godot', ...['res://scenes/main.tscn']]},
      'filesystem.move',
      {from: 'res://scenes', to: 'res://levels/scenes'},
      -32000,
      'is open in the editor',
      'scene.close',
    )
    await call('scene.close', {})
    const out = await call('filesystem.move', {from: 'res://scenes', to: 'res://levels/scenes'})
    expect(out).to.deep.include({files: 3, updated_settings: ['application/run/main_scene']})
    expect(read('res://project.godot')).to.include('run/main_scene="res://levels/scenes/main.tscn"')
    expect(exists('res://levels/scenes/level_3d.tscn')).to.equal(true)
    await call('filesystem.move', {from: 'res://levels/scenes', to: 'res://scenes'})
    expect(read('res://project.godot')).to.include('run/main_scene="res://scenes/main.tscn"')
    await call('scene.open', {path: 'res://scenes/main.tscn'})
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.move',
      {from: 'res://scripts/player.gd', to: 'res://scenes/main.tscn'},
      -32000,
      'already exists',
    )
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.move',
      {from: 'res://scripts/player.gd', to: 'res://scripts/player.txt'},
      -32602,
      'change the file type',
    )
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.move',
      {from: 'res://scripts', to: 'res://scripts/inner'},
      -32602,
      'into itself',
    )
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.move',
      {from: 'res://nope.gd', to: 'res://nope2.gd'},
      -32001,
      'no file at res://nope.gd',
    )
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.move',
      {from: 'res://addons/bridge/plugin.gd', to: 'res://p.gd'},
      -32003,
      'belongs to the engine or the bridge',
    )
  })

  it('filesystem.copy duplicates a file and a folder; every copy gets a fresh UID', async () => {
    const out = await call('filesystem.copy', fx.examples['filesystem.copy'])
    expect(out.copies).to.have.length(1)
    expect(read('res://scenes/ui_copy.tscn')).to.equal(read('res://scenes/ui.tscn'))
    await call('resource.create', {path: 'res://materials/red.tres', type: 'StandardMaterial3D'})
    await call('script.create', {path: 'res://materials/tint.gd', extends: 'Resource', template: 'empty'})
    mkdirSync(fx.disk('res://materials/kept'), {recursive: true})
    writeFileSync(fx.disk('res://materials/kept/.gitkeep'), 'keep me\n')
    const folder = await call('filesystem.copy', {from: 'res://materials', to: 'res://materials_b'})
    expect(read('res://materials_b/kept/.gitkeep'), 'a folder copy keeps its dot-files').to.equal('keep me\n')
    expect(folder.copies.map((c: Json) => c.to)).to.deep.equal([
      'res://materials_b/red.tres',
      'res://materials_b/tint.gd',
    ])
    const originals = [
      (await call('project.uid', {path: 'res://materials/red.tres'})).uid,
      (await call('project.uid', {path: 'res://materials/tint.gd'})).uid,
    ]
    for (const [i, c] of folder.copies.entries()) {
      expect(c.uid, c.to).to.match(/^uid:\/\//)
      expect(c.uid, c.to).to.not.equal(originals[i])
    }
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.copy',
      fx.examples['filesystem.copy'],
      -32000,
      'already exists',
      'overwrite: true',
    )
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.copy',
      {from: 'res://materials', to: 'res://materials/again'},
      -32602,
      'into itself',
    )
  })

  it('filesystem.copy and move replace a file only with overwrite: the text is the source, the replaced UID kept by a copy', async () => {
    writeFileSync(disk('res://a.txt'), 'alpha\n')
    writeFileSync(disk('res://b.txt'), 'bravo\n')
    writeFileSync(disk('res://c.txt'), 'charlie\n')
    await fx.refusedKeeping(
      {files: ['res://b.txt']},
      'filesystem.copy',
      {from: 'res://a.txt', to: 'res://b.txt'},
      -32000,
      'overwrite: true',
    )
    const copied = await call('filesystem.copy', {from: 'res://a.txt', to: 'res://b.txt', overwrite: true})
    expect(copied).to.deep.include({replaced: true, files: 1})
    expect(read('res://b.txt')).to.equal('alpha\n')
    expect(exists('res://b.txt.bridge-copy'), 'no temp file left').to.equal(false)
    await fx.refusedKeeping(
      {files: ['res://c.txt', 'res://a.txt']},
      'filesystem.move',
      {from: 'res://c.txt', to: 'res://a.txt'},
      -32000,
      'overwrite: true',
    )
    const moved = await call('filesystem.move', {from: 'res://c.txt', to: 'res://a.txt', overwrite: true})
    expect(moved).to.deep.include({replaced: true, from: 'res://c.txt', to: 'res://a.txt'})
    expect(read('res://a.txt')).to.equal('charlie\n')
    expect(exists('res://c.txt')).to.equal(false)
    // a folder is never replaced: its files would be lost unnamed
    await fx.refusedKeeping(
      {files: ['res://a.txt']},
      'filesystem.copy',
      {from: 'res://a.txt', to: 'res://materials', overwrite: true},
      -32602,
      'folder',
    )
    const fresh = await call('filesystem.copy', {from: 'res://a.txt', to: 'res://d.txt'})
    expect(fresh.replaced).to.equal(false)
    for (const f of ['a.txt', 'b.txt', 'd.txt']) await call('filesystem.delete', {path: `res://${f}`})
  })

  it('filesystem.delete removes unused files and folders with their sidecars; a used file is refused unless forced', async () => {
    expect(await call('filesystem.delete', fx.examples['filesystem.delete'])).to.deep.include({
      deleted: 1,
      broken_references: [],
    })
    expect(exists('res://scenes/ui_copy.tscn')).to.equal(false)
    const folder = await call('filesystem.delete', {path: 'res://materials_b'})
    expect(folder.files).to.deep.equal(['res://materials_b/red.tres', 'res://materials_b/tint.gd'])
    expect(exists('res://materials_b')).to.equal(false)
    await fx.refusedKeeping(
      {files: ['res://project.godot', ...['res://scripts/player.gd']]},
      'filesystem.delete',
      {path: 'res://scripts/player.gd'},
      -32000,
      'still used by res://scenes/main.tscn',
    )
    await fx.refusedKeeping(
      {files: ['res://project.godot', ...['res://scenes/main.tscn']]},
      'filesystem.delete',
      {path: 'res://scenes/main.tscn'},
      -32000,
      'open in the editor',
    )
    await call('resource.create', {path: 'res://materials/used.tres', type: 'StandardMaterial3D'})
    const user = await call('resource.create', {
      path: 'res://materials/user.tres',
      type: 'StandardMaterial3D',
      properties: {next_pass: 'res://materials/used.tres'},
    })
    expect(user.values.next_pass.path).to.equal('res://materials/used.tres')
    await fx.refusedKeeping(
      {files: ['res://project.godot', ...['res://materials/used.tres']]},
      'filesystem.delete',
      {path: 'res://materials/used.tres'},
      -32000,
      'res://materials/user.tres',
    )
    const forced = await call('filesystem.delete', {path: 'res://materials/used.tres', force: true})
    expect(forced.broken_references).to.deep.equal(['res://materials/user.tres'])
    expect(exists('res://materials/used.tres')).to.equal(false)
    await fx.refusedKeeping(
      {files: ['res://project.godot']},
      'filesystem.delete',
      {path: 'res://.godot/editor'},
      -32003,
      'belongs to the engine',
    )
  })
})
