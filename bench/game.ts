// The running game in `npm run bench`: the main editor plays the demo's main scene, headless, and a cheap
// runtime command (runtime.status: pid, scene, frame counters) is timed through the editor to the game and
// back; then, when the editor runs under the private Xvfb (test/support/xvfb.ts), the game is played again
// with a real renderer and runtime.capture_frames takes 640×360 frames. Every game is stopped: scene.stop,
// then SIGKILL by pid for any that is still alive (a game runs in its own process session).
import {pidAlive} from '../src/editor/discovery.js'
import {childPids, type TestEditor, waitForExit} from '../test/support/editor.js'
import {figure, latency, median, note, table, target} from './report.js'

type Json = Record<string, any>

export interface GameFigures {
  rows: string[][]
  /** ms per captured frame (round trip of the call / frames), undefined when no renderer was available. */
  capture?: {msPerFrame: number; inGameMsPerFrame: number; frames: number; size: string}
  /** runtime.step of STEP_TICKS ticks from a frozen start: median wall ms of the call, and inside the game. */
  stepping?: {wallMs: number; inGameMs: number}
  note?: string
}

export async function gameFigures(
  editor: TestEditor,
  options: {canRender: boolean; rounds: number},
): Promise<GameFigures> {
  const games = new Set<number>()
  const call = (method: string, params: Json = {}) => editor.client.call<Json>(method, params, 130_000)
  const notes: string[] = []
  // scene.play restarting a running game in place failed about one time in four here ("the game exited right
  // after starting"), so each game is stopped first (and gone) and a failed start is tried again, twice at most
  const play = async (display: string) => {
    for (let attempt = 1; ; attempt++) {
      await stopGames(call, games, editor.pid)
      try {
        const out = await call('scene.play', {display})
        games.add(out.pid)
        await waitForRuntime(call)
        return out
      } catch (error) {
        notes.push(`scene.play (${display}) attempt ${attempt} failed: ${(error as Error).message.slice(0, 120)}`)
        if (attempt === 3) throw error
      }
    }
  }
  try {
    await play('headless')
    const stepping = await steppingFigures(call)
    const rows = [
      await latency('runtime.status (headless game)', () => call('runtime.status'), options.rounds),
      await latency(
        'runtime.eval "return 1 + 1"',
        () => call('runtime.eval', {code: 'return 1 + 1'}),
        Math.min(50, options.rounds),
      ),
    ]
    if (!options.canRender)
      return {
        rows,
        stepping,
        note: [
          ...notes,
          'no Xvfb next to the Godot binary (scripts/install-godot.sh, GL variant): frame capture skipped',
        ].join('; '),
      }
    const shown = await play('window').catch((error: Error) => ({renders: false, display_server: error.message}))
    if (!shown.renders)
      return {
        rows,
        stepping,
        note: [...notes, `the game did not get a renderer (${shown.display_server}): frame capture skipped`].join('; '),
      }
    const frames = 5
    const wall: number[] = []
    const inGame: number[] = []
    let size = ''
    try {
      await call('runtime.capture_frames', {count: frames}) // warm up: the first capture sets up the readback
      for (let i = 0; i < 3; i++) {
        const t = performance.now()
        const out = await call('runtime.capture_frames', {count: frames})
        wall.push((performance.now() - t) / frames)
        inGame.push(Number(out.capture_usec) / 1000 / frames)
        size = `${out.frames[0].width}×${out.frames[0].height}`
      }
    } catch (error) {
      return {
        rows,
        stepping,
        note: [...notes, `runtime.capture_frames failed, capture skipped: ${(error as Error).message}`].join('; '),
      }
    }
    const capture = {msPerFrame: median(wall), inGameMsPerFrame: median(inGame), frames, size}
    return {rows, capture, stepping, note: notes.length > 0 ? notes.join('; ') : undefined}
  } finally {
    await stopGames(call, games, editor.pid)
  }
}

/** Ticks per stepping sample (10 s of game time at 60 ticks/s) and the wall time they should take at most. */
const STEP_TICKS = 600
const STEP_TARGET_MS = 1000

/**
 * The demo started frozen, then runtime.step of STEP_TICKS ticks, three times (the player walking right):
 * the median wall time of the call (editor → game → editor) and of the stepping inside the game.
 */
async function steppingFigures(
  call: (method: string, params?: Json) => Promise<Json>,
): Promise<GameFigures['stepping']> {
  await call('scene.play', {display: 'headless', frozen: true})
  await call('input.action', {action: 'move_right', pressed: true})
  const wall: number[] = []
  const inGame: number[] = []
  for (let i = 0; i < 3; i++) {
    const t = performance.now()
    const out = await call('runtime.step', {frames: STEP_TICKS})
    wall.push(performance.now() - t)
    inGame.push(Number(out.wall_ms))
    if (out.ticks !== STEP_TICKS) throw new Error(`runtime.step ran ${out.ticks} ticks, not ${STEP_TICKS}`)
  }
  return {wallMs: median(wall), inGameMs: median(inGame)}
}

/** scene.stop, then SIGKILL by pid every game started here (or child of the editor) still alive after 3 s. */
async function stopGames(
  call: (method: string) => Promise<Json>,
  games: Set<number>,
  editorPid: number,
): Promise<void> {
  await call('scene.stop').catch(() => {})
  for (const pid of [...games, ...childPids(editorPid)]) {
    if (pidAlive(pid) && !(await waitForExit(pid, 3000)))
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // gone in the meantime
      }
    games.delete(pid)
  }
}

/** scene.play waits for the game's bridge; this makes sure runtime commands answer before anything is timed. */
async function waitForRuntime(call: (method: string) => Promise<Json>): Promise<void> {
  const end = Date.now() + 30_000
  for (;;) {
    try {
      await call('runtime.status')
      return
    } catch (error) {
      if (Date.now() > end) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/** The running-game section of the report: figures and printed lines. */
export async function reportGame(editor: TestEditor, options: {canRender: boolean; rounds: number}): Promise<void> {
  note('the running game…')
  let game: GameFigures
  try {
    game = await gameFigures(editor, options)
  } catch (error) {
    console.log(`\nnote: the game did not start, runtime figures skipped: ${(error as Error).message}`)
    return
  }
  figure('runtime_rtt_p50_ms', Number(game.rows[0][2]), 'ms')
  figure('runtime_rtt_p99_ms', Number(game.rows[0][4]), 'ms')
  console.log(`\n## the running game (ms, editor → game → editor; ${options.rounds} calls, eval 50)\n`)
  console.log(table(['call', 'mean', 'p50', 'p95', 'p99'], game.rows))
  if (game.capture) {
    const c = game.capture
    figure('capture_ms_per_frame', c.msPerFrame, 'ms')
    console.log(
      `runtime.capture_frames, ${c.frames} frames at ${c.size}: ${c.msPerFrame.toFixed(1)} ms per frame round trip (median of 3), ${c.inGameMsPerFrame.toFixed(1)} ms per frame inside the game`,
    )
  }
  if (game.stepping) {
    const st = game.stepping
    const realMs = (STEP_TICKS / 60) * 1000
    target('step_600_ticks_ms', st.wallMs, 'ms', STEP_TARGET_MS, `real time ${realMs.toFixed(0)} ms`)
    console.log(
      `runtime.step ${STEP_TICKS} physics ticks of the demo (headless, frozen start): ${st.wallMs.toFixed(0)} ms round trip, ${st.inGameMs.toFixed(0)} ms inside the game (target ≤ ${STEP_TARGET_MS} ms; real time would be ${(STEP_TICKS / 60).toFixed(0)} s)`,
    )
  }
  if (game.note) console.log(`note: ${game.note}`)
}
