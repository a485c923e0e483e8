// What the undo-owner, turn and carrier tests share: the shape editor.undo_history answers, and WebSocket
// clients that name themselves to one test editor (each step and audit entry they make carries that name).
import {EngineClient} from '../../src/editor/client.js'
import type {TestEditor} from './editor.js'

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
