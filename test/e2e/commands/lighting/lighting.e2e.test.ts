// lighting.*: every declared example run against the demo's 2D main scene (a player, a Camera2D; a 640 x 360
// window) and its 3D level (floor, crate, sun, camera), read back, one undo step each that undo reverts
// exactly and redo re-applies; refusals change nothing.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'
import {close, WorldExamples} from '../../../support/world.js'

const hex = (h: string) => [...[1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255), 1]

describe('lighting commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'lighting', pristine: false})
  let w: WorldExamples
  const readBack = (code: string) => fx.inEditor(code)

  before(async () => {
    w = new WorldExamples(fx)
    w.withViewSettings()
    expect(await w.load('lighting')).to.include.members([
      'lighting.add_light',
      'lighting.add_probe',
      'lighting.canvas_modulate',
      'lighting.occluder_2d',
      'lighting.describe',
    ])
    await w.open('res://scenes/main.tscn')
  })

  describe('2D (main scene)', () => {
    it('lighting.canvas_modulate: added once, then updated in place', async () => {
      const added = await w.run('lighting.canvas_modulate')
      expect(added).to.deep.include({path: '/root/Main/CanvasModulate', added: true})
      close(added.color, hex('#6070a0'))
      const again = await w.run('lighting.canvas_modulate', {color: '#404070'})
      expect(again).to.deep.include({path: '/root/Main/CanvasModulate', added: false})
      close(again.previous, hex('#6070a0'))
      close(again.color, hex('#404070'))
      expect(await readBack('return scene.find_children("*", "CanvasModulate", true, false).size()')).to.equal(1)
      await w.refused('lighting.canvas_modulate', {color: 'not a colour'}, -32602, 'color')
      await w.refused('lighting.canvas_modulate', {}, -32602, 'color')
    })

    it('lighting.occluder_2d: a polygon from the player shape, or given points', async () => {
      const out = await w.run('lighting.occluder_2d')
      expect(out).to.deep.equal({
        path: '/root/Main/Player/LightOccluder2D',
        polygon: [
          [-16, -16],
          [16, -16],
          [16, 16],
          [-16, 16],
        ],
        undoable: true,
        saved: false,
      })
      expect(
        await readBack(
          'var o = scene.get_node("Player/LightOccluder2D")\nreturn [o.owner == scene, o.occluder.polygon.size()]',
        ),
      ).to.deep.equal([true, 4])
      const tri = await w.run('lighting.occluder_2d', {
        node_path: 'Player',
        name: 'Tri',
        polygon: [
          [0, 0],
          [10, 0],
          [0, 10],
        ],
      })
      expect(tri.polygon).to.deep.equal([
        [0, 0],
        [10, 0],
        [0, 10],
      ])
      await w.refused(
        'lighting.occluder_2d',
        {
          node_path: 'Player',
          name: 'Two',
          polygon: [
            [0, 0],
            [1, 1],
          ],
        },
        -32602,
        'at least 3 points',
      )
      await w.refused(
        'lighting.occluder_2d',
        {
          node_path: 'Player',
          name: 'Bad',
          polygon: [
            [0, 0, 0],
            [1, 1, 1],
            [2, 0, 0],
          ],
        },
        -32602,
        "'polygon' must have 2 numbers",
      )
      await w.refused('lighting.occluder_2d', {node_path: 'Camera2D'}, -32000, 'no shape or visible bounds')
      await w.refused('lighting.occluder_2d', {node_path: 'Player/Body'}, -32602, 'not a Node2D')
      await w.refused(
        'lighting.occluder_2d',
        {node_path: 'Player', name: 'LightOccluder2D'},
        -32000,
        "already has a child named 'LightOccluder2D'",
      )
      // the default name, not given, is made unique as the editor does
      expect((await w.call('lighting.occluder_2d', {node_path: 'Player'})).path).to.equal(
        '/root/Main/Player/LightOccluder2D2',
      )
      expect((await w.call('editor.undo')).undone).to.equal(true)
    })

    it('lighting.add_light 2D: a point light with a generated radial texture; describe lists it', async () => {
      const out = await w.run('lighting.add_light', {
        type: 'point_2d',
        name: 'Torch',
        position: [300, 150],
        range: 100,
        energy: 2,
      })
      expect(out).to.deep.include({path: '/root/Main/Torch', type: 'PointLight2D', energy: 2, position: [300, 150]})
      expect(
        await readBack('var t = scene.get_node("Torch").texture\nreturn [t.get_class(), t.width, t.height, t.fill]'),
      ).to.deep.equal(['GradientTexture2D', 200, 200, 1])
      await w.run('lighting.add_light', {type: 'directional_2d', name: 'Moon', color: '#8090ff', shadows: false})
      const d = await w.run('lighting.describe')
      expect(d.lights.map((l: Json) => [l.path, l.type, l.shadows])).to.deep.equal([
        ['/root/Main/Torch', 'PointLight2D', true],
        ['/root/Main/Moon', 'DirectionalLight2D', false],
      ])
      close(d.canvas_modulate, hex('#404070'))
      await w.refused('lighting.add_light', {type: 'point_2d', range: 0}, -32602, "'range' must be at least 1 pixel")
      await w.refused(
        'lighting.add_light',
        {type: 'point_2d', position: [1, 2, 3]},
        -32602,
        "'position' must have 2 numbers",
      )
      await w.refused('lighting.add_light', {type: 'point_2d', target: 'Player'}, -32602, 'target')
      await w.refused(
        'lighting.add_light',
        {type: 'directional_2d', rotation_degrees: [0, 0, 0]},
        -32602,
        'rotation_degrees',
      )
      await w.refused(
        'lighting.add_light',
        {type: 'directional_2d', range: 50},
        -32602,
        'DirectionalLight2D has no range',
      )
      await w.refused('lighting.add_light', {type: 'point_2d', spot_angle: 30}, -32602, 'spot_angle is for 3D lights')
    })

    it('the 2D additions are saved: after a reload from disk the lights, tint and occluder are there', async () => {
      await w.call('scene.save')
      await w.call('scene.reload', {path: 'res://scenes/main.tscn'})
      const back = await readBack(`var out := {}
out["torch"] = scene.get_node("Torch").texture.get_class()
out["torch_size"] = scene.get_node("Torch").texture.width
out["moon"] = scene.get_node("Moon").get_class()
out["tint"] = scene.get_node("CanvasModulate").color.to_html(false)
out["occluder"] = scene.get_node("Player/LightOccluder2D").occluder.polygon.size()
out["tri"] = scene.get_node("Player/Tri").occluder.polygon.size()
return out`)
      expect(back).to.deep.equal({
        torch: 'GradientTexture2D',
        torch_size: 200,
        moon: 'DirectionalLight2D',
        tint: '404070',
        occluder: 4,
        tri: 3,
      })
    })
  })

  describe('3D (level)', () => {
    before(async () => {
      await w.open('res://scenes/level_3d.tscn')
    })

    it('lighting.add_light (example): a sun turned -50/30 degrees; omni and spot aimed at the crate', async () => {
      const sun = await w.run('lighting.add_light')
      expect(sun).to.deep.include({path: '/root/Level3D/KeySun', type: 'DirectionalLight3D', shadows: true})
      expect(sun.energy).to.be.closeTo(1.2, 1e-6)
      expect(await readBack('return scene.get_node("KeySun").rotation_degrees.round()')).to.deep.equal([-50, 30, 0])
      const omni = await w.run('lighting.add_light', {
        type: 'omni',
        name: 'Lamp',
        position: [2, 3, 2],
        range: 6,
        color: '#ffcc88',
      })
      close(omni.color, hex('#ffcc88'))
      const spot = await w.run('lighting.add_light', {
        type: 'spot',
        name: 'Spot',
        position: [0, 4, 0],
        target: 'Crate',
        spot_angle: 30,
        range: 8,
      })
      close(spot.direction, [0, -1, 0])
      const d = await w.run('lighting.describe')
      const lights = Object.fromEntries(d.lights.map((l: Json) => [l.path, l]))
      expect(lights['/root/Level3D/Lamp']).to.deep.include({type: 'OmniLight3D', range: 6})
      expect(lights['/root/Level3D/Spot']).to.deep.include({type: 'SpotLight3D', range: 8, spot_angle: 30})
      expect(Object.keys(lights)).to.include('/root/Level3D/Sun')
      await w.refused('lighting.add_light', {type: 'directional', range: 5}, -32602, 'a directional light has no range')
      await w.refused('lighting.add_light', {type: 'omni', spot_angle: 20}, -32602, 'spot_angle is for spot lights')
      await w.refused('lighting.add_light', {type: 'spot', spot_angle: 200}, -32602, 'spot_angle')
      await w.refused('lighting.add_light', {type: 'omni', energy: -1}, -32602, 'energy')
      await w.refused(
        'lighting.add_light',
        {type: 'spot', position: [0, 0.5, 0], point: [0, 0.5, 0]},
        -32602,
        'sits on the point',
      )
      await w.refused('lighting.add_light', {type: 'spot', target: 'Ghost'}, -32001, 'Ghost')
      await w.refused('lighting.add_light', {type: 'omni', position: [1, 2]}, -32602, "'position' must have 3 numbers")
      await w.refused('lighting.add_light', {type: 'laser'}, -32602, 'type')
    })

    it('lighting.add_probe (example): a reflection probe covering floor and crate with a 1 m margin', async () => {
      const out = await w.run('lighting.add_probe')
      expect(out).to.deep.include({path: '/root/Level3D/ReflectionProbe', type: 'ReflectionProbe'})
      close(out.position, [0, 0.5, 0])
      close(out.size, [22, 3, 22])
      const gi = await w.run('lighting.add_probe', {type: 'voxel_gi', cover: ['Crate'], margin: 0, name: 'GI'})
      close(gi.size, [1, 1, 1])
      close(gi.position, [0, 0.5, 0])
      // under a turned parent (the sun) the probe still covers the crate's box in the world
      const turned = await w.run('lighting.add_probe', {
        type: 'voxel_gi',
        cover: ['Crate'],
        margin: 0,
        name: 'Turned',
        parent: 'Sun',
      })
      close(turned.position, [0, 0.5, 0])
      const world = await readBack(
        'var p = scene.get_node("Sun/Turned")\nvar box = p.global_transform * AABB(-p.size / 2.0, p.size)\nreturn [box.position, box.size]',
      )
      close(world[0], [-0.5, 0, -0.5])
      close(world[1], [1, 1, 1])
      const lm = await w.run('lighting.add_probe', {type: 'lightmap_gi', cover: ['Crate']})
      expect(lm.type).to.equal('LightmapGI')
      expect((await w.call('lighting.describe', {})).gi.map((g: Json) => g.type)).to.have.members([
        'VoxelGI',
        'VoxelGI',
        'ReflectionProbe',
        'LightmapGI',
      ])
      await w.refused('lighting.add_probe', {type: 'voxel_gi', cover: []}, -32602, 'empty')
      await w.refused('lighting.add_probe', {type: 'voxel_gi', cover: ['Crate', 'Ghost']}, -32001, 'Ghost')
      await w.refused('lighting.add_probe', {type: 'voxel_gi', cover: ['Crate'], margin: -1}, -32602, 'margin')
      await w.refused(
        'lighting.add_probe',
        {type: 'voxel_gi', cover: ['Crate'], name: 'GI'},
        -32000,
        "already has a child named 'GI'",
      )
    })
  })
})
