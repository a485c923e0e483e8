// Shared by the world-building group tests (scene2d, scene3d, spatial, physics, navigation, camera,
// lighting, environment): run each declared example of a group against a real editor, check that a
// mutating example made exactly one undo action in the scene's history that undo reverts (the scene's
// nodes, classes, transforms and resources as before) and redo re-applies, and that refused input
// changes nothing.
import {expect} from 'chai'

import type {TestEditor} from '../../support/editor.js'
import {refusedUnchanged, sceneHistory} from '../../support/rpc.js'

export type Json = Record<string, any>

/** Every node of the edited scene with its class, transform and the resources it holds. */
const FINGERPRINT = `
var out := []
var nodes := [scene] + scene.find_children("*", "", true, false)
for n in nodes:
	var line: String = str(scene.get_path_to(n)) + " " + n.get_class()
	for prop in ["transform", "shape", "mesh", "environment", "navigation_mesh", "current", "enabled", "collision_layer", "collision_mask", "physics_material_override", "color", "light_color"]:
		if prop in n:
			var v = n.get(prop)
			line += " %s=%s" % [prop, v.get_instance_id() if v is Object else v]
	out.append(line)
return out`

export class WorldExamples {
  examples: Record<string, Json> = {}
  readOnly = new Set<string>()
  constructor(readonly editor: TestEditor) {}

  call = (method: string, params: Json = {}) => this.editor.client.call<Json>(method, params)
  fingerprint = async () => (await this.call('editor.run_script', {code: FINGERPRINT})).result as string[]

  async load(group: string): Promise<string[]> {
    const {commands} = await this.call('engine.commands', {group})
    for (const c of commands as Json[]) {
      this.examples[c.method] = c.example
      if (c.read_only) this.readOnly.add(c.method)
    }
    return Object.keys(this.examples)
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
    return refusedUnchanged(
      this.editor.client,
      async () => [await this.fingerprint(), (await sceneHistory(this.editor.client)).count],
      method,
      params,
      code,
      ...fragments,
    )
  }
}
