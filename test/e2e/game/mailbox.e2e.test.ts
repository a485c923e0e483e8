// One game per editor: two copies of the demo with the same config/name (as two git worktrees of one game
// are) share user:// and so the folder of the game mailbox; each editor keys its mailbox and tells its game
// the key on the command line, so each runtime call is answered by the game its own editor launched, and a
// game another editor started is never answered. Real headless editors, headless games; all stopped.
import {expect} from 'chai'
import {existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {childPids, startEditor, type TestEditor} from '../../support/editor.js'
import {gameControl} from '../../support/game.js'
import {rpcError} from '../../support/rpc.js'

const NOT_RUNNING = -32005

describe('one game per editor (two same-named projects playing at once)', function () {
  this.timeout(180_000)
  const data = mkdtempSync(join(tmpdir(), 'bridge-e2e-shared-data-'))
  const editors: TestEditor[] = []
  const a = gameControl(() => editors[0])
  const b = gameControl(() => editors[1])
  // both editors (and their games) read user:// from the same XDG data dir: the same "Bridge Demo" folder
  const userDir = join(data, 'godot', 'app_userdata', 'Bridge Demo')

  before(async () => {
    editors.push(await startEditor({env: {XDG_DATA_HOME: data}}))
    editors.push(await startEditor({env: {XDG_DATA_HOME: data}}))
  })
  after(async function () {
    this.timeout(60_000)
    await a.stop().catch(() => {})
    await b.stop().catch(() => {})
    for (const e of editors) await e.stop()
    rmSync(data, {recursive: true, force: true})
  })

  it('answers each runtime.eval from the game its own editor launched', async () => {
    const gameA = await a.play()
    const gameB = await b.play()
    expect(gameA.pid).to.not.equal(gameB.pid)
    expect(gameA.args).to.include(`--bridge-key=editor-${editors[0].pid}`)
    for (let i = 0; i < 3; i++) {
      const [fromA, fromB] = await Promise.all([
        editors[0].client.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'}),
        editors[1].client.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'}),
      ])
      expect(fromA.result).to.equal(gameA.pid)
      expect(fromB.result).to.equal(gameB.pid)
    }
    // the two mailboxes sit side by side in the one shared user:// folder
    expect(existsSync(userDir), userDir).to.equal(true)
    expect(readdirSync(join(userDir, 'bridge_ipc')).sort()).to.include.members([
      `editor-${editors[0].pid}`,
      `editor-${editors[1].pid}`,
    ])
  })

  it("never answers from another editor's game: with its own game stopped, a call says no game runs", async () => {
    await b.stop()
    const error = await rpcError(editors[1].client, 'runtime.eval', {code: 'return OS.get_process_id()'})
    expect(error.rpcCode).to.equal(NOT_RUNNING)
    const stillA = await editors[0].client.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'})
    expect(stillA.result).to.be.above(0)
  })

  it("finds the game started with the editor's own Play button (no key on its command line) by the editor's pid", async () => {
    await editors[1].client.call('editor.run_script', {
      code: [
        'ProjectSettings.set_setting("editor/run/main_run_args", "--headless --audio-driver Dummy")',
        'await Engine.get_main_loop().process_frame',
        'await Engine.get_main_loop().process_frame',
        'EditorInterface.play_main_scene()',
      ].join('\n'),
    })
    try {
      const status = await editors[1].client.call<{pid: number}>('runtime.status')
      const game = await editors[1].client.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'})
      expect(game.result).to.equal(status.pid)
      const other = await editors[0].client.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'})
      expect(other.result).to.not.equal(status.pid)
    } finally {
      await editors[1].client.call('editor.run_script', {
        code: 'ProjectSettings.set_setting("editor/run/main_run_args", "")',
      })
      await b.stop()
      for (const pid of childPids(editors[1].pid)) process.kill(pid, 'SIGKILL') // a Play-button game is no scene.play of ours
    }
  })
})
