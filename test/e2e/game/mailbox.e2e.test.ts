// One game per editor: two copies of the demo with the same config/name (as two git worktrees of one game
// are) share user:// and so the folder of the game mailbox; each editor keys its mailbox and tells its game
// the key on the command line, so each runtime call is answered by the game its own editor launched, and a
// game another editor started is never answered. Real headless editors, headless games; all stopped.
import {expect} from 'chai'
import {existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {childPids} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

const NOT_RUNNING = -32005

describe('one game per editor (two same-named projects playing at once)', function () {
  this.timeout(180_000)
  // both editors (and their games) read user:// from the same XDG data dir, made when the first editor
  // starts (not when mocha loads the file): the same "Bridge Demo" folder
  let data: string | undefined
  const shared = () => (data ??= mkdtempSync(join(tmpdir(), 'bridge-e2e-shared-data-')))
  const userDir = () => join(shared(), 'godot', 'app_userdata', 'Bridge Demo')
  const fa = useEditor({pristine: false, prepare: async () => ({env: {XDG_DATA_HOME: shared()}})})
  const fb = useEditor({pristine: false, prepare: async () => ({env: {XDG_DATA_HOME: shared()}})})
  const a = fa.game
  const b = fb.game
  // registered after both fixtures, so it runs once both editors (and their games) have stopped
  after(() => {
    if (data) rmSync(data, {recursive: true, force: true})
  })

  it('answers each runtime.eval from the game its own editor launched', async () => {
    const gameA = await a.play()
    const gameB = await b.play()
    expect(gameA.pid).to.not.equal(gameB.pid)
    expect(gameA.args).to.include(`--bridge-key=editor-${fa.editor.pid}`)
    for (let i = 0; i < 3; i++) {
      const [fromA, fromB] = await Promise.all([
        fa.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'}),
        fb.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'}),
      ])
      expect(fromA.result).to.equal(gameA.pid)
      expect(fromB.result).to.equal(gameB.pid)
    }
    // the two mailboxes sit side by side in the one shared user:// folder
    expect(existsSync(userDir()), userDir()).to.equal(true)
    expect(readdirSync(join(userDir(), 'bridge_ipc')).sort()).to.include.members([
      `editor-${fa.editor.pid}`,
      `editor-${fb.editor.pid}`,
    ])
  })

  it("never answers from another editor's game: with its own game stopped, a call says no game runs", async () => {
    await b.stop()
    const error = await fb.rpcError('runtime.eval', {code: 'return OS.get_process_id()'})
    expect(error.rpcCode).to.equal(NOT_RUNNING)
    const stillA = await fa.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'})
    expect(stillA.result).to.be.above(0)
  })

  it("finds the game started with the editor's own Play button (no key on its command line) by the editor's pid", async () => {
    await fb.call('editor.run_script', {
      code: [
        'ProjectSettings.set_setting("editor/run/main_run_args", "--headless --audio-driver Dummy")',
        'await Engine.get_main_loop().process_frame',
        'await Engine.get_main_loop().process_frame',
        'EditorInterface.play_main_scene()',
      ].join('\n'),
      // a project setting changed in memory only (never saved), which the run_script guard lets through only so
      allow_unsafe_editor_io: true,
    })
    try {
      const status = await fb.call<{pid: number}>('runtime.status')
      const game = await fb.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'})
      expect(game.result).to.equal(status.pid)
      const other = await fa.call<{result: number}>('runtime.eval', {code: 'return OS.get_process_id()'})
      expect(other.result).to.not.equal(status.pid)
    } finally {
      await fb.call('editor.run_script', {
        code: 'ProjectSettings.set_setting("editor/run/main_run_args", "")',
        allow_unsafe_editor_io: true,
      })
      await b.stop()
      for (const pid of childPids(fb.editor.pid)) process.kill(pid, 'SIGKILL') // a Play-button game is no scene.play of ours
    }
  })
})
