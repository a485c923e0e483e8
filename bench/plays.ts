// What an agent waits on when it plays (issue 50): `scene.play` from the call to the game's bridge answering,
// over the WebSocket and as a CLI one-shot, beside its floor — the bare engine starting the same scene of the
// same project copy (no addon, no autoloads of bridge's; a one-line probe autoload writes a marker file on the
// game's first frame). Rounds are interleaved (bridge, bare, CLI; the order turns each round) so all three see
// the same moments of a shared machine. Then debug.restart and a short runtime.replay, timed whole.
import {spawn} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {findGodot} from '../src/editor/godot.js'
import {type TestEditor, waitForExit, xdgDirs} from '../test/support/editor.js'
import {figure, note, sleep, table, target} from './report.js'
import {type Stats, stats, timeProcess} from './startup.js'

type Json = Record<string, any>

const READY_PROBE = `extends Node
## bench: writes the file named by BENCH_READY_MARKER on the game's first frame (the bare engine's "ready").


func _process(_delta: float) -> void:
	var file := FileAccess.open(OS.get_environment("BENCH_READY_MARKER"), FileAccess.WRITE)
	if file:
		file.store_string("up")
		file.close()
	set_process(false)
`

/** project.godot without bridge's game autoloads, with the probe autoload instead. */
export function withReadyProbe(projectGodot: string): string {
  const lines = projectGodot.split('\n').filter((line) => !/^MCPGame(Inspector|Input)=/.test(line))
  const probe = 'BenchReady="*res://bench_ready.gd"'
  const at = lines.indexOf('[autoload]')
  if (at >= 0) lines.splice(at + 1, 0, '', probe)
  else lines.push('', '[autoload]', '', probe, '')
  return lines.join('\n')
}

/** The bare engine on a copy of the editor's project: spawn → first frame of the main scene, ms. */
export interface BareGame {
  start(): Promise<number>
  dispose(): void
}

export function bareGame(projectRoot: string): BareGame {
  const base = mkdtempSync(join(tmpdir(), 'bridge-bench-bare-'))
  const root = join(base, 'project')
  // the editor's copy, imported (.godot) as the game the editor plays reads it
  cpSync(projectRoot, root, {recursive: true, filter: (src) => !/[/\\]\.engine$/.test(src)})
  writeFileSync(join(root, 'bench_ready.gd'), READY_PROBE)
  const projectFile = join(root, 'project.godot')
  writeFileSync(projectFile, withReadyProbe(readFileSync(projectFile, 'utf8')))
  const home = join(base, 'home')
  mkdirSync(home, {recursive: true})
  const marker = join(base, 'ready-marker')
  const env = {
    ...process.env,
    ...xdgDirs(home),
    BENCH_READY_MARKER: marker,
  }
  const godot = findGodot()
  return {
    async start() {
      rmSync(marker, {force: true})
      const spawnedAt = performance.timeOrigin + performance.now()
      const child = spawn(godot, ['--headless', '--audio-driver', 'Dummy', '--path', root], {
        env,
        stdio: 'ignore',
        detached: true,
      })
      const pid = child.pid!
      try {
        const end = Date.now() + 60_000
        while (!existsSync(marker)) {
          if (child.exitCode !== null)
            throw new Error(`the bare game exited (${child.exitCode}) before its first frame`)
          if (Date.now() > end) throw new Error('the bare game showed no first frame within 60 s')
          await sleep(5)
        }
        return statSync(marker).mtimeMs - spawnedAt
      } finally {
        for (const target of [-pid, pid]) {
          try {
            process.kill(target, 'SIGKILL')
          } catch {
            // gone
          }
        }
        await waitForExit(pid, 5000)
      }
    },
    dispose() {
      rmSync(base, {recursive: true, force: true})
    },
  }
}

/** scene.stop, and the game's pid gone (a game runs in its own session: killed by pid if it lingers). */
async function stopGame(call: (m: string, p?: Json) => Promise<Json>, pid: number | undefined): Promise<void> {
  await call('scene.stop').catch(() => {})
  if (pid && !(await waitForExit(pid, 5000))) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone
    }
    await waitForExit(pid, 3000)
  }
}

export interface PlayFigures {
  ws: Stats
  cli: Stats
  bare: Stats
  restart: Stats
  replayMs?: number
}

/** `rounds` interleaved rounds of the three plays, then debug.restart `rounds` times and one replay. */
export async function playFigures(editor: TestEditor, bin: string, rounds: number): Promise<PlayFigures> {
  const call = (method: string, params: Json = {}) => editor.client.call<Json>(method, params, 130_000)
  const bare = bareGame(editor.root)
  const samples = {ws: [] as number[], cli: [] as number[], bare: [] as number[], restart: [] as number[]}
  const kinds = {
    ws: async () => {
      const t = performance.now()
      const out = await call('scene.play', {scene: 'main', display: 'headless'})
      const ms = performance.now() - t
      await stopGame(call, out.pid)
      return ms
    },
    cli: async () => {
      const params = JSON.stringify({scene: 'main', display: 'headless'})
      const ms = await timeProcess([bin, 'run', 'scene.play', '--params', params], {cwd: editor.root})
      const status = await call('runtime.status').catch(() => ({}) as Json)
      await stopGame(call, status.pid)
      return ms
    },
    bare: () => bare.start(),
  }
  try {
    await kinds.ws() // warm: the first play saves the scene and fills the engine's caches
    await kinds.bare()
    const order = Object.keys(kinds) as (keyof typeof kinds)[]
    for (let i = 0; i < rounds; i++) {
      note(`plays, round ${i + 1} of ${rounds}…`)
      const turned = [...order.slice(i % order.length), ...order.slice(0, i % order.length)]
      for (const kind of turned) samples[kind].push(await kinds[kind]())
    }
    const first = await call('scene.play', {scene: 'main', display: 'headless'})
    let pid = first.pid
    for (let i = 0; i < rounds; i++) {
      const t = performance.now()
      const out = await call('debug.restart')
      samples.restart.push(performance.now() - t)
      pid = out.pid ?? pid
    }
    await stopGame(call, pid)
    return {
      ws: stats(samples.ws),
      cli: stats(samples.cli),
      bare: stats(samples.bare),
      restart: stats(samples.restart),
      replayMs: await replayMs(call),
    }
  } finally {
    bare.dispose()
  }
}

/** A 30-tick recording from a frozen start, replayed (played frozen again first): the whole call, ms. */
async function replayMs(call: (m: string, p?: Json) => Promise<Json>): Promise<number | undefined> {
  const path = 'user://runs/bench.jsonl'
  try {
    const game = await call('scene.play', {scene: 'main', display: 'headless', frozen: true})
    await call('runtime.record', {mode: 'start', path, watch: ['$Player.position']})
    await call('runtime.step', {frames: 30})
    await call('runtime.record', {mode: 'stop'})
    await stopGame(call, game.pid)
    const t = performance.now()
    const out = await call('runtime.replay', {path, play: true})
    const ms = performance.now() - t
    const status = await call('runtime.status').catch(() => ({}) as Json)
    await stopGame(call, status.pid ?? out.pid)
    return ms
  } catch (error) {
    note(`runtime.replay not measured: ${(error as Error).message.slice(0, 160)}`)
    return undefined
  }
}

/** Figures, targets and the printed table of the plays. */
export async function reportPlays(editor: TestEditor, bin: string, rounds: number): Promise<PlayFigures> {
  const f = await playFigures(editor, bin, rounds)
  const floor = `bare engine, same scene: ${f.bare.median.toFixed(0)} ms`
  figure('bare_game_ready_ms', f.bare.median, 'ms')
  figure('play_ready_ms', f.ws.median, 'ms')
  figure('play_ready_p95_ms', f.ws.p95, 'ms')
  target('play_ready_over_bare_ratio', f.ws.median / f.bare.median, 'x', 1.3, floor)
  figure('cli_play_ready_ms', f.cli.median, 'ms')
  figure('cli_play_over_bare_ratio', f.cli.median / f.bare.median, 'x')
  figure('debug_restart_ms', f.restart.median, 'ms')
  if (f.replayMs !== undefined) figure('runtime_replay_30_ticks_ms', f.replayMs, 'ms')
  const row = (label: string, s: Stats) => [
    label,
    s.median.toFixed(0),
    s.p95.toFixed(0),
    `${s.min.toFixed(0)}–${s.max.toFixed(0)}`,
    (s.median / f.bare.median).toFixed(2),
  ]
  console.log(`\n## plays (ms, ${rounds} interleaved rounds; × floor = median / the bare engine's median)\n`)
  console.log(
    table(
      ['play', 'median', 'p95', 'spread', '× floor'],
      [
        row('bare engine: spawn → first frame (floor)', f.bare),
        row('scene.play over the WebSocket → game ready', f.ws),
        row('bridge run scene.play (CLI one-shot, whole process)', f.cli),
        row('debug.restart (stop and play again)', f.restart),
      ],
    ),
  )
  if (f.replayMs !== undefined)
    console.log(`runtime.replay of a 30-tick recording (played frozen first): ${f.replayMs.toFixed(0)} ms`)
  return f
}
