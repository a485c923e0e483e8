// A play saves only what the agent changed: a scene file written through project.write_file and open in the
// editor with an unsaved mark of the editor's own (an @tool script, a UID fixed on load) is played as written,
// never re-serialized; a scene the agent edited through bridge is saved first, and the play says which files it
// wrote; no save logs the headless thumbnail error.
import {expect} from 'chai'

import {useEditor} from '../../support/fixture.js'

const WRITTEN = 'res://written/level.tscn'
// hand-written: no uid, no load_steps, a comment-free minimal form the editor would write differently
const TEXT =
  '[gd_scene format=3]\n\n[node name="Level" type="Node2D"]\n\n[node name="Marker" type="Node2D" parent="."]\nposition = Vector2(3, 4)\n'

describe('what scene.play saves (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({pristine: false})
  afterEach(() => fx.game.stop())

  it('plays a written scene the editor marks unsaved without re-saving it, and saves one the agent changed', async () => {
    await fx.call('project.write_file', {path: WRITTEN, content: TEXT})
    await fx.call('scene.open', {path: WRITTEN})
    await fx.inEditor('EditorInterface.mark_scene_as_unsaved()') // what an @tool script or a fixed UID does
    expect((await fx.call('scene.current')).unsaved).to.equal(true)
    const first = await fx.call('scene.play', {scene: 'current'})
    expect(first.playing, JSON.stringify(first)).to.equal(true)
    expect(first.saved).to.deep.equal([])
    expect(fx.read(WRITTEN)).to.equal(TEXT)
    await fx.call('scene.stop')

    await fx.call('node.add', {type: 'Node2D', name: 'Added', parent: '/root/Level'})
    const second = await fx.call('scene.play', {scene: 'current'})
    expect(second.saved).to.deep.equal([WRITTEN])
    expect(fx.read(WRITTEN)).to.contain('name="Added"')
    await fx.call('scene.stop')
    const errors = JSON.stringify(await fx.call('editor.errors'))
    expect(errors).to.not.match(/thumbnail|preview/i)
  })
})
