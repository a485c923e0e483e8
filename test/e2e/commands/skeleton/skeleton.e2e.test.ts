// skeleton.*: every declared example against a real headless editor on a fresh 3D scene: a Skeleton3D
// from a bone list, bones added, rests and poses set and reset (undone through a bone-list snapshot,
// since Skeleton3D cannot remove a bone), a BoneAttachment3D carrying a node, and the same on a Skeleton2D.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'
import {openWorld, type World} from '../../../support/world.js'

describe('skeleton commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'skeleton', pristine: false})
  let w: World
  const bones = async (node = 'Rig') => (await w.call('skeleton.list_bones', {node_path: node})).bones as Json[]
  const bone = async (name: string, node = 'Rig') => (await bones(node)).find((b) => b.name === name)!
  const near = (a: number[], b: number[]) => a.forEach((x, i) => expect(x).to.be.closeTo(b[i], 1e-4))

  before(async () => {
    w = await openWorld(fx, 'res://levels/rig.tscn', 'Node3D')
  })

  it('declares every skeleton command with an example', () => {
    expect(Object.keys(w.examples)).to.have.members([
      'skeleton.create',
      'skeleton.add_bone',
      'skeleton.attach',
      'skeleton.list_bones',
      'skeleton.set_rest',
      'skeleton.set_pose',
      'skeleton.reset_pose',
    ])
  })

  it('skeleton.create: a Skeleton3D with the example bones, parents and rests; undo removes it', async () => {
    const out = await w.call('skeleton.create', w.examples['skeleton.create'])
    expect(out).to.deep.include({path: '/root/Main/Rig', type: 'Skeleton3D'})
    expect(out.bones.map((b: Json) => [b.name, b.parent])).to.deep.equal([
      ['hips', null],
      ['spine', 'hips'],
      ['hand', 'spine'],
    ])
    near(out.bones[2].global_rest_origin, [0.5, 1.5, 0])
    await w.undo('add Skeleton3D')
    await w.refused('skeleton.list_bones', {node_path: 'Rig'}, -32001)
    await w.call('skeleton.create', w.examples['skeleton.create'])
    await w.refused('skeleton.create', {name: 'X', bones: [{name: 'a', parent: 'b'}]}, -32602, 'not listed before it')
    await w.refused('skeleton.create', {name: 'X', bones: [{name: 'a'}, {name: 'a'}]}, -32602, 'listed twice')
    await w.refused(
      'skeleton.create',
      {name: 'X', bones: [{name: 'a', position: [1, 2]}]},
      -32602,
      "'position' must be [x, y, z]",
    )
  })

  it('skeleton.add_bone: the example bone under spine; undo restores the bone list', async () => {
    const out = await w.call('skeleton.add_bone', w.examples['skeleton.add_bone'])
    expect(out.bone).to.deep.include({index: 3, name: 'head', parent: 'spine'})
    near(out.bone.global_rest_origin, [0, 1.7, 0])
    await w.undo('add bone head')
    expect((await bones()).map((b) => b.name)).to.deep.equal(['hips', 'spine', 'hand'])
    w.snapshot = () => bones()
    await w.refused('skeleton.add_bone', {node_path: 'Rig', name: 'hips'}, -32000, "already has a bone named 'hips'")
    await w.refused(
      'skeleton.add_bone',
      {node_path: 'Rig', name: 'toe', parent: 'foot'},
      -32001,
      "no bone 'foot'",
      'hips, spine, hand',
    )
    w.snapshot = () => w.call('scene.tree')
  })

  it('skeleton.set_rest / set_pose / reset_pose: rests and poses read back, each undone', async () => {
    const rest = await w.call('skeleton.set_rest', w.examples['skeleton.set_rest'])
    near(rest.bone.rest.position, [0, 0.35, 0])
    await w.undo('set rest of spine')
    near((await bone('spine')).rest.position, [0, 0.3, 0])

    const pose = await w.call('skeleton.set_pose', w.examples['skeleton.set_pose'])
    near(pose.bone.pose.rotation, [0, 0, 30])
    near(pose.bone.pose.position, [0, 0.3, 0])
    const baked = await w.call('skeleton.set_rest', {node_path: 'Rig', bone: 'spine', from_pose: true})
    near(baked.bone.rest.rotation, [0, 0, 30])
    await w.undo('set rest of spine')
    const reset = await w.call('skeleton.reset_pose', w.examples['skeleton.reset_pose'])
    expect(reset.reset).to.equal(3)
    near((await bone('spine')).pose.rotation, [0, 0, 0])
    await w.undo('reset pose of all bones')
    near((await bone('spine')).pose.rotation, [0, 0, 30])
    await w.undo('pose spine')
    near((await bone('spine')).pose.rotation, [0, 0, 0])
    await w.refused('skeleton.set_pose', {node_path: 'Rig', bone: 'spine'}, -32602, 'give position')
    await w.refused(
      'skeleton.set_pose',
      {node_path: 'Rig', bone: 'spine', rotation: 30},
      -32602,
      "'rotation' must be [x, y, z]",
    )
    await w.refused(
      'skeleton.set_rest',
      {node_path: 'Rig', bone: 'spine', from_pose: true, position: [0, 0, 0]},
      -32602,
      'not both',
    )
  })

  it('skeleton.attach: a BoneAttachment3D on the hand, carrying a node; undo puts the node back', async () => {
    const out = await w.call('skeleton.attach', w.examples['skeleton.attach'])
    expect(out).to.deep.include({path: '/root/Main/Rig/HandSlot', bone: 'hand', bone_index: 2})
    near(out.global_origin, [0.5, 1.5, 0])
    await w.undo('attach to bone hand')
    await w.call('node.add', {type: 'Node3D', name: 'Sword'})
    const carry = await w.call('skeleton.attach', {node_path: 'Rig', bone: 'hand', carry: 'Sword'})
    expect(carry.carried).to.equal('/root/Main/Rig/BoneAttachment3D/Sword')
    expect(await w.inEditor('return scene.get_node("Rig/BoneAttachment3D/Sword").owner == scene')).to.equal(true)
    await w.undo('attach to bone hand')
    expect((await w.call('node.info', {node_path: 'Sword'})).path).to.equal('/root/Main/Sword')
    await w.refused('skeleton.attach', {node_path: 'Rig', bone: 'tail'}, -32001, "no bone 'tail'")
  })

  it('works on a Skeleton2D: Bone2D hierarchy with rests and lengths, poses in degrees, reset', async () => {
    await w.call('node.add', {type: 'Node2D', name: 'Flat'})
    const out = await w.call('skeleton.create', {
      parent: 'Flat',
      name: 'Arm',
      dimension: '2d',
      bones: [
        {name: 'upper', position: [10, 0], length: 20},
        {name: 'lower', parent: 'upper', position: [20, 0], rotation: 45, length: 15},
      ],
    })
    expect(out.bones.map((b: Json) => [b.name, b.parent, b.length])).to.deep.equal([
      ['upper', null, 20],
      ['lower', 'upper', 15],
    ])
    expect((await w.call('node.info', {node_path: 'Flat/Arm/upper/lower'})).type).to.equal('Bone2D')
    const added = await w.call('skeleton.add_bone', {
      node_path: 'Flat/Arm',
      name: 'hand',
      parent: 'lower',
      position: [15, 0],
    })
    expect(added.bone.path).to.equal('/root/Main/Flat/Arm/upper/lower/hand')
    await w.undo('add bone hand')
    const posed = await w.call('skeleton.set_pose', {node_path: 'Flat/Arm', bone: 'lower', rotation: 90})
    expect(posed.bone.pose.rotation).to.be.closeTo(90, 1e-4)
    expect(posed.bone.rest.rotation).to.be.closeTo(45, 1e-4)
    await w.call('skeleton.reset_pose', {node_path: 'Flat/Arm', bone: 'lower'})
    expect((await bone('lower', 'Flat/Arm')).pose.rotation).to.be.closeTo(45, 1e-4)
    await w.undo('reset pose of lower')
    await w.undo('pose lower')
    await w.refused(
      'skeleton.set_pose',
      {node_path: 'Flat/Arm', bone: 'lower', rotation: [0, 0, 1]},
      -32602,
      'angle in degrees',
    )
    await w.refused('skeleton.attach', {node_path: 'Flat/Arm', bone: 'lower'}, -32602, 'not a Skeleton3D')
  })
})
