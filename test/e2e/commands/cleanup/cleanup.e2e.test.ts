// cleanup.*: a moved script breaks a scene; broken_references finds it with its new home, fix_references
// rewrites it (dry run first, then for real, and the scene loads again); orphaned .import files are listed
// and deleted. Fixtures are written into the editor's temp copy of the demo.
import {expect} from 'chai'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {useEditor} from '../../../support/fixture.js'

describe('cleanup commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'cleanup', pristine: false})
  const {call} = fx
  const file = (p: string) => join(fx.editor.root, p)

  before(async () => {
    mkdirSync(file('moved'))
    writeFileSync(file('moved/enemy.gd'), 'extends Node2D\n')
    writeFileSync(
      file('moved/enemy.tscn'),
      '[gd_scene load_steps=2 format=3]\n\n[ext_resource type="Script" path="res://old/enemy.gd" id="1"]\n\n[node name="Enemy" type="Node2D"]\nscript = ExtResource("1")\n',
    )
    writeFileSync(
      file('gone.png.import'),
      '[remap]\n\nimporter="texture"\ntype="CompressedTexture2D"\npath="res://.godot/imported/gone.png-abc.ctex"\n\n[deps]\n\nsource_file="res://gone.png"\ndest_files=["res://.godot/imported/gone.png-abc.ctex"]\n',
    )
  })

  it('declares every cleanup command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'cleanup.broken_references',
      'cleanup.fix_references',
      'cleanup.orphaned_imports',
      'cleanup.unused_input_actions',
      'cleanup.unused_autoloads',
    ])
  })

  it('broken_references finds the moved script with its new home; fix_references repairs it (dry run first)', async () => {
    const broken = await call('cleanup.broken_references', fx.examples['cleanup.broken_references'])
    expect(broken.broken).to.deep.equal([
      {file: 'res://moved/enemy.tscn', missing: 'res://old/enemy.gd', candidates: ['res://moved/enemy.gd']},
    ])
    const example = await call('cleanup.fix_references', fx.examples['cleanup.fix_references'])
    expect(example).to.include({count: 0, dry_run: true})
    const before = readFileSync(file('moved/enemy.tscn'), 'utf8')
    const dry = await call('cleanup.fix_references', {from: 'res://old/enemy.gd', to: 'res://moved/enemy.gd'})
    expect(dry).to.deep.include({dry_run: true, count: 1, files: [{file: 'res://moved/enemy.tscn', references: 1}]})
    expect(readFileSync(file('moved/enemy.tscn'), 'utf8')).to.equal(before)
    const fixed = await call('cleanup.fix_references', {
      from: 'res://old/enemy.gd',
      to: 'res://moved/enemy.gd',
      dry_run: false,
    })
    expect(fixed.count).to.equal(1)
    expect(readFileSync(file('moved/enemy.tscn'), 'utf8')).to.include('path="res://moved/enemy.gd"')
    expect((await call('cleanup.broken_references')).broken).to.deep.equal([])
    const loaded = await call('editor.run_script', {
      code: 'return load("res://moved/enemy.tscn").instantiate().get_script().resource_path',
    })
    expect(loaded.result).to.equal('res://moved/enemy.gd')
  })

  it('fix_references refuses a target that does not exist or leaves the project', async () => {
    const missing = await fx.rpcError('cleanup.fix_references', {
      from: 'res://a.gd',
      to: 'res://nowhere.gd',
    })
    expect(missing.message).to.include('move the file first')
    const jailed = await fx.rpcError('cleanup.fix_references', {from: 'res://a.gd', to: '/etc/passwd'})
    expect(jailed.rpcCode).to.equal(-32003)
  })

  it('orphaned_imports lists the .import file of a deleted asset, then deletes it', async () => {
    const listed = await call('cleanup.orphaned_imports', fx.examples['cleanup.orphaned_imports'])
    expect(listed.orphaned).to.deep.equal([
      {
        import: 'res://gone.png.import',
        source: 'res://gone.png',
        imported: ['res://.godot/imported/gone.png-abc.ctex'],
      },
    ])
    expect(existsSync(file('gone.png.import'))).to.equal(true)
    const deleted = await call('cleanup.orphaned_imports', {delete: true})
    expect(deleted).to.include({count: 1, deleted: true})
    expect(existsSync(file('gone.png.import'))).to.equal(false)
    expect((await call('cleanup.orphaned_imports')).count).to.equal(0)
  })
})
