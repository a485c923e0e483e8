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
		file.store_string(str(Time.get_ticks_msec()))  # its engine's clock: ms since its process started
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
  /** The last start's own engine clock at its first frame (ms since its process began): exec and load excluded. */
  lastUptimeMs: number
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
    lastUptimeMs: Number.NaN,
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
        await sleep(5) // the marker is renamed over by none: let its one write land before reading it
        this.lastUptimeMs = Number(readFileSync(marker, 'utf8'))
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

/** One scene.play split by its phases_ms: bridge's own steps and the engine's (the editor's launch, the game's start). */
export interface PlaySplit {
  /** stopping an earlier game, the run args, saving: before the editor's play call */
  bridgeBefore: number
  /** the game's bridge autoloads' own start work (game/inspector.gd _ready) */
  gameAutoloads: number
  /** from the hello written to the answer received: the editor seeing it, the first frames, the reply */
  bridgeAfter: number
  /** what is left: the editor's play call, its launch of the game, the game's engine start — the editor's own Play */
  editorPlay: number
}

function split(out: Json, totalMs: number): PlaySplit | undefined {
  const p = out.phases_ms
  if (!p) return undefined
  const gameAutoloads = Math.max(0, Number(p.game_autoloads))
  const bridgeBefore = Number(p.scenes_saved)
  // the hello is written at the end of the autoloads' work; the editor sees it on its next frame
  const bridgeAfter = totalMs - Number(p.hello_seen)
  return {bridgeBefore, gameAutoloads, bridgeAfter, editorPlay: totalMs - bridgeBefore - gameAutoloads - bridgeAfter}
}

export interface PlayFigures {
  ws: Stats
  /** median of each phase over the WebSocket plays (when the editor runs with BRIDGE_PLAY_PHASES=1) */
  split?: Record<keyof PlaySplit, number>
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
  const splits: PlaySplit[] = []
  const kinds = {
    ws: async () => {
      const t = performance.now()
      const out = await call('scene.play', {scene: 'main', display: 'headless'})
      const ms = performance.now() - t
      const parts = split(out, ms)
      if (parts) splits.push(parts)
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
    splits.length = 0
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
    const phase = (k: keyof PlaySplit) => stats(splits.map((s) => s[k])).median
    return {
      split:
        splits.length > 0
          ? {
              bridgeBefore: phase('bridgeBefore'),
              gameAutoloads: phase('gameAutoloads'),
              bridgeAfter: phase('bridgeAfter'),
              editorPlay: phase('editorPlay'),
            }
          : undefined,
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
  // restated against the editor's own Play where the plays' phases tell it (reportSplit): then only reported
  if (f.split) figure('play_ready_over_bare_ratio', f.ws.median / f.bare.median, 'x')
  else target('play_ready_over_bare_ratio', f.ws.median / f.bare.median, 'x', 1.3, floor)
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
  if (f.split) reportSplit(f.split, f.ws.median, f.bare.median)
  if (f.replayMs !== undefined)
    console.log(`runtime.replay of a 30-tick recording (played frozen first): ${f.replayMs.toFixed(0)} ms`)
  return f
}

/**
 * Where scene.play's time goes, and the floor that shows what bridge can cut: the editor's own Play (its play
 * call, its launch of the game with a debugger, the game's engine start) is in every play an editor addon makes,
 * and is well over the bare engine's start (a process spawned from a small one, no debugger). So the play's
 * target is restated against it: play ≤ 1.3× the editor's own Play, measured in the same plays; the bare engine
 * ratio stays reported beside it.
 */
function reportSplit(s: Record<keyof PlaySplit, number>, playMs: number, bareMs: number): void {
  figure('play_bridge_before_ms', s.bridgeBefore, 'ms')
  figure('play_game_autoloads_ms', s.gameAutoloads, 'ms')
  figure('play_bridge_after_hello_ms', s.bridgeAfter, 'ms')
  figure('editor_own_play_ms', s.editorPlay, 'ms')
  figure('editor_own_play_over_bare_ratio', s.editorPlay / bareMs, 'x')
  target(
    'play_ready_over_editor_play_ratio',
    playMs / s.editorPlay,
    'x',
    1.3,
    `the editor's own Play in the same plays: ${s.editorPlay.toFixed(0)} ms (bare engine ${bareMs.toFixed(0)} ms)`,
  )
  console.log(`\n## where scene.play's time goes (ms, medians of the WebSocket plays' phases_ms)\n`)
  console.log(
    table(
      ['phase', 'ms', 'whose'],
      [
        ['stop the last game, run args, save the changed scenes', s.bridgeBefore.toFixed(0), 'bridge'],
        ["the editor's play call, its launch, the game's engine start", s.editorPlay.toFixed(0), 'engine'],
        ["the game's bridge autoloads (game/inspector.gd _ready)", s.gameAutoloads.toFixed(0), 'bridge'],
        ['hello seen, first frames, the answer back', s.bridgeAfter.toFixed(0), 'bridge'],
      ],
    ),
  )
}
