// What the undo-owner, turn and carrier tests share: the shape editor.undo_history answers, and WebSocket
// clients that name themselves to one test editor (each step and audit entry they make carries that name).
import {EngineClient} from '../../src/editor/client.js'
import type {TestEditor} from './editor.js'
import type {Json} from './fixture.js'

/** One step of an undo history, as editor.undo_history lists it. */
export interface UndoAction {
  index: number
  name: string
  applied: boolean
  command?: string
  client?: string
}

/** One undo history (the edited scene's, or "global"). */
export interface UndoHistory {
  history: string
  count: number
  current: number
  actions: UndoAction[]
}

/** dial(name) connects one more client named `name` to the fixture's editor; closeAll() closes every one. */
export function namedClients(fx: {editor: TestEditor}): {
  dial: (name: string) => Promise<EngineClient>
  closeAll: () => void
} {
  const clients: EngineClient[] = []
  return {
    async dial(name) {
      const client = await EngineClient.connect({
        projectRoot: fx.editor.root,
        port: fx.editor.discovery.ws_port,
        clientName: name,
      })
      clients.push(client)
      return client
    },
    closeAll() {
      for (const client of clients.splice(0)) client.close()
    },
  }
}

/** The 3D level open with a static floor: `on_ground` placements land on it, waiting for a settled physics
 *  frame with their step open — the awaiting edits the turn and carrier tests race other clients with. */
export const LEVEL_3D = 'res://scenes/level_3d.tscn'
export async function openLevelWithFloor(f: {
  call: (method: string, params?: Json) => Promise<unknown>
}): Promise<void> {
  await f.call('scene.open', {path: LEVEL_3D})
  await f.call('physics.add_body', {
    type: 'StaticBody3D',
    name: 'FloorBody',
    parent: '/root/Level3D/Floor',
    fit_to: '/root/Level3D/Floor',
  })
}
