// camera.*: every declared example run against the demo's 2D main scene (a player, a Camera2D; a 640 x 360
// window) and its 3D level (floor, crate, sun, camera), read back, one undo step each that undo reverts
// exactly and redo re-applies; refusals change nothing.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'
import {close, WorldExamples} from '../../../support/world.js'

describe('camera commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'camera', pristine: false})
  let w: WorldExamples
  const readBack = (code: string) => fx.inEditor(code)

  before(async () => {
    w = new WorldExamples(fx)
    w.withViewSettings()
    expect(await w.load('camera')).to.have.members([
      'camera.add',
      'camera.make_current',
      'camera.frame',
      'camera.in_view',
      'camera.limit_to',
    ])
    await w.open('res://scenes/main.tscn')
  })

  describe('2D (main scene)', () => {
    it('camera.add 2D turns the other Camera2D off; camera.make_current (example) turns it back on', async () => {
      const added = await w.run('camera.add', {dimension: '2d', name: 'Follow', position: [100, 50], zoom: 2})
      expect(added).to.deep.include({
        path: '/root/Main/Follow',
        type: 'Camera2D',
        position: [100, 50],
        zoom: [2, 2],
        enabled: true,
      })
      expect(await readBack('return scene.get_node("Camera2D").enabled')).to.equal(false)
      const current = await w.run('camera.make_current')
      expect(current).to.deep.equal({
        path: '/root/Main/Camera2D',
        enabled: true,
        turned_off: ['/root/Main/Follow'],
        undoable: true,
        saved: false,
      })
      const spare = await w.run('camera.add', {dimension: '2d', name: 'Spare', current: false})
      expect(spare.enabled).to.equal(false)
      expect(
        await readBack('return [scene.get_node("Camera2D").enabled, scene.get_node("Follow").enabled]'),
      ).to.deep.equal([true, false])
      expect((await w.call('editor.undo')).undone).to.equal(true)
      await w.refused('camera.add', {dimension: '2d', target: 'Player'}, -32602, 'target and point aim a 3D camera')
      await w.refused('camera.add', {dimension: '2d', position: [1, 2, 3]}, -32602, "'position' must have 2 numbers")
      await w.refused('camera.add', {dimension: '2d', name: 'Follow'}, -32000, "already has a child named 'Follow'")
      await w.refused('camera.add', {dimension: '2d', zoom: 0}, -32602, 'zoom')
      await w.refused(
        'camera.make_current',
        {node_path: 'Player'},
        -32602,
        'CharacterBody2D, not a Camera3D or Camera2D',
      )
      await w.refused('camera.make_current', {node_path: 'Nope'}, -32001, 'Nope')
    })

    it('camera.limit_to: the Camera2D clamped to the player bounds, with a margin', async () => {
      const out = await w.run('camera.limit_to')
      expect(out).to.deep.equal({
        path: '/root/Main/Camera2D',
        limit_left: 304,
        limit_top: 164,
        limit_right: 336,
        limit_bottom: 196,
        undoable: true,
        saved: false,
      })
      const wide = await w.run('camera.limit_to', {node_path: 'Camera2D', bounds_of: 'Player', margin: 8})
      expect(wide).to.deep.include({limit_left: 296, limit_bottom: 204})
      expect(
        await readBack(
          'var c = scene.get_node("Camera2D")\nreturn [c.limit_left, c.limit_top, c.limit_right, c.limit_bottom]',
        ),
      ).to.deep.equal([296, 156, 344, 204])
      await w.refused(
        'camera.limit_to',
        {node_path: 'Player', bounds_of: 'Player'},
        -32602,
        'not a Camera3D or Camera2D',
      )
      await w.refused('camera.limit_to', {node_path: 'Camera2D', bounds_of: 'Ghost'}, -32001, 'Ghost')
      await w.refused('camera.limit_to', {node_path: 'Camera2D', bounds_of: 'Player', margin: 'wide'}, -32602, 'margin')
    })

    it('camera.frame and in_view in 2D: the player fills the 640 x 360 shot', async () => {
      const out = await w.run('camera.frame', {node_path: 'Camera2D', nodes: ['Player']})
      close(out.position, [320, 180])
      close(out.zoom, [360 / 35.2, 360 / 35.2])
      const seen = await w.run('camera.in_view', {node_path: 'Camera2D', nodes: ['Player']})
      expect(seen.viewport).to.deep.equal([640, 360])
      expect(seen.nodes[0].visibility).to.equal('inside')
      close(seen.nodes[0].screen, [320, 180], 0.01)
      // by default every object of the scene: here the player's ColorRect art
      const all = await w.run('camera.in_view', {node_path: 'Camera2D'})
      expect(all.nodes.map((n: Json) => [n.path, n.visibility])).to.deep.equal([['/root/Main/Player/Body', 'inside']])
      await w.refused('camera.frame', {node_path: 'Camera2D', nodes: ['Player'], margin: -1}, -32602, 'margin')
      await w.refused('camera.frame', {node_path: 'Camera2D', nodes: []}, -32602, 'empty')
    })

    it('the 2D camera changes are saved: after a reload from disk the camera settings are there', async () => {
      await w.call('scene.save')
      await w.call('scene.reload', {path: 'res://scenes/main.tscn'})
      const back = await readBack(`var out := {}
out["follow_enabled"] = scene.get_node("Follow").enabled
out["limits"] = [scene.get_node("Camera2D").limit_left, scene.get_node("Camera2D").limit_bottom]
return out`)
      expect(back).to.deep.equal({
        follow_enabled: false,
        limits: [296, 204],
      })
    })
  })

  describe('3D (level)', () => {
    before(async () => {
      await w.open('res://scenes/level_3d.tscn')
    })

    it('camera.add (example) aims at the crate and becomes the current camera', async () => {
      await w.call('camera.make_current', {node_path: 'Camera3D'})
      const out = await w.run('camera.add')
      expect(out).to.deep.include({
        path: '/root/Level3D/ShotCamera',
        type: 'Camera3D',
        position: [0, 4, 8],
        current: true,
      })
      const d = Math.hypot(3.5, 8)
      close(out.forward, [0, -3.5 / d, -8 / d], 1e-3)
      expect(
        await readBack('return [scene.get_node("Camera3D").current, scene.get_node("ShotCamera").current]'),
      ).to.deep.equal([false, true])
      const ortho = await w.run('camera.add', {
        name: 'Top',
        position: [0, 10, 0],
        point: [0, 0, 0],
        projection: 'orthogonal',
        size: 25,
        current: false,
      })
      close(ortho.forward, [0, -1, 0])
      expect(ortho.current).to.equal(false)
      expect(await readBack('var c = scene.get_node("Top")\nreturn [c.projection, c.size]')).to.deep.equal([1, 25])
      await w.refused('camera.add', {position: [0, 0.5, 0], point: [0, 0.5, 0]}, -32602, 'sit on the point')
      await w.refused('camera.add', {position: [0, 1]}, -32602, "'position' must have 3 numbers")
      await w.refused('camera.add', {target: 'Ghost'}, -32001, 'Ghost')
      await w.refused('camera.add', {fov: 200}, -32602, 'fov')
      await w.refused('camera.add', {name: 'ShotCamera'}, -32000, "already has a child named 'ShotCamera'")
    })

    it('camera.frame (example) fits the crate in view; in_view (example) reports what the camera sees', async () => {
      const before = await w.run('camera.in_view')
      const byPath = Object.fromEntries(before.nodes.map((n: Json) => [n.path, n.visibility]))
      expect(byPath['/root/Level3D/Crate']).to.equal('inside')
      expect(byPath['/root/Level3D/Floor']).to.equal('partly')
      const framed = await w.run('camera.frame')
      expect(framed.all_in_view).to.equal(true)
      close(framed.looking_at, [0, 0.5, 0])
      const seen = await w.call('camera.in_view', {node_path: 'Camera3D', nodes: ['Crate']})
      expect(seen.nodes[0].visibility).to.equal('inside')
      close(seen.nodes[0].screen, [320, 180], 1.01)
      const top = await w.run('camera.frame', {node_path: 'Camera3D', nodes: ['Crate'], direction: [0, -1, 0]})
      close(top.position.slice(0, 1).concat(top.position.slice(2)), [0, 0])
      await w.refused(
        'camera.frame',
        {node_path: 'Camera3D', direction: [0, 0, 0]},
        -32602,
        "'direction' must not be zero",
      )
      await w.refused(
        'camera.frame',
        {node_path: 'Camera3D', direction: [0, 1]},
        -32602,
        "'direction' must have 3 numbers",
      )
      await w.refused('camera.in_view', {node_path: 'Camera3D', nodes: ['Crate', 'Ghost']}, -32001, 'Ghost')
      await w.refused(
        'camera.limit_to',
        {node_path: 'Camera3D', bounds_of: 'Crate'},
        -32602,
        'limits belong to Camera2D',
      )
    })
  })
})
