// Layers over the editor fixture for the world-building command tests. `openWorld` (tilemap, gridmap,
// csg, mesh, path, particles, material, skeleton): a fresh scene to build in and refusals that keep a
// chosen snapshot. `WorldExamples` (scene2d, scene3d, spatial, physics, navigation, camera, lighting,
// environment): each declared example run against the open scene must be exactly one undo action that
// undo reverts (the scene's nodes, classes, transforms and resources as before) and redo re-applies, and
// refused input changes nothing.
import {expect} from 'chai'

import type {EngineError} from '../../src/errors.js'
import type {EditorFixture} from './fixture.js'
import type {Json} from './json.js'

export interface World {
  call: (method: string, params?: Json) => Promise<Json>
  /** The fixture's declared examples by method. */
  examples: Record<string, Json>
  /** Runs GDScript in the editor (`scene` is the edited root) and returns its return value. */
  inEditor: (code: string) => Promise<any>
  /** Presses Undo and checks it undid bridge's `action`. */
  undo: (action: string) => Promise<void>
  /** Expects a refusal with `code` and fragments; `snapshot` (default: scene.tree) and the history stay the same. */
  refused: (method: string, params: Json, code: number, ...fragments: string[]) => Promise<EngineError>
  /** What refused() compares before and after (default: the scene tree). */
  snapshot: () => Promise<unknown>
}

/** Creates and opens `scenePath` (root `rootType` named Main) in the fixture's editor. */
export async function openWorld(fx: EditorFixture, scenePath: string, rootType: string): Promise<World> {
  const world: World = {
    call: (method, params = {}) => fx.call(method, params),
    examples: fx.examples,
    inEditor: (code) => fx.inEditor(code),
    undo: (action) => fx.undo(action),
    snapshot: () => fx.tree(),
    refused: (method, params, code, ...fragments) =>
      fx.refusedKeeping({snapshot: () => world.snapshot()}, method, params, code, ...fragments),
  }
  const created = await fx.call('scene.create', {path: scenePath, root_type: rootType, root_name: 'Main'})
  expect(created.root).to.equal('/root/Main')
  return world
}

/** Writes a PNG of `tiles` 16x16 coloured squares in a row (null: a transparent square) through the editor. */
export async function writeTilePng(world: World, path: string, tiles: (string | null)[]): Promise<void> {
  const fills = tiles
    .map((c, i) => (c ? `img.fill_rect(Rect2i(${i * 16}, 0, 16, 16), Color("${c}"))` : ''))
    .filter(Boolean)
    .join('\n')
  const code = `var img := Image.create(${tiles.length * 16}, 16, false, Image.FORMAT_RGBA8)
${fills}
DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path("${path}".get_base_dir()))
return img.save_png(ProjectSettings.globalize_path("${path}"))`
  const out = await world.call('editor.run_script', {code, allow_unsafe_editor_io: true})
  expect(out.result, JSON.stringify(out)).to.equal(0)
}

/** Every node of the edited scene with its class, transform and the resources it holds. */
const FINGERPRINT = `
var out := []
var nodes := [scene] + scene.find_children("*", "", true, false)
for n in nodes:
	var line: String = str(scene.get_path_to(n)) + " " + n.get_class()
	for prop in ["transform", "shape", "mesh", "environment", "navigation_mesh", "current", "enabled", "collision_layer", "collision_mask", "physics_material_override", "color", "light_color"]:
		if prop in n:
			var v = n[prop]
			line += " %s=%s" % [prop, v.get_instance_id() if v is Object else v]
	out.append(line)
return out`

/** What the camera and lighting tests add to the fingerprint: the cameras' and lights' own settings. */
const VIEW_SETTINGS = `
var out := []
for n in scene.find_children("*", "", true, false):
	for prop in ["zoom", "limit_left", "limit_top", "limit_right", "limit_bottom", "fov", "size", "far", "projection", "energy", "light_energy", "omni_range", "spot_range", "spot_angle", "shadow_enabled", "texture"]:
		if prop in n:
			var v = n[prop]
			out.append("%s %s=%s" % [n.name, prop, v.get_instance_id() if v is Object else v])
return out`

/** Every stored setting of the scene's Environment and of its sky material (resources by identity). */
const ENVIRONMENT_SETTINGS = `
var out := []
var worlds := scene.find_children("*", "WorldEnvironment", true, false)
for world in worlds:
	var objects := [world.environment]
	if world.environment != null and world.environment.sky != null:
		objects.append(world.environment.sky.sky_material)
	for o in objects:
		if o == null:
			continue
		for prop in o.get_property_list():
			if prop.usage & PROPERTY_USAGE_STORAGE:
				var v = o[prop.name]
				out.append("%s.%s=%s" % [o.get_class(), prop.name, v.get_instance_id() if v is Object else var_to_str(v)])
return out`

/** Within `tolerance` of `expected`, element by element (positions and colours read back from the engine). */
export function close(actual: number[], expected: number[], tolerance = 1e-3): void {
  expect(actual, `${JSON.stringify(actual)} ~ ${JSON.stringify(expected)}`).to.have.length(expected.length)
  for (const [i, e] of expected.entries())
    expect(actual[i], `${JSON.stringify(actual)} ~ ${JSON.stringify(expected)}`).to.be.closeTo(e, tolerance)
}

export class WorldExamples {
  examples: Record<string, Json> = {}
  readOnly = new Set<string>()
  constructor(readonly fx: EditorFixture) {}

  call = (method: string, params: Json = {}) => this.fx.call(method, params)
  fingerprint = async () => (await this.fx.inEditor(FINGERPRINT)) as string[]

  /** The fingerprint holds the cameras' and lights' own settings too (zoom, limits, fov, energy, ...). */
  withViewSettings(): void {
    const nodes = this.fingerprint
    this.fingerprint = async () => [...(await nodes()), ...((await this.fx.inEditor(VIEW_SETTINGS)) as string[])]
  }

  /** The fingerprint holds the scene's Environment and sky material settings too (fog, tonemap, sky, ...). */
  withEnvironmentSettings(): void {
    const nodes = this.fingerprint
    // reads every stored property by a name from the property list: the guard cannot prove such a key names no
    // method (o["save"] is a Callable), so this test-only reader says it knows
    const read = () => this.fx.inEditor(ENVIRONMENT_SETTINGS, {allow_unsafe_editor_io: true})
    this.fingerprint = async () => [...(await nodes()), ...((await read()) as string[])]
  }

  /** Takes `group`'s declared examples from the fixture (which must have read them) and returns its methods. */
  async load(group: string): Promise<string[]> {
    const mine = this.fx.commands.filter((c) => String(c.method).startsWith(`${group}.`))
    for (const c of mine) {
      this.examples[c.method] = c.example
      if (c.read_only) this.readOnly.add(c.method)
    }
    return mine.map((c) => c.method as string)
  }

  async open(path: string): Promise<void> {
    await this.call('scene.open', {path})
  }

  /** Runs the method's declared example (or `params`); a mutating one must be one undoable scene action. */
  async run(method: string, params?: Json): Promise<Json> {
    const args = params ?? this.examples[method]
    expect(args, `${method} declares an example`).to.not.equal(undefined)
    if (this.readOnly.has(method)) {
      const before = await this.fingerprint()
      const out = await this.call(method, args)
      expect(await this.fingerprint(), `${method} is read-only`).to.deep.equal(before)
      return out
    }
    const before = await this.fingerprint()
    const out = await this.call(method, args)
    const after = await this.fingerprint()
    expect(after, `${method} changed the scene`).to.not.deep.equal(before)
    // one press of Undo undoes bridge's action and reverts everything: the change was one undo action
    const undone = await this.call('editor.undo')
    expect(undone.undone, JSON.stringify(undone)).to.equal(true)
    expect(undone.action).to.match(/^Bridge: /)
    expect(await this.fingerprint(), `one undo reverts ${method}`).to.deep.equal(before)
    await this.call('editor.redo')
    expect(await this.fingerprint(), `redo re-applies ${method}`).to.deep.equal(after)
    return out
  }

  /** The call must be refused with `code` and leave the scene and its history as they were. */
  refused(method: string, params: Json, code: number, ...fragments: string[]) {
    return this.fx.refusedKeeping({snapshot: () => this.fingerprint()}, method, params, code, ...fragments)
  }
}
