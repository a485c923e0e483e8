// `bridge launch` → the first command answered (issue 50), beside its floor: a plain editor's first frame on the
// same kind of copy (examples/demo, reopened: each copy opened once and left to finish its first scan, as a
// user's project is). The launch side is the whole user path — `bridge launch --headless` until it returns, then
// a `bridge run engine.version` one-shot — on a copy with the addon; the plain side is bench/editors.ts's probe
// marker. Rounds alternate which starts first; every editor is stopped by pid (its process group).
import {rmSync} from 'node:fs'
import {join} from 'node:path'

import {launchingPid, readDiscovery} from '../src/editor/discovery.js'
import {freePorts, isolatedEnv, prepareDeclarationCache, waitForExit} from '../test/support/editor.js'
import {type BenchEditor, startBenchEditor} from './editors.js'
import {figure, note, table, target} from './report.js'
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

/** One `bridge launch` + one-shot on the addon copy, then the launched editor stopped: ms to the answer. */
async function launchOnce(bin: string, copy: BenchEditor): Promise<number> {
  const [lsp, dap, debug] = await freePorts(3)
  // the harness's isolation: own settings, user data and caches, own WebSocket and HTTP ports
  const env = {...process.env, ...(await isolatedEnv(join(copy.root, '..', 'home')))}
  const engineArgs = [
    '--',
    '--lsp-port',
    String(lsp),
    '--dap-port',
    String(dap),
    '--debug-server',
    `tcp://127.0.0.1:${debug}`,
  ]
  const t = performance.now()
  try {
    await timeProcess([bin, 'launch', '--project', copy.root, '--headless', ...engineArgs], {env})
    await timeProcess([bin, 'run', 'engine.version', '--project', copy.root], {env})
    return performance.now() - t
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

export async function launchFigures(bin: string, rounds: number): Promise<{launch: Stats; plain: Stats}> {
  const withAddon = await opened(true)
  const plain = await opened(false)
  const samples = {launch: [] as number[], plain: [] as number[]}
  try {
    for (let i = 0; i < rounds; i++) {
      note(`launch against a plain editor, round ${i + 1} of ${rounds}…`)
      for (const kind of i % 2 === 0 ? (['launch', 'plain'] as const) : (['plain', 'launch'] as const)) {
        if (kind === 'launch') samples.launch.push(await launchOnce(bin, withAddon))
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
  return {launch: stats(samples.launch), plain: stats(samples.plain)}
}

export async function reportLaunch(bin: string, rounds: number): Promise<void> {
  const f = await launchFigures(bin, rounds)
  figure('plain_editor_first_frame_ms', f.plain.median, 'ms')
  figure('launch_to_first_answer_ms', f.launch.median, 'ms')
  target(
    'launch_over_plain_editor_ratio',
    f.launch.median / f.plain.median,
    'x',
    1.1,
    `plain editor's first frame: ${f.plain.median.toFixed(0)} ms`,
  )
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
      ],
    ),
  )
}
