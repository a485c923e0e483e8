// Games a test starts from its editor: scene.play headless, remembering every pid, and a stop that always
// leaves no game behind (scene.stop, then SIGKILL by pid), for an after() hook or a failing test.
import {pidAlive} from '../../src/editor/discovery.js'
import {killPid} from '../../src/platform/processes.js'
import type {TestEditor} from './editor.js'

import type {Json} from './json.js'

export interface GameControl {
  play(params?: Json): Promise<Json>
  /** A game started another way (over MCP, from the CLI, by test.run_scenario): stop() kills it too. */
  track(pid: number): void
  stop(): Promise<void>
}

export function gameControl(editor: () => TestEditor): GameControl {
  const games = new Set<number>()
  return {
    async play(params: Json = {}): Promise<Json> {
      const out = await editor().client.call<Json>('scene.play', {display: 'headless', ...params})
      games.add(out.pid)
      return out
    },
    track(pid: number): void {
      games.add(pid)
    },
    async stop(): Promise<void> {
      await editor()
        .client.call('scene.stop')
        .catch(() => {})
      for (const pid of games) {
        if (pidAlive(pid)) killPid(pid)
        games.delete(pid)
      }
    },
  }
}
