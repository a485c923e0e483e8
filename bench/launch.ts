// `bridge launch` → the first command answered (issue 50), beside its floor: a plain editor's first frame on the
// same kind of copy (examples/demo, reopened: each copy opened once and left to finish its first scan, as a
// user's project is). The launch side is the whole user path — `bridge launch --headless` until it returns, then
// a `bridge run engine.version` one-shot — on a copy with the addon; the plain side is bench/editors.ts's probe
// marker. Rounds alternate which starts first; every editor is stopped by pid (its process group).
import {existsSync, rmSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {launchingPid, readDiscovery} from '../src/editor/discovery.js'
import {freePorts, isolatedEnv, prepareDeclarationCache, waitForExit} from '../test/support/editor.js'
import {type BenchEditor, startBenchEditor} from './editors.js'
import {figure, figures, median, note, table, target} from './report.js'
import {type Stats, stats, timeProcess} from './startup.js'

function killGroup(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL')
    } catch {
      // gone
    }
  }
}

/** Ready to reopen: opened once, its first scan over, stopped with its copy kept. */
async function opened(addon: boolean): Promise<BenchEditor> {
  await prepareDeclarationCache() // as an installed addon, the copy carries its declaration cache
  const editor = startBenchEditor({addon})
  await editor.waitSettled()
  await editor.stop({keepDir: true})
  return editor
}

/**
 * Another build's CLI (BENCH_LAUNCH_BASE_BIN=/path/to/bin/run.js): its launches alternate with this build's and the
 * plain editor's in the same rounds, on the same copy, so a change to the CLI's waiting is measured as an A/B.
 */
const BASE_BIN = process.env.BENCH_LAUNCH_BASE_BIN

/** Where one launch's time went: ms from the launch command's spawn to each step (bench's wall clock). */
export type LaunchSplit = Record<string, number>

/** The editor's steps in the order they come (core/start_phases.gd), then the CLI's. */
const ENGINE_STEPS = [
  'plugin_enter_tree',
  'server_ready_begin',
  'groups_registered',
  'transports_bound',
  'discovery_written',
  'first_frame',
  'scan_ended',
  'ready_written',
]

/** One `bridge launch` + one-shot on the addon copy, then the launched editor stopped: ms to the answer. */
async function launchOnce(bin: string, copy: BenchEditor, splits: LaunchSplit[]): Promise<number> {
  const [lsp, dap, debug] = await freePorts(3)
  const marker = join(copy.root, '..', 'launch-probe-marker')
  rmSync(marker, {force: true})
  // the harness's isolation: own settings, user data and caches, own WebSocket and HTTP ports; the editor
  // writes where its start-up time went (BRIDGE_START_PHASES) and the probe marks its first frame
  const env = {
    ...process.env,
    ...(await isolatedEnv(join(copy.root, '..', 'home'))),
    BRIDGE_START_PHASES: '1',
    BENCH_PROBE_MARKER: marker,
  }
  const engineArgs = [
    '--',
    '--lsp-port',
    String(lsp),
    '--dap-port',
    String(dap),
    '--debug-server',
    `tcp://127.0.0.1:${debug}`,
  ]
  const wall0 = performance.timeOrigin + performance.now()
  const t = performance.now()
  try {
    await timeProcess([bin, 'launch', '--project', copy.root, '--headless', ...engineArgs], {env})
    const launched = performance.now() - t
    const found = readDiscovery(copy.root)
    await timeProcess([bin, 'run', 'engine.version', '--project', copy.root], {env})
    const answered = performance.now() - t
    splits.push(splitOf(found, wall0, marker, launched, answered))
    return answered
  } finally {
    const pid = readDiscovery(copy.root)?.pid ?? launchingPid(copy.root) ?? 0
    if (pid > 0) {
      killGroup(pid)
      await waitForExit(pid, 5000)
    }
    // a killed editor leaves its discovery file: the next launch would take it for an editor still starting
    rmSync(join(copy.root, '.engine'), {recursive: true, force: true})
  }
}

/** The launch's steps on the bench's clock, from the launch command's spawn. */
function splitOf(
  found: Record<string, unknown> | undefined,
  wall0: number,
  marker: string,
  launched: number,
  answered: number,
): LaunchSplit {
  const split: LaunchSplit = {}
  const engineStart = Number(found?.engine_start_unix_ms)
  const phases = (found?.start_phases_ms ?? {}) as Record<string, number>
  if (Number.isFinite(engineStart)) {
    split.engine_process_start = engineStart - wall0
    for (const step of ENGINE_STEPS) if (step in phases) split[step] = engineStart + phases[step] - wall0
  }
  if (existsSync(marker)) split.probe_first_frame = statSync(marker).mtimeMs - wall0
  split.launch_returned = launched
  split.one_shot_answered = answered
  return split
}

/** The median of each step over the launches, in the order of the first launch's steps by time. */
export function medianSplit(splits: LaunchSplit[]): [string, number][] {
  const names = new Set(splits.flatMap((s) => Object.keys(s)))
  const rows: [string, number][] = [...names].map((name) => [
    name,
    median(splits.map((s) => s[name]).filter((v) => v !== undefined)),
  ])
  return rows.sort((a, b) => a[1] - b[1])
}

export async function launchFigures(
  bin: string,
  rounds: number,
): Promise<{launch: Stats; plain: Stats; base?: Stats; splits: LaunchSplit[]}> {
  const withAddon = await opened(true)
  const plain = await opened(false)
  const samples = {launch: [] as number[], plain: [] as number[], base: [] as number[]}
  const splits: LaunchSplit[] = []
  const kinds = BASE_BIN ? (['launch', 'plain', 'base'] as const) : (['launch', 'plain'] as const)
  try {
    for (let i = 0; i < rounds; i++) {
      note(`launch against a plain editor, round ${i + 1} of ${rounds}…`)
      for (const kind of [...kinds.slice(i % kinds.length), ...kinds.slice(0, i % kinds.length)]) {
        if (kind === 'launch') samples.launch.push(await launchOnce(bin, withAddon, splits))
        else if (kind === 'base') samples.base.push(await launchOnce(BASE_BIN!, withAddon, []))
        else {
          plain.restart()
          samples.plain.push(await plain.waitProbe())
          await plain.stop({keepDir: true})
        }
      }
    }
  } finally {
    await withAddon.stop()
    await plain.stop()
  }
  const base = BASE_BIN ? stats(samples.base) : undefined
  return {launch: stats(samples.launch), plain: stats(samples.plain), base, splits}
}

/** A figure this run took quiet (undefined when its part of the bench did not run). */
function quietFigure(name: string): number | undefined {
  return figures.find((f) => f.name === name)?.value
}

export async function reportLaunch(bin: string, rounds: number): Promise<void> {
  const f = await launchFigures(bin, rounds)
  figure('plain_editor_first_frame_ms', f.plain.median, 'ms')
  figure('launch_to_first_answer_ms', f.launch.median, 'ms')
  if (f.base) figure('launch_base_to_first_answer_ms', f.base.median, 'ms')
  figure('launch_over_plain_editor_ratio', f.launch.median / f.plain.median, 'x')
  // Restated (issue 50): a launch then a one-shot starts Node twice, ~0.6 s on the quiet reference: 1.13x of a
  // plain editor's 4.5 s before bridge does anything, so <= 1.1x of the plain editor alone cannot be met. Its floor is
  // what the launch is made of, each measured in this run: the plain editor, the addon's own start-up overhead and
  // two CLI one-shots; the launch may add at most 10 % to their sum (its polls and waits).
  const overhead = quietFigure('addon_startup_overhead_ms')
  const oneshot = quietFigure('cli_oneshot_ms')
  if (overhead !== undefined && oneshot !== undefined) {
    const parts = f.plain.median + Math.max(0, overhead) + 2 * oneshot
    target(
      'launch_over_its_parts_ratio',
      f.launch.median / parts,
      'x',
      1.1,
      `plain editor ${f.plain.median.toFixed(0)} + addon start-up ${overhead.toFixed(0)} + 2 one-shots ${(2 * oneshot).toFixed(0)} ms`,
    )
  }
  const row = (label: string, s: Stats) => [
    label,
    s.median.toFixed(0),
    `${s.min.toFixed(0)}–${s.max.toFixed(0)}`,
    (s.median / f.plain.median).toFixed(2),
  ]
  console.log(`\n## launch (ms, ${rounds} alternating rounds, reopened copies of examples/demo)\n`)
  console.log(
    table(
      ['start', 'median', 'spread', '× floor'],
      [
        row('plain editor: spawn → first frame (floor)', f.plain),
        row('bridge launch --headless + bridge run engine.version', f.launch),
        ...(f.base ? [row(`the same, ${BASE_BIN} (A/B base)`, f.base)] : []),
      ],
    ),
  )
  // where a launch's time went: each step's median, ms from the launch command's spawn (core/start_phases.gd)
  let previous = 0
  const steps = medianSplit(f.splits).map(([name, ms]) => {
    const row = [name, ms.toFixed(0), (ms - previous).toFixed(0)]
    previous = ms
    return row
  })
  console.log(
    `\n## where a launch's time goes (median ms from \`bridge launch\`'s spawn; plain first frame ${f.plain.median.toFixed(0)})\n`,
  )
  console.log(table(['step', 'at', 'since the step before'], steps))
}
