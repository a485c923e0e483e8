// project.read_file / write_file / scan / uid and editor.output against a real headless editor: files are
// read back from disk, imports checked by their .import/.uid files and by using what was written (a new
// class_name in node.add), refusals leave the disk as it was; output lines come back in order by kind.
import {expect} from 'chai'
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

const METHODS = ['project.read_file', 'project.write_file', 'project.scan', 'project.uid', 'editor.output']
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>\n'

describe('project files, scan, uid and editor output (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  let declared: Record<string, Json>
  const {call} = fx
  const run = (code: string) => fx.inEditor(code)
  const file = (resPath: string) => join(fx.editor.root, resPath.replace('res://', ''))
  const userFile = (userPath: string) =>
    join(fx.editor.home, 'data', 'godot', 'app_userdata', 'Bridge Demo', userPath.replace('user://', ''))
  const histories = async () =>
    ((await call('editor.undo_history', {limit: 1})).histories as Json[]).map((h) => h.count)

  async function undo(action: string): Promise<void> {
    const out = await call('editor.undo')
    expect(out.undone, JSON.stringify(out)).to.equal(true)
    expect(out.action).to.equal(`Bridge: ${action}`)
  }

  before(async () => {
    const {commands} = await call('engine.commands')
    declared = Object.fromEntries((commands as Json[]).map((c) => [c.method, c]))
  })

  it('declares each command with an example; write_file jails its path and says it is not undoable', () => {
    for (const m of METHODS) expect(declared[m], m).to.include.keys('example', 'summary')
    const write = declared['project.write_file']
    expect((write.params as Json[]).filter((p) => p.writes_path).map((p) => p.name)).to.deep.equal(['path'])
    expect(write.summary).to.include('not undoable')
    for (const m of ['project.read_file', 'project.uid', 'editor.output'])
      expect(declared[m].read_only, m).to.equal(true)
  })

  it('project.read_file: the example returns player.gd exactly as on disk', async () => {
    const text = readFileSync(file('res://scripts/player.gd'), 'utf8')
    expect(await call('project.read_file', declared['project.read_file'].example)).to.deep.equal({
      path: 'res://scripts/player.gd',
      size: Buffer.byteLength(text),
      lines: text.split('\n').length - 1,
      content: text,
    })
  })

  it('project.read_file: reads UTF-8 (dropping a BOM) and control characters; refuses binary, bad UTF-8, too big, folders, .godot, escapes', async () => {
    writeFileSync(file('res://notes_utf8.txt'), 'café\nno newline at end')
    writeFileSync(file('res://bom.txt'), Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69, 0x0a]))
    writeFileSync(file('res://blob.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))
    writeFileSync(file('res://latin1.txt'), Buffer.from('caf\xe9', 'latin1'))
    writeFileSync(file('res://surrogate.txt'), Buffer.from([0x61, 0xed, 0xa0, 0x80]))
    writeFileSync(file('res://ansi.log'), '\tok\r\n\x1b[1mbold')
    writeFileSync(file('res://big.txt'), 'a'.repeat(1024 * 1024 + 1))
    expect(await call('project.read_file', {path: 'res://notes_utf8.txt'})).to.deep.include({
      content: 'café\nno newline at end',
      size: 23,
      lines: 2,
    })
    expect((await call('project.read_file', {path: 'res://bom.txt'})).content).to.equal('hi\n')
    const binary = await fx.failsWith(
      'project.read_file',
      {path: 'res://blob.bin'},
      -32000,
      'not a UTF-8 text file',
      'NUL',
    )
    expect(binary.rpcData).to.include({offset: 4})
    await fx.failsWith('project.read_file', {path: 'res://latin1.txt'}, -32000, 'byte 3 is not valid UTF-8')
    await fx.failsWith('project.read_file', {path: 'res://surrogate.txt'}, -32000, 'byte 1 is not valid UTF-8')
    // control characters are text (a log's ANSI colours): the reply escapes them and they arrive intact
    expect((await call('project.read_file', {path: 'res://ansi.log'})).content).to.equal('\tok\r\n\x1b[1mbold')
    await fx.failsWith('project.read_file', {path: 'res://big.txt'}, -32000, '1048577 bytes', 'at most 1048576')
    await fx.failsWith('project.read_file', {path: 'res://scripts'}, -32602, 'is a folder')
    await fx.failsWith('project.read_file', {path: 'res://.godot/uid_cache.bin'}, -32003, 'res://.godot')
    await fx.failsWith('project.read_file', {path: 'res://scenes/../../escape.txt'}, -32003, 'escapes res://')
    await fx.failsWith('project.read_file', {path: '/etc/passwd'}, -32003, 'res:// or user://')
    await fx.failsWith(
      'project.read_file',
      {path: 'res://scripts/playr.gd'},
      -32001,
      "did you mean 'res://scripts/player.gd'",
    )
    writeFileSync(file('res://big.txt'), 'a'.repeat(1024 * 1024))
    const big = await call('project.read_file', {path: 'res://big.txt'})
    expect(big.size).to.equal(1024 * 1024)
    expect(big.content).to.have.length(1024 * 1024)
    for (const f of ['notes_utf8.txt', 'bom.txt', 'blob.bin', 'latin1.txt', 'surrogate.txt', 'ansi.log', 'big.txt'])
      rmSync(file(f))
  })

  it('project.write_file: the example writes a new file atomically; no overwrite unless told; not in any undo history', async () => {
    const history = await histories()
    expect(await call('project.write_file', declared['project.write_file'].example)).to.deep.equal({
      path: 'res://notes/todo.md',
      bytes: 22,
      created: true,
      imported: true,
      undoable: false,
    })
    expect(readFileSync(file('res://notes/todo.md'), 'utf8')).to.equal('# To do\n- add enemies\n')
    expect(readdirSync(file('res://notes')), 'no temp file left behind').to.deep.equal(['todo.md'])
    await fx.failsWith('project.write_file', {path: 'res://notes/todo.md', content: 'x'}, -32000, 'overwrite: true')
    expect(readFileSync(file('res://notes/todo.md'), 'utf8')).to.equal('# To do\n- add enemies\n')
    const again = await call('project.write_file', {path: 'res://notes/todo.md', content: 'é\n', overwrite: true})
    expect(again).to.deep.include({bytes: 3, created: false})
    expect(readFileSync(file('res://notes/todo.md'), 'utf8')).to.equal('é\n')
    expect(readdirSync(file('res://notes'))).to.deep.equal(['todo.md'])
    expect(await histories()).to.deep.equal(history)
    expect((await call('project.read_file', {path: 'res://notes/todo.md'})).content).to.equal('é\n')
  })

  it('project.write_file: a new class_name script is imported at once: it gets a uid and node.add can use its class', async () => {
    const out = await call('project.write_file', {
      path: 'res://enemies/enemy.gd',
      content: 'class_name Enemy\nextends Node2D\n\n@export var hp: int = 3\n',
    })
    expect(out).to.deep.include({created: true, imported: true})
    expect(existsSync(file('res://enemies/enemy.gd.uid'))).to.equal(true)
    const uid = readFileSync(file('res://enemies/enemy.gd.uid'), 'utf8').trim()
    expect(await call('project.uid', {path: 'res://enemies/enemy.gd'})).to.deep.equal({
      uid,
      path: 'res://enemies/enemy.gd',
      exists: true,
    })
    expect(await call('node.add', {type: 'Enemy', name: 'Grunt'})).to.deep.equal({
      path: '/root/Main/Grunt',
      name: 'Grunt',
      type: 'Enemy',
      undoable: true,
      saved: false,
    })
    expect((await call('node.get', {node_path: 'Grunt', property: 'hp'})).value).to.equal(3)
    await undo('add Enemy')
  })

  it('project.write_file: overwriting a loaded script reloads it; code that does not compile is held as written, never the old text, while the last compiled version runs', async () => {
    const path = 'res://enemies/enemy.gd'
    const defaultHp = () => run(`return load("${path}").get_property_default_value("hp")`)
    expect(await defaultHp()).to.equal(3)
    const good = 'class_name Enemy\nextends Node2D\n\n@export var hp: int = 7\n'
    expect(await call('project.write_file', {path, content: good, overwrite: true})).to.deep.include({reloaded: true})
    expect(await defaultHp()).to.equal(7)
    const bad = await call('project.write_file', {path, content: 'extends Node2D\nfunc (:\n', overwrite: true})
    expect(bad).to.deep.include({reloaded: false, compiles: false})
    expect(bad.note).to.include('does not compile')
    expect(readFileSync(file(path), 'utf8')).to.equal('extends Node2D\nfunc (:\n')
    // the old text would be written back by the next save (test/e2e/commands/script/stale-text.e2e.test.ts)
    const held = await fx.inEditor(`return load("${path}").source_code`, {allow_unsafe_editor_io: true})
    expect(held).to.equal('extends Node2D\nfunc (:\n')
    expect(await defaultHp()).to.equal(7)
    await call('project.write_file', {path, content: good, overwrite: true})
  })

  it('project.write_file: an .svg is imported on write and loads as a texture', async () => {
    expect(await call('project.write_file', {path: 'res://art/dot.svg', content: SVG})).to.deep.include({
      imported: true,
    })
    expect(existsSync(file('res://art/dot.svg.import'))).to.equal(true)
    expect(await run('return load("res://art/dot.svg").get_class()')).to.equal('CompressedTexture2D')
  })

  it('project.write_file: an open scene rewritten on disk is flagged, and scene.reload shows the new version', async () => {
    const main = 'res://scenes/main.tscn'
    const original = readFileSync(file(main), 'utf8')
    const moved = original.replace('position = Vector2(320, 300)', 'position = Vector2(5, 6)')
    const out = await call('project.write_file', {path: main, content: moved, overwrite: true})
    expect(out).to.deep.include({open_in_editor: true, created: false})
    expect((await call('node.get', {node_path: 'Ground', property: 'position'})).value).to.deep.equal([320, 300])
    await call('scene.reload')
    expect((await call('node.get', {node_path: 'Ground', property: 'position'})).value).to.deep.equal([5, 6])
    await call('project.write_file', {path: main, content: original, overwrite: true})
    await call('scene.reload')
    expect(readFileSync(file(main), 'utf8')).to.equal(original)
  })

  it('project.write_file: writes user:// files; refuses the bridge, .godot, project.godot, folders and escapes, writing nothing', async () => {
    expect(await call('project.write_file', {path: 'user://saves/slot1.json', content: '{"level": 2}'})).to.deep.equal({
      path: 'user://saves/slot1.json',
      bytes: 12,
      created: true,
      undoable: false,
    })
    expect(readFileSync(userFile('user://saves/slot1.json'), 'utf8')).to.equal('{"level": 2}')
    expect((await call('project.read_file', {path: 'user://saves/slot1.json'})).content).to.equal('{"level": 2}')
    const project = readFileSync(file('res://project.godot'), 'utf8')
    const plugin = readFileSync(file('res://addons/bridge/plugin.gd'), 'utf8')
    const cases: [string, number, string][] = [
      ['res://addons/bridge/plugin.gd', -32003, 'does not rewrite itself'],
      ['res://addons/bridge/evil.gd', -32003, 'does not rewrite itself'],
      ['res://addons/./bridge/evil.gd', -32003, 'does not rewrite itself'],
      ['res://.godot/evil.cfg', -32003, 'res://.godot'],
      ['res://project.godot', -32003, 'project.settings_set'],
      ['res://scripts', -32602, 'is a folder'],
      ['res://../escape.txt', -32003, 'escapes res://'],
      ['/tmp/escape.txt', -32003, 'res:// or user://'],
    ]
    for (const [path, code, fragment] of cases) {
      await fx.failsWith('project.write_file', {path, content: 'x', overwrite: true}, code, fragment)
    }
    expect(readFileSync(file('res://project.godot'), 'utf8')).to.equal(project)
    expect(readFileSync(file('res://addons/bridge/plugin.gd'), 'utf8')).to.equal(plugin)
    expect(existsSync(file('res://addons/bridge/evil.gd'))).to.equal(false)
    expect(existsSync(file('res://.godot/evil.cfg'))).to.equal(false)
    expect(existsSync(join(fx.editor.root, '..', 'escape.txt'))).to.equal(false)
  })

  it('project.scan: the example picks up files changed outside the editor: added, imported, removed', async () => {
    mkdirSync(file('res://outside'))
    writeFileSync(file('res://outside/badge.svg'), SVG)
    writeFileSync(file('res://outside/outsider.gd'), 'class_name Outsider\nextends Node\n')
    rmSync(file('res://notes/todo.md'))
    const out = await call('project.scan', declared['project.scan'].example)
    expect(out).to.deep.include({
      added: ['res://outside/badge.svg', 'res://outside/outsider.gd'],
      removed: ['res://notes/todo.md'],
      reimported: ['res://outside/badge.svg'],
    })
    expect(out.duration_ms).to.be.a('number')
    expect(existsSync(file('res://outside/badge.svg.import'))).to.equal(true)
    expect(existsSync(file('res://outside/outsider.gd.uid'))).to.equal(true)
    expect((await call('node.add', {type: 'Outsider'})).type).to.equal('Outsider')
    await undo('add Outsider')
    expect(await call('project.scan')).to.deep.include({added: [], removed: [], reimported: []})
  })

  it('project.uid: resolves the example both ways as the .uid file says; refuses unknown, malformed, missing and uid-less', async () => {
    const uid = readFileSync(file('res://scripts/player.gd.uid'), 'utf8').trim()
    expect(await call('project.uid', declared['project.uid'].example)).to.deep.equal({
      uid,
      path: 'res://scripts/player.gd',
      exists: true,
    })
    expect(await call('project.uid', {path: uid})).to.deep.equal({uid, path: 'res://scripts/player.gd', exists: true})
    await fx.failsWith('project.uid', {path: 'uid://zzzzzzzzzzzz'}, -32001, 'no resource has uid://zzzzzzzzzzzz')
    await fx.failsWith('project.uid', {path: 'uid://'}, -32602, 'not a valid uid')
    await fx.failsWith('project.uid', {path: 'uid://Not-A-Uid!'}, -32602, 'not a valid uid')
    await fx.failsWith('project.uid', {path: 'scripts/player.gd'}, -32602, 'uid:// or res://')
    await fx.failsWith('project.uid', {path: 'res://scripts/nope.gd'}, -32001, 'no file at')
    await fx.failsWith('project.uid', {path: 'res://project.godot'}, -32001, 'has no UID')
  })

  it('editor.output: print, printerr, warnings and errors in order, paged with since, filtered by kind; editor.errors keeps out prints', async () => {
    const example = await call('editor.output', declared['editor.output'].example)
    expect(example.count).to.be.within(1, 20)
    const since = example.next_seq
    const m = `m${Date.now()}`
    await run(
      `print("out-${m}")\nprinterr("err-${m}")\npush_warning("warn-${m}")\nprint_rich("[b]rich-${m}[/b]")\npush_error("fail-${m}")`,
    )
    const all = (await call('editor.output', {since})).entries as Json[]
    const mine = all.filter((e) => String(e.message).endsWith(m) && !String(e.message).includes('\n'))
    expect(mine.map((e) => [e.type, e.message])).to.deep.equal([
      ['print', `out-${m}`],
      ['stderr', `err-${m}`],
      ['warning', `warn-${m}`],
      ['print', `rich-${m}`],
      ['error', `fail-${m}`],
    ])
    const others = all.filter((e) => !mine.includes(e))
    expect(
      others.map((e) => [
        e.type,
        String(e.message)
          .split('\n')[0]
          .replace(/#\d+/, '#N')
          .replace(/\(\d+ chars\)/, '(n chars)'),
      ]),
      'nothing else was logged but the snippet itself and its audit lines (before and after it ran)',
    ).to.deep.equal([
      ['print', 'bridge: editor.run_script:'],
      ['print', 'bridge audit #N: editor.run_script started via ws (n chars)'],
      ['print', 'bridge audit #N: editor.run_script ok'],
    ])
    const seqs = mine.map((e) => e.seq)
    expect(seqs).to.deep.equal([...seqs].sort((a, b) => a - b))
    expect(all.every((e) => e.seq >= since)).to.equal(true)
    const prints = (await call('editor.output', {since, kind: 'print'})).entries as Json[]
    expect(prints.every((e) => e.type === 'print')).to.equal(true)
    expect(prints.map((e) => e.message)).to.include.members([`out-${m}`, `rich-${m}`])
    const warnings = (await call('editor.output', {since, kind: 'warning'})).entries as Json[]
    expect(warnings.map((e) => e.message)).to.deep.equal([`warn-${m}`])
    const last = (await call('editor.output', {since, limit: 2})).entries as Json[]
    expect(last.map((e) => e.seq)).to.deep.equal(all.slice(-2).map((e) => e.seq))
    const errors = (await call('editor.errors', {since})).entries as Json[]
    expect(errors.map((e) => e.type)).to.include.members(['stderr', 'warning', 'error'])
    expect(
      errors.some((e) => e.type === 'print'),
      'editor.errors does not list print lines',
    ).to.equal(false)
    await fx.failsWith('editor.output', {kind: 'verbose'}, -32602, "'kind'")
  })
})
