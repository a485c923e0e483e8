// environment.* on the demo's 3D level: every declared example run, read back, one undo step that undo
// reverts exactly (the Environment's and the sky's own settings included) and redo re-applies; refusals
// change nothing.
import {expect} from 'chai'

import {useEditor} from '../../../support/fixture.js'
import {WorldExamples, close} from '../../../support/world.js'

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="#69c"/></svg>'
const hex = (h: string) => [...[1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255), 1]

describe('environment commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'environment', pristine: false})
  let w: WorldExamples

  before(async () => {
    w = new WorldExamples(fx)
    expect(await w.load('environment')).to.have.members([
      'environment.create',
      'environment.sky',
      'environment.describe',
      'environment.fog',
      'environment.tonemap',
      'environment.gi',
    ])
    // the fingerprint also holds the environment's settings: fog, tonemap and sky changes show, and undo must revert them
    w.withEnvironmentSettings()
    await w.open('res://scenes/level_3d.tscn')
  })

  describe('environment', () => {
    it('refuses every environment command while the level has no WorldEnvironment', async () => {
      for (const method of ['environment.describe', 'environment.fog', 'environment.sky', 'environment.gi'])
        await w.refused(
          method,
          method === 'environment.fog' ? {enabled: true} : method === 'environment.gi' ? {ssao: true} : {},
          -32001,
          'no WorldEnvironment',
        )
    })

    it('environment.create (example): an outdoor day with a procedural sky; the other presets; one per scene', async () => {
      const out = await w.run('environment.create')
      expect(out).to.deep.include({path: '/root/Level3D/WorldEnvironment', preset: 'outdoor_day'})
      expect(out.environment).to.deep.include({background: 'sky', glow: true, sky: out.environment.sky})
      expect(out.environment.sky.material).to.equal('ProceduralSkyMaterial')
      expect(out.environment.tonemap.mode).to.equal('filmic')
      expect(out.environment.ambient.source).to.equal('sky')
      await w.refused(
        'environment.create',
        {preset: 'night', name: 'Night'},
        -32000,
        'already has a WorldEnvironment at /root/Level3D/WorldEnvironment',
      )
      await w.refused('environment.create', {preset: 'dusk'}, -32602, 'preset')
      // the other presets, each on its own (undo the day first)
      expect((await w.call('editor.undo')).undone).to.equal(true)
      const night = await w.run('environment.create', {preset: 'night', name: 'Night'})
      expect(night.environment).to.deep.include({background: 'color', glow: true})
      close(night.environment.background_color, hex('#0b1020'))
      expect(night.environment.ambient.source).to.equal('color')
      expect((await w.call('editor.undo')).undone).to.equal(true)
      const indoor = await w.run('environment.create', {preset: 'indoor'})
      expect(indoor.environment).to.deep.include({background: 'color', ssao: true})
      expect((await w.call('editor.undo')).undone).to.equal(true)
      const overcast = await w.run('environment.create', {preset: 'overcast'})
      expect(overcast.environment.fog).to.deep.include({enabled: true})
      expect(overcast.environment.glow).to.equal(false)
      expect((await w.call('editor.undo')).undone).to.equal(true)
      const blank = await w.run('environment.create', {preset: 'blank'})
      expect(blank.environment).to.deep.include({background: 'clear_color', glow: false, ssao: false})
      expect(blank.environment.tonemap.mode).to.equal('linear')
      expect((await w.call('editor.undo')).undone).to.equal(true)
      await w.call('environment.create', {preset: 'outdoor_day'})
      await w.refused('environment.create', {parent: 'Ghost'}, -32001, 'Ghost')
    })

    it('environment.sky (example): new procedural colours; a colour background; panorama refusals', async () => {
      const out = await w.run('environment.sky')
      close(out.environment.sky.top_color, hex('#3a6ea5'))
      close(out.environment.sky.horizon_color, hex('#c8d8e8'))
      const color = await w.run('environment.sky', {kind: 'color', color: '#203040', energy: 0.5})
      expect(color.environment).to.deep.include({background: 'color', background_energy: 0.5})
      close(color.environment.background_color, hex('#203040'))
      const physical = await w.run('environment.sky', {kind: 'physical'})
      expect(physical.environment.sky.material).to.equal('PhysicalSkyMaterial')
      expect(physical.environment.background_energy).to.equal(0.5) // kept: only what is given changes
      await w.call('project.write_file', {path: 'res://sky.svg', content: SVG})
      await w.call('project.scan', {})
      const panorama = await w.run('environment.sky', {kind: 'panorama', panorama: 'res://sky.svg'})
      expect(panorama.environment.sky.material).to.equal('PanoramaSkyMaterial')
      const clear = await w.run('environment.sky', {kind: 'clear'})
      expect(clear.environment.background).to.equal('clear_color')
      const lit = await w.call('lighting.describe', {})
      expect(lit.environment).to.deep.include({path: '/root/Level3D/WorldEnvironment', ambient_source: 3})
      await w.refused(
        'environment.sky',
        {kind: 'panorama', panorama: 'res://scenes/main.tscn'},
        -32001,
        'no image at res://scenes/main.tscn',
      )
      await w.refused('environment.sky', {kind: 'color'}, -32602, 'kind color needs color')
      await w.refused('environment.sky', {kind: 'panorama'}, -32602, 'needs panorama')
      await w.refused(
        'environment.sky',
        {kind: 'panorama', panorama: 'res://nope.png'},
        -32001,
        'no image at res://nope.png',
      )
      await w.refused('environment.sky', {kind: 'aurora'}, -32602, 'kind')
      await w.refused('environment.sky', {energy: -1}, -32602, 'energy')
      await w.refused('environment.sky', {node_path: 'Crate'}, -32602, 'MeshInstance3D, not a WorldEnvironment')
    })

    it('environment.fog (example): depth fog on with colour and density; volumetric; refusals', async () => {
      const out = await w.run('environment.fog')
      expect(out.values).to.deep.include({fog_enabled: true})
      expect(out.values.fog_density).to.be.closeTo(0.02, 1e-6)
      close(out.values.fog_light_color, hex('#a0b0c0'))
      const vol = await w.run('environment.fog', {
        volumetric: true,
        volumetric_density: 0.05,
        height: 2,
        height_density: -0.5,
      })
      expect(vol.values).to.deep.include({volumetric_fog_enabled: true, fog_height: 2, fog_height_density: -0.5})
      const d = await w.run('environment.describe')
      expect(d.environment.fog).to.deep.include({enabled: true, volumetric: true})
      await w.refused('environment.fog', {}, -32602, 'nothing to set')
      await w.refused('environment.fog', {density: -0.1}, -32602, 'density')
      await w.refused('environment.fog', {sky_affect: 2}, -32602, 'sky_affect')
      await w.refused('environment.fog', {enabled: true, node_path: 'Ghost'}, -32001, 'Ghost')
    })

    it('environment.tonemap (example): filmic with exposure and glow; agx; refusals', async () => {
      const out = await w.run('environment.tonemap')
      expect(out.values).to.deep.include({tonemap_mode: 2, glow_enabled: true})
      expect(out.values.tonemap_exposure).to.be.closeTo(1.1, 1e-6)
      const agx = await w.run('environment.tonemap', {tonemap: 'agx', adjustments: true, saturation: 1.2})
      expect(agx.values).to.deep.include({tonemap_mode: 4, adjustment_enabled: true})
      expect((await w.call('environment.describe', {})).environment.tonemap.mode).to.equal('agx')
      await w.refused('environment.tonemap', {}, -32602, 'nothing to set')
      await w.refused('environment.tonemap', {tonemap: 'hdr'}, -32602, 'tonemap')
      await w.refused('environment.tonemap', {glow_bloom: 1.5}, -32602, 'glow_bloom')
    })

    it('environment.gi (example): SSAO and sky ambient light; SDFGI cascades; refusals', async () => {
      const out = await w.run('environment.gi')
      expect(out.values).to.deep.include({ssao_enabled: true, ambient_light_source: 3})
      expect(out.values.ambient_light_energy).to.be.closeTo(0.8, 1e-6)
      const sdfgi = await w.run('environment.gi', {
        sdfgi: true,
        sdfgi_cascades: 6,
        ambient_source: 'color',
        ambient_color: '#102030',
      })
      expect(sdfgi.values).to.deep.include({sdfgi_enabled: true, sdfgi_cascades: 6, ambient_light_source: 2})
      const d = await w.call('environment.describe', {})
      expect(d.environment).to.deep.include({ssao: true, sdfgi: true})
      expect(d.environment.ambient.source).to.equal('color')
      await w.refused('environment.gi', {}, -32602, 'nothing to set')
      await w.refused('environment.gi', {sdfgi_cascades: 9}, -32602, 'sdfgi_cascades')
      await w.refused('environment.gi', {ambient_source: 'moon'}, -32602, 'ambient_source')
      await w.refused('environment.gi', {ssao: 'yes'}, -32602, 'ssao')
    })
  })
})
