// Right diagnoses (issue 33, item 4), on a real headless editor: scene.play with a script that does not compile
// reports that script's file:line:message at once (not a 20 s wait blaming the bridge autoloads);
// test.scenes_load and script.validate share one compile check and agree on a broken script; a singleton
// added with project.autoload_add is a name scripts can use at once, and is gone again once removed.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {deadline} from '../../../support/deadline.js'
import {type Json, useEditor} from '../../../support/fixture.js'

const BROKEN_PATH = 'res://checks/broken.gd'
// line 5 assigns a String to an int: a compile error the engine reports with its line
const BROKEN = `extends Node2D


func _ready() -> void:
	var x: int = "nope"
	print(x)
`
const GOOD = `extends Node2D


func _ready() -> void:
	print("fine")
`
const scene = (script: string) => `[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="${script}" id="1"]

[node name="Root" type="Node2D"]
script = ExtResource("1")
`
const SCORE = `extends Node

var value := 7
`
const USES_SCORE = 'extends Node\n\n\nfunc points() -> int:\n\treturn Score.value\n'

describe('right diagnoses: a broken script, scene checks, new autoloads (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    setup: async ({editor}) => {
      const dir = join(editor.root, 'checks')
      mkdirSync(dir, {recursive: true})
      writeFileSync(join(dir, 'broken.gd'), BROKEN)
      writeFileSync(join(dir, 'good.gd'), GOOD)
      writeFileSync(join(dir, 'score.gd'), SCORE)
      writeFileSync(join(dir, 'broken.tscn'), scene(BROKEN_PATH))
      writeFileSync(join(dir, 'good.tscn'), scene('res://checks/good.gd'))
      await editor.client.call('editor.run_script', {code: 'EditorInterface.get_resource_filesystem().scan()'})
    },
  })
  const {call, game} = fx
  after(async () => {
    await game.stop()
  })

  it("scene.play with a script that does not compile reports that script's file:line:message at once", async () => {
    // no 20 s wait for autoloads that cannot answer
    const error = await deadline(
      fx.rpcError('scene.play', {scene: 'res://checks/broken.tscn', display: 'headless'}),
      15_000,
      'scene.play of a script that does not compile',
    )
    expect(error.message).to.include(`${BROKEN_PATH}:5`)
    expect(error.message).to.include('Cannot assign a value of type "String" as "int"')
    expect(error.message).to.not.include('Enable the bridge plugin')
    expect(error.rpcData).to.deep.include({kind: 'error', file: BROKEN_PATH, line: 5})
    expect((error.rpcData as Json).next).to.include('debug.restart')
    await game.stop()
  })

  it('test.scenes_load and script.validate agree: a scene whose script does not compile fails, naming file:line', async () => {
    const validated = await call('script.validate', {path: BROKEN_PATH})
    expect(validated.ok).to.equal(false)
    expect(validated.errors[0]).to.deep.include({line: 5})
    const checked = await call('test.scenes_load', {under: 'res://checks'})
    const byScene = Object.fromEntries(checked.scenes.map((s: Json) => [s.scene, s]))
    expect(byScene['res://checks/broken.tscn'].ok).to.equal(false)
    expect(byScene['res://checks/broken.tscn'].error).to.include(`${BROKEN_PATH}:5`)
    expect(byScene['res://checks/broken.tscn'].scripts[0]).to.deep.include({path: BROKEN_PATH})
    expect(byScene['res://checks/broken.tscn'].scripts[0].errors[0].message).to.equal(validated.errors[0].message)
    expect(byScene['res://checks/good.tscn'].ok).to.equal(true)
    expect((await call('script.validate', {path: 'res://checks/good.gd'})).ok).to.equal(true)
    expect(checked).to.deep.include({ok: false, checked: 2, passed: 1})
  })

  it('project.autoload_add makes the name usable by scripts at once; autoload_remove takes it away again', async () => {
    expect((await call('script.validate', {code: USES_SCORE})).ok, 'no Score before').to.equal(false)
    const added = await call('project.autoload_add', {name: 'Score', path: 'res://checks/score.gd'})
    expect(added).to.deep.include({saved: true, usable_in_scripts: true})
    const now = await call('script.validate', {code: USES_SCORE})
    expect(now.errors).to.deep.equal([])
    expect(now.ok).to.equal(true)
    await call('project.autoload_remove', {name: 'Score'})
    expect((await call('script.validate', {code: USES_SCORE})).ok, 'gone once removed').to.equal(false)
  })
})
