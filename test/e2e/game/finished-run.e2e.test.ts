// A game that does its job and quits is a play that worked: scene.play reports it as a finished run with what
// it printed, whether it quit before its bridge answered or later (wait_exit plays a scene to its end, the shape
// a test runner needs); a game that does not end in time is stopped and the play fails.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {useEditor} from '../../support/fixture.js'

function scene(root: string, name: string, code: string): void {
  mkdirSync(join(root, 'quick'), {recursive: true})
  writeFileSync(join(root, 'quick', `${name}.gd`), `extends Node\n\n${code}\n`)
  writeFileSync(
    join(root, 'quick', `${name}.tscn`),
    `[gd_scene load_steps=2 format=3]\n\n[ext_resource type="Script" path="res://quick/${name}.gd" id="1"]\n\n[node name="Run" type="Node"]\nscript = ExtResource("1")\n`,
  )
}

describe('scene.play of a game that finishes (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    install: (root) => {
      copyAddon(root)
      enablePlugin(root)
      // prints its verdict and quits in its first _ready, before bridge's autoload can answer
      scene(root, 'at_once', 'func _ready() -> void:\n\tprint("RESULT: 42 passed")\n\tget_tree().quit()')
      // runs a few frames, then prints and quits
      scene(
        root,
        'later',
        'var _frames := 0\n\nfunc _process(_d: float) -> void:\n\t_frames += 1\n\tif _frames == 30:\n\t\tprint("checked 30 frames")\n\t\tget_tree().quit(0)',
      )
      scene(root, 'forever', 'func _ready() -> void:\n\tprint("running forever")')
    },
  })
  afterEach(() => fx.game.stop())

  it('reports a game that prints and quits at once as a finished run with its output', async () => {
    const out = await fx.call('scene.play', {scene: 'res://quick/at_once.tscn'})
    expect(out.finished, JSON.stringify(out)).to.equal(true)
    expect(out.playing).to.equal(false)
    expect(out.ended).to.equal('quit')
    expect(out.scene).to.equal('res://quick/at_once.tscn')
    expect(out.output).to.include('RESULT: 42 passed')
  })

  it('plays a scene to its end with wait_exit and returns what it printed', async () => {
    const out = await fx.call('scene.play', {scene: 'res://quick/later.tscn', wait_exit: true})
    expect(out.finished, JSON.stringify(out)).to.equal(true)
    expect(out.playing).to.equal(false)
    expect(out.frames).to.be.at.least(30)
    expect(out.output).to.include('checked 30 frames')
    expect((await fx.call('scene.is_playing')).playing).to.equal(false)
  })

  it('stops a game that is still running when wait_exit_ms runs out, and says so', async () => {
    const error = await fx.rpcError('scene.play', {
      scene: 'res://quick/forever.tscn',
      wait_exit: true,
      wait_exit_ms: 3000,
    })
    expect(error.message).to.match(/still ran 3000 ms .* it is stopped/s)
    expect(error.message).to.include('running forever')
    expect((await fx.call('scene.is_playing')).playing).to.equal(false)
  })
})
