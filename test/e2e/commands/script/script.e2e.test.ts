// script.*: scripts created from templates, edited by replacement or by function (only when the result
// compiles; undoable), validated with the engine's parser (errors with lines), linted against the GDScript
// style guide, and their members listed — against a real headless editor, files read back from disk.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

const BAD_STYLE = [
  'extends Node', // 1
  'func myFunc():', // 2
  '    pass', // 3
  'var BadVar = 1', // 4
  'const lower = 2', // 5
  'signal Hit', // 6
  '', // 7
  'func ok_one() -> void:', // 8
  '\tif true && false:', // 9
  '\t\tpass;', // 10
  '\t#no space', // 11
  '',
].join('\n')

describe('script commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'script', pristine: false})
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 60_000)
  const disk = (res: string) => join(fx.editor.root, res.replace('res://', ''))
  const read = (res: string) => (existsSync(disk(res)) ? readFileSync(disk(res), 'utf8') : '')
  const undo = async (action: string) => {
    const out = await call('editor.undo')
    expect(out.undone, JSON.stringify(out)).to.equal(true)
    expect(out.action).to.equal(action)
  }

  it('declares every script command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'script.create',
      'script.list',
      'script.edit',
      'script.function_set',
      'script.validate',
      'script.lint',
      'script.members',
    ])
  })

  it('script.create writes the basic movement template with class_name and base; the class is registered', async () => {
    const out = await call('script.create', fx.examples['script.create'])
    expect(out).to.deep.include({
      path: 'res://scripts/enemy.gd',
      extends: 'CharacterBody2D',
      class_name: 'Enemy',
      registered: true,
    })
    const text = read('res://scripts/enemy.gd')
    expect(text.startsWith('class_name Enemy\nextends CharacterBody2D\n\n\nconst SPEED = 300.0\n')).to.equal(true)
    expect(text).to.include('\tmove_and_slide()\n')
    const listed = await call('script.list', fx.examples['script.list'])
    expect(listed.scripts).to.deep.equal([
      {path: 'res://scripts/enemy.gd', class_name: 'Enemy', extends: 'CharacterBody2D'},
      {path: 'res://scripts/player.gd', class_name: '', extends: 'CharacterBody2D'},
    ])
    const plain = await call('script.create', {path: 'res://scripts/hud.gd', extends: 'Control'})
    expect(plain.template).to.equal('default')
    expect(read('res://scripts/hud.gd'))
      .to.include('extends Control\n\n\n# Called when the node enters')
      .and.include('func _process(delta: float) -> void:')
    await fx.refusedKeeping(
      {files: ['res://scripts/enemy.gd']},
      'script.create',
      fx.examples['script.create'],
      -32000,
      'already exists',
    )
    await fx.refusedKeeping(
      {},
      'script.create',
      {path: 'res://a.gd', extends: 'CharacterBody'},
      -32602,
      "did you mean 'CharacterBody2D'",
    )
    await fx.refusedKeeping(
      {},
      'script.create',
      {path: 'res://a.gd', class_name: 'Enemy'},
      -32602,
      'taken by res://scripts/enemy.gd',
    )
    await fx.refusedKeeping(
      {},
      'script.create',
      {path: 'res://a.gd', class_name: 'Sprite2D'},
      -32602,
      'taken by the engine',
    )
    await fx.refusedKeeping(
      {},
      'script.create',
      {path: 'res://a.gd', template: 'basic_movement_3d'},
      -32602,
      'needs a CharacterBody3D base',
    )
    await fx.refusedKeeping(
      {},
      'script.create',
      {path: 'res://a.gd', template: 'fancy'},
      -32602,
      "unknown template 'fancy'",
    )
    await fx.refusedKeeping({}, 'script.create', {path: 'res://a.txt'}, -32602, 'must end in .gd')
    expect(existsSync(disk('res://a.gd'))).to.equal(false)
  })

  it("script.create fills in a project template from res://script_templates (Godot's placeholders, meta lines dropped)", async () => {
    const template = '# meta-description: greets\nextends _BASE_\n\n\nfunc greet() -> String:\n_TS_return "_CLASS_"\n'
    await call('project.write_file', {path: 'res://script_templates/Node/greeter.gd', content: template})
    await call('script.create', {
      path: 'res://scripts/door_bell.gd',
      extends: 'Node2D',
      template: 'res://script_templates/Node/greeter.gd',
    })
    expect(read('res://scripts/door_bell.gd')).to.equal(
      'extends Node2D\n\n\nfunc greet() -> String:\n\treturn "DoorBell"\n',
    )
  })

  it('script.edit replaces text once, compiles it, undo writes the old text back; bad edits write nothing', async () => {
    const out = await call('script.edit', fx.examples['script.edit'])
    expect(out).to.deep.include({compiles: true, replaced: [1]})
    expect(read('res://scripts/enemy.gd')).to.include('const SPEED = 180.0').and.not.include('300.0')
    await undo('Bridge: edit enemy.gd')
    expect(read('res://scripts/enemy.gd')).to.include('const SPEED = 300.0')
    const many = await call('script.edit', {
      path: 'res://scripts/enemy.gd',
      replacements: [{find: 'SPEED', replace: 'RUN_SPEED', all: true}],
    })
    expect(many.replaced).to.deep.equal([3])
    await undo('Bridge: edit enemy.gd')
    const enemy = ['res://scripts/enemy.gd']
    await fx.refusedKeeping(
      {files: enemy},
      'script.edit',
      {path: 'res://scripts/enemy.gd', replacements: [{find: 'SPEED', replace: 'X'}]},
      -32000,
      'occurs 3 times',
    )
    await fx.refusedKeeping(
      {files: enemy},
      'script.edit',
      {path: 'res://scripts/enemy.gd', replacements: [{find: 'nope', replace: 'X'}]},
      -32001,
      'is not in',
    )
    const error = await fx.refusedKeeping(
      {files: enemy},
      'script.edit',
      {path: 'res://scripts/enemy.gd', replacements: [{find: 'move_and_slide()', replace: 'move_and_slide(1, 2, 3)'}]},
      -32000,
      'would not compile after this change (line 26',
      'nothing was written',
    )
    expect(JSON.stringify(error.data)).to.include('"line":26')
  })

  it('script.function_set adds a function, replaces one keeping its doc comment; undo; non-compiling code is refused', async () => {
    const added = await call('script.function_set', fx.examples['script.function_set'])
    expect(added).to.deep.include({added: true, compiles: true})
    expect(read('res://scripts/enemy.gd')).to.match(
      /move_and_slide\(\)\n\n\nfunc take_damage\(amount: int\) -> void:\n\tprint\("hit ", amount\)\n$/,
    )
    const replaced = await call('script.function_set', {
      path: 'res://scripts/player.gd',
      name: 'take_damage',
      code: 'func take_damage(amount: int) -> int:\n\thealth -= amount * 2\n\thit.emit(amount)\n\treturn health',
    })
    expect(replaced).to.deep.include({added: false, replaced_lines: [15, 18]})
    const player = read('res://scripts/player.gd')
    expect(player).to.include('\thealth -= amount * 2\n').and.include('func _physics_process')
    await undo('Bridge: replace function take_damage')
    expect(read('res://scripts/player.gd')).to.include('\thealth -= amount\n')
    const doc = {
      path: 'res://scripts/hud.gd',
      name: 'score',
      create: true,
      code: '## The score.\nfunc score() -> int:\n\treturn 1',
    }
    await call('script.function_set', doc)
    await call('script.function_set', {...doc, create: false, code: 'func score() -> int:\n\treturn 2'})
    expect(read('res://scripts/hud.gd')).to.match(/\n\n\n## The score\.\nfunc score\(\) -> int:\n\treturn 2\n$/)
    const files = ['res://scripts/player.gd']
    await fx.refusedKeeping(
      {files: files},
      'script.function_set',
      {
        path: 'res://scripts/player.gd',
        name: 'take_damage',
        code: 'func take_damage(amount: int) -> int:\n\treturn "no"',
      },
      -32000,
      'would not compile',
      'line 16',
    )
    await fx.refusedKeeping(
      {files: files},
      'script.function_set',
      {path: 'res://scripts/player.gd', name: 'jump', code: 'func jump():\n\tpass'},
      -32001,
      "no function 'jump'",
      'create: true',
    )
    await fx.refusedKeeping(
      {files: files},
      'script.function_set',
      {path: 'res://scripts/player.gd', name: 'jump', code: 'func leap():\n\tpass'},
      -32602,
      "starting 'func jump('",
    )
  })

  it('script.validate compiles files, folders and text with the engine parser, with error lines', async () => {
    expect(await call('script.validate', fx.examples['script.validate'])).to.deep.equal({
      path: 'res://scripts/player.gd',
      ok: true,
      errors: [],
    })
    const text = await call('script.validate', {code: 'extends Node\n\nfunc f() -> void:\n\tvar a: int = "s"\n'})
    expect(text.ok).to.equal(false)
    expect(text.errors[0]).to.deep.include({line: 4})
    expect(text.errors[0].message).to.include('Cannot assign a value of type "String"')
    await call('project.write_file', {path: 'res://broken/bad.gd', content: 'extends Node\n\nfunc f(:\n\tpass\n'})
    const folder = await call('script.validate', {path: 'res://'})
    expect(folder).to.deep.include({failing: 1, ok: false})
    expect(folder.checked).to.be.greaterThan(3)
    expect(folder.scripts[0]).to.deep.include({path: 'res://broken/bad.gd', ok: false})
    expect(folder.scripts[0].errors[0].line).to.equal(3)
    // a script that registers a class_name validates as itself (the copy must not "hide" the global class)
    expect((await call('script.validate', {path: 'res://scripts/enemy.gd'})).ok).to.equal(true)
    await fx.refusedKeeping({}, 'script.validate', {}, -32602, 'give path, code, or both')
    await fx.refusedKeeping({}, 'script.validate', {path: 'res://scenes/main.tscn'}, -32602, 'not a GDScript file')
  })

  it('script.lint reports style-guide issues with their lines and rules', async () => {
    const clean = await call('script.lint', fx.examples['script.lint'])
    expect(clean).to.deep.equal({path: 'res://scripts/player.gd', count: 0, issues: []})
    await call('project.write_file', {path: 'res://style/BadStyle.gd', content: BAD_STYLE})
    const out = await call('script.lint', {path: 'res://style/BadStyle.gd'})
    expect(out.issues.map((i: Json) => `${i.line} ${i.rule}`)).to.deep.equal([
      '1 file-name',
      '2 function-name',
      '2 blank-lines',
      '3 indentation',
      '4 variable-name',
      '4 member-order',
      '5 constant-name',
      '5 member-order',
      '6 signal-name',
      '6 member-order',
      '8 blank-lines',
      '9 boolean-operators',
      '10 semicolon',
      '11 comment-space',
    ])
    expect(out.issues[1].message).to.equal("function 'myFunc' should be snake_case: my_func")
    const some = await call('script.lint', {
      path: 'res://style/BadStyle.gd',
      disable: ['member-order', 'blank-lines', 'file-name'],
    })
    expect(some.count).to.equal(8)
    const folder = await call('script.lint', {path: 'res://', max_line_length: 60})
    expect(folder.scripts.map((s: Json) => s.path)).to.include('res://style/BadStyle.gd')
    await fx.refusedKeeping(
      {},
      'script.lint',
      {path: 'res://style/BadStyle.gd', disable: ['tabs']},
      -32602,
      'unknown rule "tabs"',
    )
  })

  it('script.members lists declarations in file order with lines and signatures', async () => {
    const out = await call('script.members', fx.examples['script.members'])
    expect(out.base).to.equal('CharacterBody2D')
    expect(out.members.map((m: Json) => [m.kind, m.name, m.line])).to.deep.equal([
      ['extends', 'CharacterBody2D', 1],
      ['signal', 'hit', 4],
      ['var', 'speed', 6],
      ['var', 'health', 7],
      ['func', '_physics_process', 10],
      ['func', 'take_damage', 15],
    ])
    expect(out.members[2]).to.deep.include({annotations: '@export', declaration: '@export var speed: float = 200.0'})
    expect(out.members[5]).to.deep.include({
      signature: 'func take_damage(amount: int) -> int',
      end_line: 18,
      args: ['amount'],
    })
    const funcs = await call('script.members', {path: 'res://scripts/player.gd', kind: 'func'})
    expect(funcs.count).to.equal(2)
  })
})
