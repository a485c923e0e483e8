// A small 3D level built through the world-building commands alone (scene3d, physics, spatial, lighting,
// environment, camera, navigation): ground with collision, crates dropped onto it by raycast, a sun, a
// sky with fog, a camera framing it all, a baked navigation mesh. Saved, reloaded from disk, checked.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('building a 3D level with the world commands (real editor)', function () {
  this.timeout(240_000)
  const fx = useEditor({pristine: false})
  const {call} = fx

  it('builds, saves and reloads the level with every node where it was put', async () => {
    await call('scene.create', {path: 'res://scenes/arena.tscn', root_type: 'Node3D'})
    await call('scene.open', {path: 'res://scenes/arena.tscn'})
    // ground: a 20 x 0.5 x 20 box mesh whose top is y = 0, given collision fitted to it
    await call('scene3d.place', {
      type: 'MeshInstance3D',
      name: 'Ground',
      position: [0, -0.25, 0],
      properties: {mesh: {class: 'BoxMesh', size: [20, 0.5, 20]}},
    })
    const body = await call('physics.add_body', {
      type: 'StaticBody3D',
      parent: 'Ground',
      name: 'Body',
      fit_to: 'Ground',
    })
    expect(body.shape).to.deep.include({type: 'BoxShape3D', size: [20, 0.5, 20]})

    // crates: rigid bodies made in the air, dropped onto the ground by a ray
    const spots = [
      [-4, -3],
      [0, 2],
      [5, 1],
    ]
    for (const [i, [x, z]] of spots.entries()) {
      await call('scene3d.place', {
        type: 'MeshInstance3D',
        name: `Crate${i}`,
        position: [x, 6, z],
        properties: {mesh: {class: 'BoxMesh', size: [1, 1, 1]}},
      })
      const placed = await call('spatial.place_on', {node_path: `Crate${i}`})
      expect(placed.surface).to.equal('/root/Arena/Ground/Body')
      expect(placed.position[1]).to.be.closeTo(0.5, 1e-3)
      await call('physics.add_body', {type: 'RigidBody3D', parent: `Crate${i}`, name: 'Body', fit_to: `Crate${i}`})
    }
    const marker = await call('scene3d.place', {type: 'Marker3D', name: 'Spawn', position: [2, 3, -5], on_ground: true})
    expect(marker.position[1]).to.be.closeTo(0, 1e-3)
    expect((await call('spatial.overlaps', {})).count).to.equal(0)

    await call('lighting.add_light', {type: 'directional', name: 'Sun', rotation_degrees: [-50, 30, 0], energy: 1.2})
    await call('environment.create', {preset: 'outdoor_day'})
    await call('environment.fog', {enabled: true, density: 0.01})
    await call('camera.add', {name: 'Camera', position: [0, 8, 14], target: 'Ground'})
    const framed = await call('camera.frame', {node_path: 'Camera', nodes: ['Crate0', 'Crate1', 'Crate2']})
    expect(framed.all_in_view).to.equal(true)
    const seen = await call('camera.in_view', {node_path: 'Camera', nodes: ['Crate0', 'Crate1', 'Crate2']})
    expect(seen.nodes.map((n: Json) => n.visibility)).to.deep.equal(['inside', 'inside', 'inside'])

    await call('navigation.add_region', {name: 'Nav', adopt: ['Ground']})
    const baked = await call('navigation.bake', {node_path: 'Nav'})
    expect(baked.polygons).to.be.greaterThan(0)
    const path = await call('navigation.query_path', {from: [-8, 0, -8], to: [8, 0, 8]})
    expect(path.found).to.equal(true)

    await call('scene.save')
    const text = readFileSync(join(fx.editor.root, 'scenes', 'arena.tscn'), 'utf8')
    for (const name of ['Ground', 'Crate0', 'Crate2', 'Sun', 'WorldEnvironment', 'Camera', 'Nav', 'Spawn'])
      expect(text).to.include(`[node name="${name}"`)

    await call('scene.reload', {path: 'res://scenes/arena.tscn'})
    const info = await call('editor.run_script', {
      code: `var out := {}
for n in ["Nav/Ground/Body/CollisionShape3D", "Crate1/Body/CollisionShape3D", "Sun", "WorldEnvironment", "Camera", "Spawn"]:
	out[n] = scene.get_node(n).get_class()
out["crate1_y"] = scene.get_node("Crate1").global_position.y
out["fog"] = scene.get_node("WorldEnvironment").environment.fog_enabled
out["sky"] = scene.get_node("WorldEnvironment").environment.sky.sky_material.get_class()
out["camera_current"] = scene.get_node("Camera").current
out["nav_polygons"] = scene.get_node("Nav").navigation_mesh.get_polygon_count()
return out`,
    })
    expect(info.result).to.deep.include({
      'Nav/Ground/Body/CollisionShape3D': 'CollisionShape3D',
      'Crate1/Body/CollisionShape3D': 'CollisionShape3D',
      Sun: 'DirectionalLight3D',
      WorldEnvironment: 'WorldEnvironment',
      Camera: 'Camera3D',
      Spawn: 'Marker3D',
      fog: true,
      sky: 'ProceduralSkyMaterial',
      camera_current: true,
    })
    expect(info.result.crate1_y).to.be.closeTo(0.5, 1e-3)
    expect(info.result.nav_polygons).to.be.greaterThan(0)
    // the reloaded level still answers rays: the crates stand on the saved ground collider
    const hit = await call('spatial.raycast', {from: [0, 10, 2], to: [0, -10, 2], exclude: ['Crate1']})
    expect(hit.collider).to.equal('/root/Arena/Nav/Ground/Body')
  })
})
