// A smoke test of one scene against the project's running editor: play it, drive a short input script,
// capture frames, collect the game's runtime errors, always stop the game, and return a report that says
// what broke. Used by `bridge qa smoke` and the `qa_smoke` MCP tool; it talks to the editor only through a
// `call(method, params, timeoutMs)` function (EngineClient.call or an MCP tool context's call).

/** @typedef {(method: string, params?: Record<string, unknown>, timeoutMs?: number) => Promise<any>} Call */

/**
 * @typedef {object} SmokeOptions
 * @property {string} scene res:// scene file, or main / current
 * @property {object[]} [input] input.sequence events ({type: action|key|mouse_button|mouse_motion|text|wait, ...})
 * @property {number} [frames] frames to capture (0: none); needs a game with a renderer
 * @property {number} [intervalFrames] drawn frames between captures
 * @property {'auto'|'headless'|'window'} [display] how scene.play runs the game
 * @property {number} [settleMs] how long the game runs after the input before errors are read
 * @property {boolean} [failOnWarnings] count warnings as problems
 */

/**
 * @typedef {object} SmokeReport
 * @property {boolean} ok no problem found
 * @property {string} scene
 * @property {string[]} problems one line each, what broke
 * @property {{pid: number, display_server: string, renders: boolean} | null} game
 * @property {{events: number, delivered: string[]}} input
 * @property {{count: number, skipped?: string, items: {index: number, width: number, height: number, warning?: string, image_base64?: string}[]}} frames
 * @property {{type: string, message: string, where: string}[]} errors
 * @property {{type: string, message: string, where: string}[]} warnings
 * @property {{reason: string, where: string, stack: string[]} | null} stopped_at script error that paused the game
 * @property {number} duration_ms
 */

export const DEFAULTS = {frames: 3, intervalFrames: 10, display: 'auto', settleMs: 500, failOnWarnings: false}
const ERROR_TYPES = new Set(['error', 'script', 'shader'])

/**
 * Runs the smoke test. Never throws for what the game does (that goes into the report); throws only when the
 * editor cannot be reached at all.
 * @param {Call} call
 * @param {SmokeOptions} options
 * @returns {Promise<SmokeReport>}
 */
export async function runSmoke(call, options) {
  const o = {...DEFAULTS, ...options}
  const started = Date.now()
  /** @type {SmokeReport} */
  const report = {
    ok: false,
    scene: o.scene,
    problems: [],
    game: null,
    input: {events: (o.input ?? []).length, delivered: []},
    frames: {count: 0, items: []},
    errors: [],
    warnings: [],
    stopped_at: null,
    duration_ms: 0,
  }
  try {
    // the editor starts following its debugger on the first debug.* call: from then on it records why a
    // script error pauses the game (the reason in stopped_at); without a game this call just says so
    await call('debug.state', {scopes: []}, 15_000).catch(() => {})
    const play = await call('scene.play', {scene: o.scene, display: o.display}, 140_000).catch((error) => {
      report.problems.push(`the game did not start: ${error.message}`)
      return undefined
    })
    if (!play) return report
    report.game = {pid: play.pid, display_server: play.display_server, renders: play.renders}
    if (o.input?.length && (await alive(call, report, 'before the input'))) {
      await call('input.sequence', {events: o.input, frame_delay: 1}, 130_000).then(
        (r) => (report.input.delivered = r.delivered ?? []),
        (error) => report.problems.push(`the input script failed: ${error.message}`),
      )
    }
    if (o.frames > 0 && (await alive(call, report, 'before the frames'))) await captureFrames(call, report, o)
    await new Promise((r) => setTimeout(r, o.settleMs))
    if (await alive(call, report, 'at the end')) await collectErrors(call, report)
    for (const e of report.errors)
      report.problems.push(
        `${e.type === 'error' ? 'error' : `${e.type} error`}: ${e.message}${e.where ? ` (${e.where})` : ''}`,
      )
    if (o.failOnWarnings)
      for (const w of report.warnings) report.problems.push(`warning: ${w.message}${w.where ? ` (${w.where})` : ''}`)
  } finally {
    await call('scene.stop', {}, 15_000).catch(() => {})
    report.ok = report.problems.length === 0
    report.duration_ms = Date.now() - started
  }
  return report
}

/**
 * Whether the game still runs freely. A game paused in the debugger stopped on a script error (or a
 * breakpoint): that is recorded with its stack; a game that is gone crashed or quit.
 * @param {Call} call
 * @param {SmokeReport} report
 * @param {string} when
 */
async function alive(call, report, when) {
  if (report.stopped_at || report.problems.some((p) => p.startsWith('the game exited'))) return false
  const state = await call('scene.is_playing', {}, 15_000)
  if (!state.playing) {
    report.problems.push(`the game exited ${when} (crashed or quit); editor.errors may say why`)
    return false
  }
  if (!state.paused_at_breakpoint) return true
  const dbg = await call('debug.state', {scopes: []}, 15_000).catch(() => ({}))
  const stack = (dbg.stack ?? []).map((f) => `${f.function ?? '?'} at ${f.file ?? '?'}:${f.line ?? '?'}`)
  const top = (dbg.stack ?? [])[0]
  report.stopped_at = {
    reason: dbg.reason || 'paused in the debugger (no reason given)',
    where: top ? `${top.file}:${top.line}` : '',
    stack,
  }
  report.problems.push(
    `the game stopped on a script error ${when}: ${report.stopped_at.reason}${top ? ` (${top.file}:${top.line})` : ''}`,
  )
  return false
}

/** @param {Call} call @param {SmokeReport} report @param {typeof DEFAULTS & SmokeOptions} o */
async function captureFrames(call, report, o) {
  if (!report.game?.renders) {
    report.frames.skipped =
      'the game runs headless (no renderer), so there are no frames; run the editor under a display (e.g. Xvfb) and pass --display window'
    return
  }
  try {
    const out = await call(
      'runtime.capture_frames',
      {count: o.frames, interval_frames: o.intervalFrames, scale: 0.5},
      120_000,
    )
    report.frames.count = out.count
    report.frames.items = out.frames.map((f, index) => ({
      index,
      width: f.width,
      height: f.height,
      ...(f.warning ? {warning: f.warning} : {}),
      image_base64: f.image_base64,
    }))
    for (const f of report.frames.items)
      if (f.warning) report.warnings.push({type: 'frame', message: `frame ${f.index}: ${f.warning}`, where: ''})
  } catch (error) {
    report.problems.push(`capturing frames failed: ${error.message}`)
  }
}

/** @param {Call} call @param {SmokeReport} report */
async function collectErrors(call, report) {
  const {entries} = await call('runtime.errors', {since: 0, limit: 1000}, 15_000)
  for (const e of entries) {
    const file = e.script_file || e.file || ''
    const line = e.script_file ? e.script_line : e.line
    const item = {type: e.type, message: e.message, where: file ? `${file}:${line}` : ''}
    if (ERROR_TYPES.has(e.type)) report.errors.push(item)
    else if (e.type === 'warning') report.warnings.push(item)
  }
}
