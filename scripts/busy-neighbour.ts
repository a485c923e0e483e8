// A neighbour for the suite: a second bridge editor on a copy of the demo project, playing its game and
// read from every second, as a user's other open project (or an agent's worktree) would be. The suite must
// pass beside it (docs/architecture.md, "Before you push"). Ctrl-C / SIGTERM stop it: the harness's exit
// handlers kill the editor and its game by pid and remove the copy.  Usage: npx tsx scripts/busy-neighbour.ts
import {startEditor} from '../test/support/editor.js'
import {gameControl} from '../test/support/game.js'

// the default ports (9080, 9100), as a user's own editor has them: the suite's editors must keep clear of it
const editor = await startEditor({pinPorts: false})
const game = gameControl(() => editor)
const played = await game.play()
console.log(`neighbour: editor pid ${editor.pid} (ws ${editor.discovery.ws_port}), game pid ${String(played.pid)}`)

for (;;) {
  // a game that is read from, as an agent playtesting would; played again whenever it has ended
  await editor.client.call('runtime.eval', {code: 'return Engine.get_physics_frames()'}).catch(async () => {
    await game.play().catch(() => {})
  })
  await new Promise((r) => setTimeout(r, 1000))
}
