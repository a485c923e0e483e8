// scene2d.*: the declared examples on the demo's 2D main scene, each one undo step, read back.
import {expect} from 'chai'

import {useEditor} from '../../../support/fixture.js'
import {WorldExamples} from '../../../support/world.js'

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" fill="#36c"/></svg>'

describe('scene2d commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'scene2d', pristine: false})
  let w: WorldExamples

  before(async () => {
    w = new WorldExamples(fx)
    expect(await w.load('scene2d')).to.have.members(['scene2d.place', 'scene2d.add_sprite'])
    await w.call('project.write_file', {path: 'res://icon.svg', content: SVG})
    await w.call('project.scan', {})
  })

  it('scene2d.place: a marker at a global position, turned 90 degrees', async () => {
    const out = await w.run('scene2d.place')
    expect(out).to.deep.include({path: '/root/Main/Spawn', position: [100, 250], rotation_degrees: 90})
    await w.refused('scene2d.place', {type: 'MeshInstance3D'}, -32602, 'not a Node2D')
    await w.refused('scene2d.place', {type: 'Marker2D', name: 'Player'}, -32000, "already has a child named 'Player'")
  })

  it('scene2d.add_sprite: the image scaled to 32 px, its bounds read back', async () => {
    const out = await w.run('scene2d.add_sprite')
    expect(out.scale).to.deep.equal([0.25, 0.25])
    expect(out.bounds).to.deep.equal({position: [48, 48], size: [32, 32]})
    await w.refused('scene2d.add_sprite', {texture: 'res://missing.png'}, -32001, 'no image')
    await w.refused('scene2d.add_sprite', {texture: 'res://icon.svg', hframes: 2, frame: 5}, -32602, 'out of range')
  })
})
