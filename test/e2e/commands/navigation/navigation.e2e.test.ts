// navigation.*: every declared example against a real editor, in 3D (the demo level's floor adopted by a
// region and baked) and 2D (a region from an outline around the main scene, baked around the ground
// body), with path queries on the baked meshes, agents and links. Each change is one undo step that
// undo reverts exactly and redo re-applies; refusals change nothing.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'
import {WorldExamples, close} from '../../../support/world.js'

/** The 2D regions' polygons and the agents' and links' settings, which the shared fingerprint does not hold. */
const NAVIGATION = `
var out := []
for n in scene.find_children("*", "", true, false):
	if n is NavigationRegion2D:
		out.append("%s polygon=%s" % [n.name, n.navigation_polygon.get_instance_id() if n.navigation_polygon else 0])
	elif n is NavigationAgent2D or n is NavigationAgent3D:
		out.append("%s radius=%s speed=%s layers=%s" % [n.name, n.radius, n.max_speed, n.navigation_layers])
	elif n is NavigationLink2D or n is NavigationLink3D:
		out.append("%s %s %s %s" % [n.name, n.start_position, n.end_position, n.bidirectional])
return out`

describe('navigation commands (real editor)', function () {
  this.timeout(240_000)
  const fx = useEditor({group: 'navigation', pristine: false})
  let w: WorldExamples
  const readBack = (code: string) => fx.inEditor(code)

  before(async () => {
    w = new WorldExamples(fx)
    expect(await w.load('navigation')).to.have.members([
      'navigation.add_region',
      'navigation.bake',
      'navigation.query_path',
      'navigation.add_agent',
      'navigation.add_link',
      'navigation.describe',
    ])
    const nodes = w.fingerprint
    w.fingerprint = async () => [
      ...(await nodes()),
      ...((await w.call('editor.run_script', {code: NAVIGATION})).result as string[]),
    ]
    await w.open('res://scenes/level_3d.tscn')
  })

  describe('3D (level)', () => {
    it('navigation.add_region (example): the floor moves under a new region and keeps its place', async () => {
      await w.call('node.set', {node_path: 'Floor', property: 'position', value: [0, 0, 1]})
      const out = await w.run('navigation.add_region')
      expect(out).to.deep.include({
        path: '/root/Level3D/Nav',
        type: 'NavigationRegion3D',
        adopted: ['/root/Level3D/Nav/Floor'],
      })
      expect(out.navigation_layers).to.deep.equal([{layer: 1, name: ''}])
      expect(
        await readBack(
          'var f = scene.get_node("Nav/Floor")\nreturn [f.owner == scene, f.global_position, scene.get_node("Nav").navigation_mesh.agent_radius]',
        ),
      ).to.deep.equal([true, [0, 0, 1], 0.5])
      await w.refused(
        'navigation.add_region',
        {name: 'Bad', adopt: ['/root/Level3D']},
        -32602,
        'cannot adopt /root/Level3D',
      )
      await w.refused('navigation.add_region', {name: 'Bad', adopt: ['Crate', 'Ghost']}, -32001, 'Ghost')
      await w.refused('navigation.add_region', {name: 'Nav'}, -32000, "already has a child named 'Nav'")
      await w.refused('navigation.add_region', {name: 'Bad', agent_max_slope: 100}, -32602, 'agent_max_slope')
      await w.refused('navigation.add_region', {name: 'Bad', navigation_layers: 'roads'}, -32602, 'roads')
      await w.refused(
        'navigation.add_region',
        {name: 'Bad', dimension: '2d', adopt: ['Crate']},
        -32602,
        'cannot adopt /root/Level3D/Crate under a 2D region',
      )
    })

    it('navigation.bake (example) bakes walkable polygons; query_path (example) walks across them', async () => {
      const out = await w.run('navigation.bake')
      expect(out.path).to.equal('/root/Level3D/Nav')
      expect(out.polygons).to.be.greaterThan(0)
      const path = await w.run('navigation.query_path')
      expect(path).to.deep.include({found: true, reaches_goal: true})
      close(path.points[0], [-3, path.points[0][1], -3], 0.3)
      expect(path.length).to.be.closeTo(Math.hypot(6, 6), 0.5)
    })

    it('navigation.bake refusals: an empty region, a non-region; query_path refusals', async () => {
      await w.call('navigation.add_region', {name: 'Empty'})
      await w.refused('navigation.bake', {node_path: 'Empty'}, -32000, 'nothing under /root/Level3D/Empty to bake from')
      await w.refused('navigation.bake', {node_path: 'Crate'}, -32602, 'MeshInstance3D, not a NavigationRegion3D/2D')
      await w.refused('navigation.bake', {node_path: 'Ghost'}, -32001, 'Ghost')
      expect((await w.call('editor.undo')).undone).to.equal(true)
      await w.refused('navigation.query_path', {from: [0, 0, 0], to: [1, 1]}, -32602, "'to' must have 3 numbers")
      await w.refused(
        'navigation.query_path',
        {from: [0, 0, 0], to: [1, 1, 1], navigation_layers: [2]},
        -32000,
        'no baked 3D navigation region on those layers',
      )
      await w.refused('navigation.query_path', {from: [0, 0], to: [1, 1]}, -32000, 'no baked 2D navigation region')
      await w.refused('navigation.query_path', {from: 'here', to: [1, 1]}, -32602, 'from')
    })

    it('navigation.add_link (example) and a 3D agent; describe (example) lists region, link and agent', async () => {
      const link = await w.run('navigation.add_link')
      expect(link).to.deep.include({path: '/root/Level3D/NavigationLink', bidirectional: true})
      close(link.from, [0, 0, 0])
      close(link.to, [0, 2, 3])
      // under a turned, raised parent (the sun: 45 degrees about X, 5 m up) the ends still land on the given points
      const turned = await w.run('navigation.add_link', {from: [0, 0, 0], to: [0, 2, 3], parent: 'Sun', name: 'Turned'})
      close(turned.from, [0, 0, 0])
      close(turned.to, [0, 2, 3])
      const agent = await w.run('navigation.add_agent', {
        node_path: 'Crate',
        name: 'Agent',
        radius: 0.4,
        height: 1.8,
        max_speed: 3,
        avoidance: true,
      })
      expect(agent).to.deep.include({
        path: '/root/Level3D/Crate/Agent',
        type: 'NavigationAgent3D',
        max_speed: 3,
        avoidance: true,
        navigation_layers: 1,
      })
      expect(agent.radius).to.be.closeTo(0.4, 1e-6)
      expect(await readBack('return scene.get_node("Crate/Agent").height')).to.be.closeTo(1.8, 1e-6)
      const d = await w.run('navigation.describe')
      const byPath = Object.fromEntries(d.nodes.map((n: Json) => [n.path, n]))
      expect(byPath['/root/Level3D/Nav'].baked_polygons).to.be.greaterThan(0)
      expect(byPath['/root/Level3D/Crate/Agent']).to.deep.include({
        type: 'NavigationAgent3D',
        max_speed: 3,
        avoidance: true,
      })
      expect(byPath['/root/Level3D/NavigationLink'].type).to.equal('NavigationLink3D')
      await w.refused('navigation.add_link', {from: [0, 0, 0], to: [1, 1]}, -32602, "'to' must have 3 numbers")
      await w.refused(
        'navigation.add_link',
        {from: [0, 0, 0], to: [1, 1, 1], name: 'NavigationLink'},
        -32000,
        "already has a child named 'NavigationLink'",
      )
      // the default name, not given, is made unique as the editor does
      expect((await w.call('navigation.add_link', {from: [0, 0, 0], to: [1, 1, 1]})).path).to.equal(
        '/root/Level3D/NavigationLink2',
      )
      expect((await w.call('editor.undo')).undone).to.equal(true)
      await w.refused(
        'navigation.add_link',
        {from: [0, 0, 0], to: [1, 1, 1], name: 'L2', parent: 'Ghost'},
        -32001,
        'Ghost',
      )
      await w.refused('navigation.add_agent', {node_path: 'Crate', name: 'Agent2', radius: -1}, -32602, 'radius')
      await w.refused(
        'navigation.add_agent',
        {node_path: 'Crate', name: 'Agent'},
        -32000,
        "already has a child named 'Agent'",
      )
    })
  })

  describe('2D (main scene)', () => {
    before(async () => {
      await w.open('res://scenes/main.tscn')
      await w.call('physics.add_shape', {parent: 'Ground', shape: 'rectangle', size: [200, 40]})
    })

    it('navigation.add_agent (example): the player gets a 2D agent; refusals', async () => {
      const out = await w.run('navigation.add_agent')
      expect(out).to.deep.include({
        path: '/root/Main/Player/NavigationAgent',
        type: 'NavigationAgent2D',
        radius: 16,
        max_speed: 200,
        avoidance: false,
        navigation_layers: 1,
      })
      await w.refused(
        'navigation.add_agent',
        {node_path: 'Player', name: 'A2', height: 2},
        -32602,
        'height is for 3D agents',
      )
      await w.refused(
        'navigation.add_agent',
        {node_path: 'Player/Body', name: 'A2'},
        -32602,
        'ColorRect: an agent belongs under a Node3D or Node2D',
      )
      await w.refused(
        'navigation.add_agent',
        {node_path: 'Player', name: 'A2', navigation_layers: [33]},
        -32602,
        '1..32',
      )
      await w.refused(
        'navigation.add_agent',
        {node_path: 'Player', name: 'NavigationAgent'},
        -32000,
        "already has a child named 'NavigationAgent'",
      )
      // the default name, not given, is made unique as the editor does
      expect((await w.call('navigation.add_agent', {node_path: 'Player'})).path).to.equal(
        '/root/Main/Player/NavigationAgent2',
      )
      expect((await w.call('editor.undo')).undone).to.equal(true)
    })

    it('navigation.add_region 2D from an outline, adopting the ground; bake carves the ground out; a 2D path goes round it', async () => {
      const outline = [
        [0, 0],
        [640, 0],
        [640, 360],
        [0, 360],
      ]
      const region = await w.run('navigation.add_region', {dimension: '2d', name: 'Nav2D', outline, adopt: ['Ground']})
      expect(region).to.deep.include({
        path: '/root/Main/Nav2D',
        type: 'NavigationRegion2D',
        adopted: ['/root/Main/Nav2D/Ground'],
      })
      expect(
        await readBack(
          'var r = scene.get_node("Nav2D")\nreturn [r.navigation_polygon.get_outline_count(), r.navigation_polygon.get_outline(0).size(), scene.get_node("Nav2D/Ground").global_position]',
        ),
      ).to.deep.equal([1, 4, [320, 300]])
      const baked = await w.run('navigation.bake', {node_path: 'Nav2D'})
      expect(baked.polygons).to.be.greaterThan(1)
      // the ground (x 220..420, y 280..320) is an obstruction: a path across it must go round
      const path = await w.call('navigation.query_path', {from: [320, 250], to: [320, 350]})
      expect(path).to.deep.include({found: true, reaches_goal: true})
      expect(path.length).to.be.greaterThan(150)
      const straight = await w.call('navigation.query_path', {from: [50, 50], to: [600, 50]})
      expect(straight.length).to.be.closeTo(550, 1)
      const link = await w.run('navigation.add_link', {
        from: [100, 100],
        to: [200, 100],
        bidirectional: false,
        name: 'Jump',
      })
      expect(link).to.deep.include({path: '/root/Main/Jump', from: [100, 100], to: [200, 100], bidirectional: false})
      await w.refused(
        'navigation.add_region',
        {
          dimension: '2d',
          name: 'Bad',
          outline: [
            [0, 0],
            [1, 1],
          ],
        },
        -32602,
        'at least 3 points',
      )
      await w.refused(
        'navigation.add_region',
        {
          dimension: '2d',
          name: 'Bad',
          outline: [
            [0, 0, 0],
            [1, 1, 1],
            [1, 0, 0],
          ],
        },
        -32602,
        "'outline' must have 2 numbers",
      )
      await w.refused(
        'navigation.add_region',
        {dimension: '2d', name: 'Bad', adopt: ['/root/Main']},
        -32602,
        'cannot adopt /root/Main',
      )
    })

    it('the 2D navigation is saved: after a reload from disk the baked region, the agent and the link are there and paths still work', async () => {
      await w.call('scene.save')
      await w.call('scene.reload', {path: 'res://scenes/main.tscn'})
      const back = await readBack(`var r = scene.get_node("Nav2D")
var a = scene.get_node("Player/NavigationAgent")
var l = scene.get_node("Jump")
return [r.navigation_polygon.get_polygon_count() > 1, r.get_node("Ground").get_class(), a.radius, a.max_speed, l.global_position, l.bidirectional]`)
      expect(back).to.deep.equal([true, 'StaticBody2D', 16, 200, [150, 100], false])
      const path = await w.call('navigation.query_path', {from: [320, 250], to: [320, 350]})
      expect(path).to.deep.include({found: true, reaches_goal: true})
      expect(path.length).to.be.greaterThan(150)
    })

    it('navigation.bake 2D refuses a region with no outline', async () => {
      await w.call('navigation.add_region', {dimension: '2d', name: 'Bare'})
      await w.refused('navigation.bake', {node_path: 'Bare'}, -32000, 'give the region an outline')
      expect((await w.call('editor.undo')).undone).to.equal(true)
    })
  })
})
