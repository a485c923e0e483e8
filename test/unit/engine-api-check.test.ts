// The engine-API check (scripts/engine-api/, run by npm run check:gdscript) can fail: scripts that use a
// method only 4.6 has, syntax only 4.4 understands, or a version-dependent method by name outside the
// compatibility module are reported for exactly the versions that lack them; the same calls made through the
// compatibility module, and API every version has, are not. Pure: the version table, no engine.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {loadApi} from '../../scripts/engine-api/api.js'
import {type CheckOptions, type Finding, checkScripts} from '../../scripts/engine-api/check.js'
import {supportedRange} from '../../scripts/engine-api/run.js'
import {supportedGodot} from '../../src/editor/godot-versions.js'
import {REPO_ROOT} from '../support/editor.js'

const api = loadApi()
const OPTIONS: CheckOptions = {floor: '4.3', ceiling: '4.7', compatFile: 'core/compat.gd'}
const check = (files: Record<string, string>, options: Partial<CheckOptions> = {}): Finding[] =>
  checkScripts(new Map(Object.entries(files)), api, {...OPTIONS, ...options}).findings
const where = (fs: Finding[]) => fs.map((f) => `${f.file}:${f.line} ${f.symbol} [${f.missing.join(' ')}]`)

describe('engine-API check over GDScript (scripts/engine-api)', () => {
  it('reports a 4.6-only method and 4.4-only syntax for the versions that lack them', () => {
    const findings = check({
      'commands/x.gd': [
        '@tool',
        'extends RefCounted',
        '',
        'func add(root: Node) -> void:',
        '\tvar counts: Dictionary[String, int] = {}',
        '\tEditorInterface.add_root_node(root)',
        '\tprint(counts)',
      ].join('\n'),
    })
    expect(where(findings)).to.deep.equal([
      'commands/x.gd:5 typed dictionary Dictionary[K, V] [4.3]',
      'commands/x.gd:6 EditorInterface.add_root_node [4.3 4.4 4.5]',
    ])
  })

  it('resolves a method on a typed receiver and on an unknown one whose every class lacks it', () => {
    const findings = check({
      'a.gd': [
        'func f(sel: EditorSelection, thing: Variant) -> void:',
        '\tsel.get_top_selected_nodes()',
        '\tthing.get_open_scene_roots()',
        '\tvar n := Node.new()',
        '\tn.get_child_count()',
      ].join('\n'),
    })
    expect(where(findings)).to.deep.equal([
      'a.gd:2 EditorSelection.get_top_selected_nodes [4.3 4.4]',
      'a.gd:3 .get_open_scene_roots() [4.3 4.4]',
    ])
  })

  it('reports engine classes and syntax newer than the floor: Logger (4.5), @abstract, variadic functions', () => {
    const findings = check({
      'b.gd': ['@abstract', 'extends Logger', '', 'func log_all(...lines: Array) -> void:', '\tpass'].join('\n'),
    })
    expect(where(findings)).to.deep.equal([
      'b.gd:1 @abstract [4.3 4.4]',
      'b.gd:4 variadic function (...args) [4.3 4.4]',
      'b.gd:2 Logger [4.3 4.4]',
    ])
  })

  it('accepts a version-dependent method called by name in the compatibility module, and refuses it elsewhere', () => {
    const body = 'static func close() -> Error:\n\treturn Engine.get_singleton("EditorInterface").call("close_scene")\n'
    expect(check({'core/compat.gd': body})).to.deep.equal([])
    expect(where(check({'commands/y.gd': body}))).to.deep.equal(['commands/y.gd:2 "close_scene" [4.3 4.4]'])
  })

  it('ignores strings and comments, and a method the scripts define themselves', () => {
    const findings = check({
      'c.gd': [
        '# EditorInterface.add_root_node(x) in a comment',
        'const DOC := "EditorInterface.close_scene() in a string"',
        'func get_open_scene_roots() -> Array:',
        '\treturn []',
        'func g(o: Object) -> void:',
        '\to.get_open_scene_roots()',
      ].join('\n'),
    })
    expect(findings).to.deep.equal([])
  })

  it('holds the version gate’s own files to an older floor than the rest', () => {
    const files = {'plugin.gd': 'func f() -> void:\n\tEditorInterface.get_editor_undo_redo()\n'}
    expect(check(files, {floor: '4.5'})).to.deep.equal([])
    expect(where(check(files, {floor: '4.5', strictFloor: {floor: '4.2', files: ['plugin.gd']}}))).to.deep.equal([
      'plugin.gd:2 EditorInterface.get_editor_undo_redo [4.2 4.3]',
    ])
  })

  it('checks a file marked "needs Godot 4.5" from 4.5 only, and reports it loaded anywhere but the compatibility module', () => {
    const capture = [
      '@tool',
      'extends Logger',
      '## engine-api: needs Godot 4.5',
      'func f(bt: ScriptBacktrace) -> void:',
      '\tpass',
    ].join('\n')
    const files = {
      'lib/capture.gd': capture,
      'core/compat.gd': 'static func add(path: String) -> Object:\n\treturn load(path).new()\n',
      'lib/store.gd':
        'func start() -> void:\n\tvar p := get_script().resource_path.get_base_dir().path_join("capture.gd")\n',
    }
    expect(check(files)).to.deep.equal([])
    const loaded = {
      ...files,
      'lib/user.gd': 'const C := preload("capture.gd")\n',
      'game/x.gd': 'extends "../lib/capture.gd"\n',
    }
    expect(where(check(loaded))).to.deep.equal([
      'lib/user.gd:1 lib/capture.gd [4.3 4.4]',
      'game/x.gd:1 lib/capture.gd [4.3 4.4]',
    ])
    // without the marker it is checked from the floor like any file
    expect(where(check({'lib/capture.gd': capture.replace('## engine-api: needs Godot 4.5', '')}))).to.deep.equal([
      'lib/capture.gd:2 Logger [4.3 4.4]',
      'lib/capture.gd:4 ScriptBacktrace [4.3 4.4]',
    ])
  })

  it('follows an enum value through its enum when the enum moved (StreamPeerTCP.Status, 4.6 moved it up)', () => {
    // the table has rows for changed members only: what 4.6's new StreamPeerSocket declares comes from a dump
    const dump = JSON.stringify({
      classes: [
        {
          name: 'StreamPeerSocket',
          inherits: 'StreamPeer',
          enums: [{name: 'Status', values: [{name: 'STATUS_CONNECTED'}]}],
        },
      ],
      singletons: [],
      builtin_classes: [],
    })
    const files = new Map([['d.gd', 'func f() -> int:\n\treturn StreamPeerTCP.STATUS_CONNECTED\n']])
    expect(checkScripts(files, loadApi(undefined, dump), OPTIONS).findings).to.deep.equal([])
    expect(where(check(Object.fromEntries(files)))).to.deep.equal(['d.gd:2 StreamPeerTCP.STATUS_CONNECTED [4.6 4.7]'])
  })

  it('states one supported range: compat.gd’s, in plugin.cfg, the README and what bridge status prints', () => {
    const {floor, ceiling} = supportedRange(join(REPO_ROOT, 'addon'))
    const range = `${floor} to ${ceiling}`
    expect(supportedGodot()).to.deep.equal({floor, ceiling, range})
    expect(readFileSync(join(REPO_ROOT, 'addon', 'plugin.cfg'), 'utf8')).to.include(`Supports Godot ${range}`)
    expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).to.include(`**Godot ${range}**`)
  })
})
