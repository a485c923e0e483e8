// Shared by the world-building command tests (tilemap, gridmap, csg, mesh, path, particles, material,
// skeleton): a fresh scene to build in, the group's declared examples, undo of bridge's own action, and
// refusals that must leave a chosen snapshot of state (plus the scene's undo history) unchanged.
import {expect} from 'chai'

import type {EngineError} from '../../src/errors.js'
import type {TestEditor} from './editor.js'
import {refusedUnchanged, sceneHistory, undoOwn} from './rpc.js'

export type Json = Record<string, any>

export interface World {
  call: (method: string, params?: Json) => Promise<Json>
  /** The group's declared examples by method. */
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

/** Creates and opens `scenePath` (root `rootType` named Main) and loads `group`'s examples. */
export async function openWorld(
  editor: TestEditor,
  group: string,
  scenePath: string,
  rootType: string,
): Promise<World> {
  const call = (method: string, params: Json = {}) => editor.client.call<Json>(method, params)
  const {commands} = await call('engine.commands', {group})
  const world: World = {
    call,
    examples: Object.fromEntries((commands as Json[]).map((c) => [c.method, c.example])),
    inEditor: async (code) => (await call('editor.run_script', {code})).result,
    undo: (action) => undoOwn(editor.client, action),
    snapshot: () => call('scene.tree'),
    refused: (method, params, code, ...fragments) =>
      refusedUnchanged(
        editor.client,
        async () => [await world.snapshot(), (await sceneHistory(editor.client)).count],
        method,
        params,
        code,
        ...fragments,
      ),
  }
  const created = await call('scene.create', {path: scenePath, root_type: rootType, root_name: 'Main'})
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
