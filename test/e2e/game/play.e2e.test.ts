// The running game, end to end on a real headless editor: scene.play launches the demo headless, runtime.*
// reads and drives it through the game autoloads, and every failure mode (no game, a killed game, a
// breakpoint, a game that cannot start) says what happened, all beside a second bridge editor playing a
// same-named project. Every game is stopped. input.* has its own file, commands/input/.
import {expect} from 'chai'
import {existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {EngineClient} from '../../../src/editor/client.js'
import {pidAlive} from '../../../src/editor/discovery.js'
import {deadline} from '../../support/deadline.js'
import {childPids} from '../../support/editor.js'
import {type Json, useEditor} from '../../support/fixture.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const NOT_RUNNING = -32005

describe('the running game (real editor, headless game)', function () {
  this.timeout(120_000)
  // another bridge editor playing its own game all along, as on a machine with two worktrees of one game
  // open: same config/name, same user data folder, same debugger port (both at their defaults). This file's
  // games must neither stop nor answer for it; before the keyed mailbox they did (its game took this file's
  // breakpoint, and this file's calls were answered by it). It starts first, so the debugger port is its own.
  // the shared user data folder is made when the first editor starts (not when mocha loads the file)
  let shared: string | undefined
  const sharedData = () => (shared ??= mkdtempSync(join(tmpdir(), 'bridge-e2e-shared-data-')))
  const debugPort = 46000 + Math.floor(Math.random() * 900)
  let neighbourPid = 0
  let still: unknown
  // mocha runs a suite's `after` hooks in the order they were registered, after those of the suites inside
  // it: this runs once this file's editor (in the describe below) has stopped, before the neighbour stops
  // (its fixture's `after`, registered next), whose teardown checks what it read, with nothing left running
  after(async function () {
    this.timeout(60_000)
    still = await neighbour.call('runtime.eval', {code: 'return OS.get_process_id()'}).catch((e: Error) => e)
  })
  const neighbour = useEditor({
    debugPort,
    pristine: false,
    prepare: async () => ({env: {XDG_DATA_HOME: sharedData()}}),
    async setup(n) {
      neighbourPid = (await n.game.play()).pid
    },
    teardown() {
      if (shared) rmSync(shared, {recursive: true, force: true})
      // it played through the whole file: the same game, still answering
      expect(still).to.deep.include({result: neighbourPid})
    },
  })

  describe('beside a second editor playing a same-named project', () => {
    // no display at all, whatever the machine has: a window game must fail to start (a test below)
    const fx = useEditor({
      debugPort,
      pristine: false,
      prepare: async () => ({env: {XDG_DATA_HOME: sharedData(), DISPLAY: '', WAYLAND_DISPLAY: ''}}),
    })
    const {call} = fx

    it('refuses a runtime call at once when no game runs, saying to start one with scene.play', async () => {
      // at once: not after the game link's wait for a game that is not there
      const error = await deadline(fx.rpcError('runtime.tree'), 5000, 'runtime.tree with no game')
      expect(error.rpcCode).to.equal(NOT_RUNNING)
      expect(error.message).to.include('scene.play')
      const input = await fx.rpcError('input.action', {action: 'move_right'})
      expect(input.rpcCode).to.equal(NOT_RUNNING)
    })

    it('manages the game autoloads by ownership: install writes nothing when present, uninstall leaves a user autoload', async () => {
      const file = join(fx.editor.root, 'project.godot')
      const ours = [
        'MCPGameInspector="*res://addons/bridge/game/inspector.gd"',
        'MCPGameInput="*res://addons/bridge/game/input.gd"',
      ]
      const text = () => readFileSync(file, 'utf8')
      for (const line of ours) expect(text()).to.include(line) // written by install --enable (the harness)
      const run = async (code: string) =>
        (
          await call('editor.run_script', {
            code: `var G = load("res://addons/bridge/core/game_autoloads.gd")\n${code}`,
            allow_unsafe_editor_io: true,
          })
        ).result
      const before = text()
      expect(await run('return G.install()')).to.deep.equal([])
      expect(text()).to.equal(before)
      await run('ProjectSettings.set_setting("autoload/MCPGameInput", "*res://scripts/player.gd")')
      expect(await run('return G.uninstall()')).to.deep.equal(['MCPGameInspector'])
      expect(text()).to.not.include('MCPGameInspector')
      expect(text()).to.include('MCPGameInput="*res://scripts/player.gd"')
      await run('ProjectSettings.set_setting("autoload/MCPGameInput", null)')
      expect(await run('return G.install()')).to.deep.equal(['MCPGameInspector', 'MCPGameInput'])
      for (const line of ours) expect(text()).to.include(line)
    })

    it('plays the main scene headless and reports the game pid; the headless flag is never saved', async () => {
      const out = await fx.game.play()
      expect(out.pid).to.be.a('number').above(0)
      expect(pidAlive(out.pid)).to.equal(true)
      expect(out.display_server).to.equal('headless')
      expect(out.scene).to.equal('res://scenes/main.tscn')
      const state = await call('scene.is_playing')
      expect(state).to.include({playing: true, pid: out.pid, bridge_ready: true, paused_at_breakpoint: false})
      expect(readFileSync(join(fx.editor.root, 'project.godot'), 'utf8')).to.not.include('--headless')
    })

    it('reads the live scene tree of the game', async () => {
      const tree = await call('runtime.tree', {max_depth: 3})
      expect(tree.current_scene).to.equal('/root/Main')
      const main = tree.root.children.find((c: Json) => c.name === 'Main')
      expect(main.children.map((c: Json) => c.name)).to.include.members(['Player', 'Camera2D', 'Ground'])
      expect(tree.root.children.map((c: Json) => c.name)).to.include.members(['MCPGameInspector', 'MCPGameInput'])
      const player = main.children.find((c: Json) => c.name === 'Player')
      expect(player).to.include({type: 'CharacterBody2D', path: '/root/Main/Player', script: 'res://scripts/player.gd'})
    })

    it('answers a method no group index gives a game script with a clear error, and keeps answering', async () => {
      // the editor sends only declared methods (test/unit/group-index.test.ts): a stale addon is how one arrives
      // the game's own mailbox folder, as it sees it
      const mailbox = await call('runtime.eval', {code: 'return load("res://addons/bridge/game/ipc.gd").game_dir'})
      const box = mailbox.result as string
      const id = `e2e-unknown-${Date.now()}`
      writeFileSync(join(box, `tmp-${id}.json`), JSON.stringify({id, method: 'runtime.no_such', params: {}}))
      renameSync(join(box, `tmp-${id}.json`), join(box, `req-999999999-${id}.json`))
      const reply = join(box, `res-${id}.json`)
      for (const deadline = Date.now() + 10_000; !existsSync(reply) && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 50))
      const {error} = JSON.parse(readFileSync(reply, 'utf8')) as {error: {code: number; message: string}}
      rmSync(reply)
      expect(error).to.deep.equal({
        code: -32602,
        message: "the game does not know 'runtime.no_such'; the game and editor addons differ: restart the game",
      })
      expect((await call('runtime.status')).pid)
        .to.be.a('number')
        .above(0)
    })

    it('sets a property in the game and reads it back from the game; a value of the wrong type is refused', async () => {
      const set = await call('runtime.set', {node_path: 'Player', property: 'speed', value: 321})
      expect(set).to.deep.include({property: 'speed', value: 321, previous: 200})
      const back = await call('runtime.get', {node_path: '/root/Main/Player', properties: ['speed', 'health']})
      expect(back.values).to.deep.equal({speed: 321, health: 100})
      const bad = await fx.rpcError('runtime.set', {node_path: 'Player', property: 'speed', value: 'fast'})
      expect(bad.rpcCode).to.equal(-32602)
      expect(bad.message).to.include("'speed' expects")
      const missing = await fx.rpcError('runtime.get', {node_path: 'Player', properties: ['sped']})
      expect(missing.message).to.include("did you mean 'speed'")
      await call('runtime.set', {node_path: 'Player', property: 'speed', value: 200})
    })

    it('runtime.eval returns a computed value; a broken snippet returns its line and the game keeps running', async () => {
      const out = await call('runtime.eval', {
        code: 'emit(scene.name)\nvar p = scene.get_node("Player")\nreturn p.speed * 2 + 1',
      })
      expect(out).to.deep.include({emitted: ['Main'], result: 401})
      const broken = await fx.rpcError('runtime.eval', {code: 'var a = 1\nvar b = \nreturn a'})
      expect(broken.rpcCode).to.equal(-32602)
      expect(broken.message).to.match(/does not compile \(line 2: /)
      expect(broken.message).to.include('nothing ran')
      const after = await call('runtime.eval', {code: 'return 6 * 7'})
      expect(after.result).to.equal(42)
      expect((await call('scene.is_playing')).playing).to.equal(true)
    })

    it('calls a method in the game and awaits a signal it emits', async () => {
      const waiting = call('runtime.await_signal', {node_path: 'Player', signal: 'hit', timeout_ms: 5000})
      await sleep(200)
      const called = await call('runtime.call', {node_path: 'Player', method: 'take_damage', args: [7]})
      expect(called.result).to.equal(93)
      const got = await waiting
      expect(got).to.deep.include({signal: 'hit', args: [7]})
      const late = await fx.rpcError('runtime.await_signal', {
        node_path: 'Player',
        signal: 'hit',
        timeout_ms: 200,
      })
      expect(late.rpcCode).to.equal(-32006)
      expect(late.message).to.include("did not emit 'hit' within 200 ms")
    })

    it('answers runtime calls from two clients at once, each with its own reply', async () => {
      const other = await EngineClient.connect({projectRoot: fx.editor.root})
      try {
        const calls = []
        for (let i = 0; i < 10; i++) {
          calls.push(fx.editor.client.call<Json>('runtime.eval', {code: `return ${i} * 10`}))
          calls.push(other.call<Json>('runtime.eval', {code: `return ${i} * 10 + 1`}))
          calls.push(other.call<Json>('runtime.get', {node_path: 'Player', properties: ['health']}))
        }
        const out = await Promise.all(calls)
        for (let i = 0; i < 10; i++) {
          expect(out[i * 3].result).to.equal(i * 10)
          expect(out[i * 3 + 1].result).to.equal(i * 10 + 1)
          expect(out[i * 3 + 2].values.health).to.equal(93)
        }
        expect((await other.call<Json>('scene.current')).path).to.equal('res://scenes/main.tscn') // the editor stays responsive
      } finally {
        other.close()
      }
    })

    // how fast: bench/game.ts ('runtime.eval "return 1 + 1"', p50 and p95 beside the transport's floor)
    it('answers 50 runtime.eval round trips in a row, each with its own result', async () => {
      for (let i = 0; i < 50; i++)
        expect((await call('runtime.eval', {code: `return ${i} * 2`})).result).to.equal(i * 2)
    })

    it('finds, describes, watches and waits on live nodes; monitors, errors, time scale and mouse motion', async () => {
      const found = await call('runtime.find', {group: 'players'})
      expect(found.nodes).to.deep.equal([{name: 'Player', type: 'CharacterBody2D', path: '/root/Main/Player'}])
      expect((await call('runtime.find', {name: 'cam*', type: 'Camera2D'})).count).to.equal(1)
      const described = await call('runtime.describe', {node_path: 'Player'})
      expect(described.script_methods).to.include('take_damage')
      expect(described.script_signals).to.include('hit')
      expect(described.properties.find((p: Json) => p.name === 'speed')).to.deep.include({type: 'float', value: 200})
      await call('runtime.set', {node_path: 'Player', property: 'position', value: [10, 180]})
      await call('input.action', {action: 'move_right', pressed: true})
      const watched = await call('runtime.watch', {
        node_path: 'Player',
        properties: ['position:x'],
        samples: 4,
        interval_frames: 3,
        in_physics: true,
      })
      const xs = watched.samples.map((r: Json) => r.values['position:x'])
      expect(xs[3]).to.be.above(xs[0])
      expect(watched.samples[3].physics_frame - watched.samples[0].physics_frame).to.equal(9)
      const waited = await call('runtime.wait_until', {
        condition: 'scene.get_node("Player").position.x > 60',
        timeout_ms: 5000,
      })
      expect(waited.value).to.equal(true)
      await call('input.release_all')
      const never = await fx.rpcError('runtime.wait_until', {condition: 'false', timeout_ms: 100})
      expect(never.rpcCode).to.equal(-32006)
      const spawn = call('runtime.wait_for_node', {node_path: 'Late', timeout_ms: 5000})
      await call('runtime.eval', {code: 'var n = Node.new()\nn.name = "Late"\nscene.call_deferred("add_child", n)'})
      expect((await spawn).node).to.equal('/root/Main/Late')
      const monitors = (await call('runtime.monitors', {names: ['fps', 'nodes']})).monitors
      expect(monitors.nodes).to.be.above(5)
      const seq = (await call('runtime.errors', {limit: 1})).next_seq
      await call('runtime.eval', {code: 'push_error("bridge e2e marker")'})
      const errors = await call('runtime.errors', {since: seq})
      expect(errors.entries.map((e: Json) => e.message)).to.include('bridge e2e marker')
      expect(await call('runtime.time_scale', {scale: 0.5})).to.deep.include({
        time_scale: 0.5,
        previous: 1,
        undoable: false,
      })
      expect((await call('runtime.status')).time_scale).to.equal(0.5)
      await call('runtime.time_scale', {scale: 1})
      const moved = await call('input.mouse_motion', {x: 200, y: 100, steps: 3})
      expect(moved.delivered).to.have.length(3)
      expect(moved.delivered[2]).to.equal('mouse move to (200, 100)')
      expect(moved.frames).to.be.at.least(2)
      expect(moved.mouse_position).to.deep.equal([200, 100])
      expect((await call('runtime.eval', {code: 'return root.get_mouse_position()'})).result).to.deep.equal([200, 100])
    })

    it('says the game is paused at a breakpoint instead of timing out', async () => {
      // at once: not after runtime.eval's own timeout
      const error = await deadline(
        fx.rpcError('runtime.eval', {code: 'breakpoint\nreturn 1'}),
        8000,
        'eval at a breakpoint',
      )
      expect(error.message).to.include('paused at a breakpoint')
      const again = await fx.rpcError('runtime.status')
      expect(again.message).to.include('paused at a breakpoint')
      expect((await call('scene.is_playing')).paused_at_breakpoint).to.equal(true)
      await fx.game.stop()
    })

    it('gives the "stopped" error within a second when the game is killed mid-call', async () => {
      const {pid} = await fx.game.play()
      const pending = fx.rpcError('runtime.wait_for_node', {node_path: 'Nope', timeout_ms: 20_000})
      await sleep(300)
      process.kill(pid, 'SIGKILL')
      // when the game dies, not when the 20 s wait runs out
      const error = await deadline(pending, 10_000, 'wait_for_node of a killed game')
      expect(error.rpcCode).to.equal(NOT_RUNNING)
      expect(error.message).to.include('the game stopped')
      expect(error.message).to.include('scene.play')
      await fx.game.stop()
    })

    it('says why a game exited right after starting: the last lines it printed (a window game with no display)', async () => {
      const error = await fx.rpcError('scene.play', {display: 'window'})
      expect(error.message).to.include('exited right after starting')
      expect(error.message).to.include('Unable to create DisplayServer') // the game's own words, from its log
      expect(error.message).to.include('needs a display')
      const data = error.rpcData as Json
      expect(data.last_lines.join('\n')).to.include('Unable to create DisplayServer')
      expect(data).to.have.property('exit_code') // null: the editor keeps no exit code of its game (see game_exit.gd)
      expect((await call('scene.is_playing')).playing).to.equal(false)
    })

    it('stops the game: no game process is left', async () => {
      const {pid} = await fx.game.play()
      const stopped = await call('scene.stop')
      expect(stopped).to.include({stopped: true, pid})
      expect(pidAlive(pid)).to.equal(false)
      expect((await call('scene.is_playing')).playing).to.equal(false)
      expect(childPids(fx.editor.pid).filter(pidAlive)).to.deep.equal([])
      const error = await fx.rpcError('runtime.status')
      expect(error.rpcCode).to.equal(NOT_RUNNING)
    })
  })
})
