// analysis.* usage across the project: node classes in every scene file (and where one class or script
// class is), who uses each class_name (fixtures written into the demo's copy), Find in Files. Read-only:
// the open scene and its history stay as they were.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('analysis usage commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'analysis', pristine: false})
  const {call} = fx
  const state = async () => [await call('scene.tree'), ((await fx.sceneHistory()) as Json).current]
  const keep = {snapshot: state}

  before(async () => {
    mkdirSync(join(fx.editor.root, 'enemies'))
    writeFileSync(join(fx.editor.root, 'enemies', 'enemy_base.gd'), 'class_name EnemyBase\nextends Node2D\n')
    writeFileSync(join(fx.editor.root, 'enemies', 'boss.gd'), 'extends EnemyBase\n# Boss of level 1\n')
    writeFileSync(join(fx.editor.root, 'enemies', 'lonely.gd'), 'class_name LonelyThing\nextends RefCounted\n')
    writeFileSync(
      join(fx.editor.root, 'enemies', 'grunt.tscn'),
      '[gd_scene load_steps=2 format=3]\n\n[ext_resource type="Script" path="res://enemies/enemy_base.gd" id="1_e"]\n\n[node name="Grunt" type="Node2D"]\nscript = ExtResource("1_e")\n\n[node name="Hitbox" type="CollisionShape2D" parent="."]\n\n[node name="Inner" type="Node" parent="Hitbox"]\n',
    )
    await call('project.scan')
    for (let i = 0; i < 60; i++) {
      const out = await call('analysis.class_names', {})
      if (out.classes.some((c: Json) => c.class === 'LonelyThing')) break
      await new Promise((r) => setTimeout(r, 500))
    }
  })

  it('node_usage: the example finds every CollisionShape2D in every scene file, with its path', async () => {
    const before = await state()
    const out = await call('analysis.node_usage', fx.examples['analysis.node_usage'])
    expect(out.matches).to.deep.include({
      scene: 'res://scenes/main.tscn',
      node: 'Player/Shape',
      type: 'CollisionShape2D',
    })
    expect(out.matches).to.deep.include({scene: 'res://enemies/grunt.tscn', node: 'Hitbox', type: 'CollisionShape2D'})
    expect(out.count).to.equal(out.matches.length)
    const body = out.types.find((t: Json) => t.type === 'CharacterBody2D')
    expect(body).to.deep.equal({type: 'CharacterBody2D', count: 1, scenes: ['res://scenes/main.tscn']})
    expect(out.scenes_scanned).to.be.at.least(4)
    const nodes = await call('analysis.node_usage', {type: 'Node2D'})
    expect(nodes.matches.map((m: Json) => m.node)).to.include.members(['Hitbox', '.'])
    expect(await state()).to.deep.equal(before)
  })

  it('node_usage: a script class finds the nodes carrying that script', async () => {
    const out = await call('analysis.node_usage', {type: 'EnemyBase'})
    expect(out.matches).to.deep.equal([
      {scene: 'res://enemies/grunt.tscn', node: '.', type: 'Node2D', script: 'res://enemies/enemy_base.gd'},
    ])
  })

  it('class_names: users by script and scene; a class nothing uses is listed as unused', async () => {
    const out = await call('analysis.class_names', fx.examples['analysis.class_names'])
    const enemy = out.classes.find((c: Json) => c.class === 'EnemyBase')
    expect(enemy).to.deep.include({
      path: 'res://enemies/enemy_base.gd',
      base: 'Node2D',
      used_by_scripts: ['res://enemies/boss.gd'],
      used_by_scenes: ['res://enemies/grunt.tscn'],
      uses: 2,
    })
    expect(out.unused).to.include('LonelyThing')
    expect(out.unused).to.not.include('EnemyBase')
    const one = await call('analysis.class_names', {name: 'LonelyThing'})
    expect(one.count).to.equal(1)
    expect(one.classes[0].uses).to.equal(0)
  })

  it('find_in_files: the example finds move_and_slide in the player script with its line', async () => {
    const out = await call('analysis.find_in_files', fx.examples['analysis.find_in_files'])
    expect(out.matches).to.deep.include({
      file: 'res://scripts/player.gd',
      line: 12,
      column: 2,
      text: 'move_and_slide()',
    })
    expect(out.files).to.deep.equal({'res://scripts/player.gd': 1})
    const ci = await call('analysis.find_in_files', {query: 'BOSS OF', case_sensitive: false})
    expect(ci.matches.map((m: Json) => m.file)).to.deep.equal(['res://enemies/boss.gd'])
    expect((await call('analysis.find_in_files', {query: 'BOSS OF'})).count).to.equal(0)
    const re = await call('analysis.find_in_files', {query: 'move_(left|right)', regex: true, extensions: ['gd']})
    expect(re.matches.map((m: Json) => [m.file, m.line])).to.deep.equal([
      ['res://scripts/player.gd', 2],
      ['res://scripts/player.gd', 11],
    ])
    const word = await call('analysis.find_in_files', {query: 'Enemy', whole_word: true, extensions: ['gd']})
    expect(word.count).to.equal(0)
    const capped = await call('analysis.find_in_files', {query: 'node', case_sensitive: false, max_results: 2})
    expect(capped).to.include({count: 2, truncated: true})
  })

  it('refuses bad input without changing anything', async () => {
    await fx.refusedKeeping(keep, 'analysis.node_usage', {type: 'NoSuchClassXyz'}, -32602, 'NoSuchClassXyz')
    await fx.refusedKeeping(keep, 'analysis.node_usage', {type: 'Resource'}, -32602, 'not a Node class')
    await fx.refusedKeeping(keep, 'analysis.class_names', {name: 'NoSuchClassXyz'}, -32001, 'NoSuchClassXyz')
    await fx.refusedKeeping(
      keep,
      'analysis.find_in_files',
      {query: '(unclosed', regex: true},
      -32602,
      'not a valid regular expression',
    )
    await fx.refusedKeeping(keep, 'analysis.find_in_files', {query: 'x', extensions: ['png']}, -32602, 'png')
    await fx.refusedKeeping(keep, 'analysis.find_in_files', {query: ''}, -32602, 'empty')
  })
})
