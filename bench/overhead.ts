// What the addon costs an editor that nobody drives, against the same editor without it (bench/editors.ts
// starts both on fresh copies of examples/demo, each with the probe plugin that marks the first frame).
//
// Start-up: "with" is spawn → the first engine.version reply over the WebSocket (what a client waits for);
// "without" is spawn → the probe's marker on the plain editor's first frame (the earliest moment a plain
// editor can do anything). addon_startup_overhead_ms = median(with) − median(without): the time the addon
// adds before an editor can be driven, its own load and its server start included, on a project opened
// before (the copy started once, stopped, started again: its .godot cache in place, the everyday start);
// addon_startup_first_open_overhead_ms is the same on the first open of a fresh copy (import and script
// class scan of the addon's files included). The first open is left to finish its first scan before it is
// stopped, as a user's editor would: stopped earlier, it writes no file system cache, and the "reopened" start
// would scan and parse every script again. The probe's marker in the addon editor is printed too (how much
// later the addon editor's first frame comes). Runs alternate which kind starts first.
//
// Idle CPU: one editor of each kind started together, left to settle (10 s after both are up, then until a
// one-second sample of each is calm, at most 15 s more), then read from /proc over the same window at the same
// time, so the machine's load is the same for both.
import {readDiscovery} from '../src/editor/discovery.js'
import {prepareDeclarationCache} from '../test/support/editor.js'
import {type BenchEditor, startBenchEditor} from './editors.js'
import {figure, median, note, sleep, table, target} from './report.js'
import {cpuPercent} from './startup.js'

export interface StartSamples {
  /** spawn → first engine.version reply, addon editor */
  withMs: number[]
  /**
   * The addon editor's own start steps, ms from spawn (BRIDGE_START_PHASES: core/start_phases.gd), with the first
   * reply as `first_reply`: the addon's own span, from its plugin's _enter_tree, read off one process's clock
   */
  phases: Record<string, number>[]
  /** spawn → probe marker (first frame), addon editor */
  withProbeMs: number[]
  /** spawn → probe marker (first frame), plain editor */
  withoutMs: number[]
}

/** Start-up samples: `first` on fresh copies (first open), `again` on the same copies reopened. */
export async function addonStartup(runs: number): Promise<{first: StartSamples; again: StartSamples}> {
  const first: StartSamples = {withMs: [], phases: [], withProbeMs: [], withoutMs: []}
  const again: StartSamples = {withMs: [], phases: [], withProbeMs: [], withoutMs: []}
  // an installed addon carries its declaration cache (bridge install, pack:addon): so do the bench's copies
  await prepareDeclarationCache()
  const measure = async (addon: boolean) => {
    const editor = startBenchEditor({addon, env: {BRIDGE_START_PHASES: '1'}})
    try {
      for (const into of [first, again]) {
        if (into === again) {
          // the everyday reopen is of a project whose editor finished opening it: stopped before its first scan
          // was over, the editor writes no file system cache, and the next start scans and parses every script
          // again (a second first open, for the addon's ~230 scripts far more than for the demo's few)
          await editor.waitSettled()
          await editor.stop({keepDir: true})
          editor.restart()
        }
        if (addon) {
          const reply = await editor.waitFirstReply()
          into.withMs.push(reply)
          into.phases.push({...startPhases(editor), first_reply: reply})
          into.withProbeMs.push(await editor.waitProbe())
        } else into.withoutMs.push(await editor.waitProbe())
      }
    } finally {
      await editor.stop()
    }
  }
  for (let i = 0; i < runs; i++) {
    note(`addon start-up, run ${i + 1} of ${runs}…`)
    for (const addon of i % 2 === 0 ? [true, false] : [false, true]) await measure(addon)
  }
  return {first, again}
}

/** The discovery file's start_phases_ms, as ms from the editor's spawn. */
function startPhases(editor: BenchEditor): Record<string, number> {
  const info = readDiscovery(editor.root) as {start_phases_ms?: Record<string, number>; engine_start_unix_ms?: number}
  const engineStart = Number(info?.engine_start_unix_ms) - editor.spawnedAt
  return Object.fromEntries(Object.entries(info?.start_phases_ms ?? {}).map(([k, v]) => [k, engineStart + Number(v)]))
}

export interface IdlePair {
  withPct: number
  withoutPct: number
  settledMs: number
}

/** Both kinds of editor idle side by side over one window of `windowMs`. */
export async function idleWithWithout(windowMs: number): Promise<IdlePair> {
  const editors: BenchEditor[] = []
  await prepareDeclarationCache()
  try {
    const a = startBenchEditor({addon: true})
    editors.push(a)
    const b = startBenchEditor({addon: false})
    editors.push(b)
    await a.waitFirstReply() // its client is closed again: no client connected while measured
    await b.waitProbe()
    const t0 = performance.now()
    await sleep(10_000)
    for (let i = 0; i < 15; i++) {
      const [ca, cb] = await Promise.all([cpuPercent(a.pid, 1000), cpuPercent(b.pid, 1000)])
      if (ca < 25 && cb < 25) break
    }
    const settledMs = performance.now() - t0
    const [withPct, withoutPct] = await Promise.all([cpuPercent(a.pid, windowMs), cpuPercent(b.pid, windowMs)])
    return {withPct, withoutPct, settledMs}
  } finally {
    for (const editor of editors) await editor.stop()
  }
}

/** The addon-against-no-addon section of the report: figures and printed lines. */
export async function reportOverhead(runs: number, windowMs: number): Promise<void> {
  const printStarts = await reportAddonStartup(runs)
  note('idle CPU with and without the addon, side by side…')
  const pair = await idleWithWithout(windowMs)
  figure('editor_idle_cpu_pct_with_addon_fresh', pair.withPct, '% of a core')
  figure('editor_idle_cpu_pct_without_addon', pair.withoutPct, '% of a core')
  target(
    'editor_idle_cpu_pct_over_without_addon',
    pair.withPct - pair.withoutPct,
    'points',
    2,
    `plain editor idle: ${pair.withoutPct.toFixed(1)} % of a core`,
  )
  printStarts()
  console.log(
    `idle, no client, side by side over ${windowMs / 1000} s (settled ${(pair.settledMs / 1000).toFixed(0)} s): with the addon ${pair.withPct.toFixed(1)} %, without ${pair.withoutPct.toFixed(1)} % of a core (${(pair.withPct - pair.withoutPct).toFixed(1)} points)`,
  )
}

/**
 * The start-up half alone (also `BENCH_ONLY=addon-startup npm run bench`): records the figures and returns
 * the function that prints their table.
 */
export async function reportAddonStartup(runs: number): Promise<() => void> {
  const {first, again} = await addonStartup(runs)
  const withMs = median(again.withMs)
  const withoutMs = median(again.withoutMs)
  figure('addon_startup_with_ms', withMs, 'ms')
  figure('addon_startup_without_ms', withoutMs, 'ms')
  // each round's two starts ran back to back (bench/overhead.ts's addonStartup): the median of the rounds'
  // differences follows the machine's moments, where a difference of two medians mixes rounds; the spread
  // (lowest–highest round) tells a real change from noise
  const overheads = roundOverheads(again)
  target(
    'addon_startup_overhead_ms',
    median(overheads),
    'ms',
    150,
    `plain editor: first frame at ${withoutMs.toFixed(0)} ms`,
  )
  figure('addon_startup_overhead_spread_ms', Math.max(...overheads) - Math.min(...overheads), 'ms')
  const firstOverhead = median(roundOverheads(first))
  figure('addon_startup_first_open_overhead_ms', firstOverhead, 'ms')
  // The overhead is the difference of two editor starts of ~2.5 s each, whose own spread is as large as it: the
  // addon's own span, from its plugin's _enter_tree to the first reply on one editor's clock, moves with bridge's
  // work alone (the plain editor's plugins start at about the same point: the rest of the overhead is before it)
  const own = spansOf(again.phases, 'plugin_enter_tree', 'first_reply')
  const steps = OWN_STEPS.map(([name, from, to]) => [name, median(spansOf(again.phases, from, to))] as const)
  if (own.length > 0) {
    figure('addon_startup_own_ms', median(own), 'ms')
    figure('addon_startup_own_spread_ms', Math.max(...own) - Math.min(...own), 'ms')
    for (const [name, ms] of steps) if (Number.isFinite(ms)) figure(`addon_startup_${name}_ms`, ms, 'ms')
  }
  return () => {
    const rows: (string | number)[][] = []
    for (const [label, s] of [
      ['reopened', again],
      ['first open', first],
    ] as const) {
      const list = (xs: number[]) => `${median(xs).toFixed(0)} (${xs.map((x) => x.toFixed(0)).join(', ')})`
      const rounds = roundOverheads(s)
      const overhead = `${median(rounds).toFixed(0)} (${rounds.map((x) => x.toFixed(0)).join(', ')})`
      rows.push([label, list(s.withMs), list(s.withProbeMs), list(s.withoutMs), overhead])
    }
    console.log(
      `\n## the addon against a plain editor (copies of examples/demo, ${runs} runs each; ms, median (runs))\n`,
    )
    console.log(
      table(
        ['start', 'addon: spawn → first reply', 'addon: spawn → first frame', 'plain: spawn → first frame', 'overhead'],
        rows,
      ),
    )
    if (own.length > 0)
      console.log(
        `\nthe addon's own span (reopened; its plugin's _enter_tree → first reply, one clock): ${median(own).toFixed(0)} ms (${own.map((x) => x.toFixed(0)).join(', ')}): ${steps.map(([name, ms]) => `${name} ${Number.isFinite(ms) ? ms.toFixed(0) : '-'}`).join(', ')}`,
      )
  }
}

/** The addon's own start, step by step: [figure, from phase, to phase] (core/start_phases.gd's marks). */
const OWN_STEPS: [string, string, string][] = [
  ['compile', 'plugin_enter_tree', 'server_ready_begin'], // the server's preload closure compiled
  ['groups', 'server_ready_begin', 'groups_registered'], // the declaration cache read, the commands registered
  ['transports', 'groups_registered', 'transports_bound'], // both transports loaded and bound
  ['first_call', 'transports_bound', 'first_reply'], // the discovery file, the first frame, engine.version answered
]

/** Each start's span between two of its phases (a start that lacks either is left out). */
function spansOf(phases: Record<string, number>[], from: string, to: string): number[] {
  return phases.map((p) => p[to] - p[from]).filter(Number.isFinite)
}

/** Each round's addon start minus the plain start of the same round. */
function roundOverheads(s: StartSamples): number[] {
  return s.withMs.map((withMs, i) => withMs - s.withoutMs[i])
}
