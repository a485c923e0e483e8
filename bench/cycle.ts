// The agent cycle a peer publishes (issue 50): create a scene, three edits, play it, observe the game, stop, one
// more edit — timed whole over MCP (`bridge serve`, engine_run), as CLI one-shots (a `bridge run` process a
// step, as a shell agent works) and as one `bridge run -` batch. Its floor is the bare engine starting a scene
// (bench/plays.ts): the one play in the cycle is what no bridge can skip. Each cycle makes a scene of its own
// and closes it afterwards (untimed); the three ways alternate.
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'

import type {TestEditor} from '../test/support/editor.js'
import {figure, note, table, target} from './report.js'
import {type Stats, stats, timeProcess} from './startup.js'

type Json = Record<string, any>
interface Step {
  method: string
  params: Json
}

/** The cycle's steps on a scene of its own (res://scenes/bench_cycle_<n>.tscn). */
export function cycleSteps(n: number): Step[] {
  const root = `/root/Cycle`
  return [
    {
      method: 'scene.create',
      params: {path: `res://scenes/bench_cycle_${n}.tscn`, root_type: 'Node2D', root_name: 'Cycle'},
    },
    {method: 'node.add', params: {type: 'Sprite2D', name: 'A', parent: root}},
    {method: 'node.add', params: {type: 'Label', name: 'B', parent: root}},
    {method: 'node.set', params: {node_path: `${root}/A`, property: 'position', value: [64, 32]}},
    {method: 'scene.play', params: {scene: 'current', display: 'headless'}},
    {method: 'runtime.tree', params: {max_depth: 2}},
    {method: 'scene.stop', params: {}},
    {method: 'node.set', params: {node_path: `${root}/B`, property: 'text', value: 'done'}},
  ]
}

type Way = 'mcp' | 'oneshot' | 'batch'
/** The next cycle's scene number: the quiet and the loaded runs share the editor's project. */
let nextScene = 0

export async function cycleFigures(
  editor: TestEditor,
  serve: Client,
  bin: string,
  rounds: number,
): Promise<Record<Way, Stats> & {steps: Record<string, number[]>}> {
  // the MCP way's time per step (`<n> <method>`), so the steps that dominate can be told apart
  const stepTimes: Record<string, number[]> = {}
  const ways: Record<Way, (steps: Step[]) => Promise<void>> = {
    async mcp(steps) {
      for (const [n, step] of steps.entries()) {
        const t = performance.now()
        const out = await serve.callTool(
          {name: 'engine_run', arguments: {method: step.method, params: step.params}},
          undefined,
          {timeout: 130_000},
        )
        if (out.isError) throw new Error(`${step.method} over MCP: ${JSON.stringify(out.content).slice(0, 300)}`)
        ;(stepTimes[`${n + 1} ${step.method}`] ??= []).push(performance.now() - t)
      }
    },
    async oneshot(steps) {
      for (const step of steps)
        await timeProcess([bin, 'run', step.method, '--params', JSON.stringify(step.params)], {cwd: editor.root})
    },
    async batch(steps) {
      const input = steps.map((s, id) => JSON.stringify({...s, id})).join('\n') + '\n'
      await timeProcess([bin, 'run', '-'], {cwd: editor.root, input})
    },
  }
  const samples: Record<Way, number[]> = {mcp: [], oneshot: [], batch: []}
  const order = Object.keys(ways) as Way[]
  for (let i = 0; i < rounds; i++) {
    note(`agent cycle, round ${i + 1} of ${rounds}…`)
    for (const way of [...order.slice(i % 3), ...order.slice(0, i % 3)]) {
      const steps = cycleSteps(nextScene++)
      const t = performance.now()
      await ways[way](steps)
      samples[way].push(performance.now() - t)
      await editor.client.call('scene.stop').catch(() => {})
      await editor.client.call('scene.close', {path: steps[0].params.path, discard: true}).catch(() => {})
    }
  }
  return {mcp: stats(samples.mcp), oneshot: stats(samples.oneshot), batch: stats(samples.batch), steps: stepTimes}
}

export async function reportCycle(
  editor: TestEditor,
  serve: Client,
  bin: string,
  rounds: number,
  barePlayMs: number,
  editorPlayMs?: number,
): Promise<void> {
  const f = await cycleFigures(editor, serve, bin, rounds)
  figure('agent_cycle_mcp_over_plays_ratio', f.mcp.median / barePlayMs, 'x')
  // Restated (issue 50): the cycle's play is the editor's own Play, which alone is 1.4-1.6x the bare engine, so
  // 2x the bare play left its seven other steps ~115 ms. The floor is that Play (measured in the same plays with
  // BRIDGE_PLAY_PHASES) plus one bare play's worth of time for the other seven steps.
  if (editorPlayMs !== undefined)
    target(
      'agent_cycle_mcp_over_editor_play_ratio',
      f.mcp.median / (editorPlayMs + barePlayMs),
      'x',
      1,
      `the editor's own Play ${editorPlayMs.toFixed(0)} ms + the bare engine's play ${barePlayMs.toFixed(0)} ms`,
    )
  figure('agent_cycle_mcp_ms', f.mcp.median, 'ms')
  figure('agent_cycle_oneshot_ms', f.oneshot.median, 'ms')
  figure('agent_cycle_batch_ms', f.batch.median, 'ms')
  const row = (label: string, s: Stats) => [
    label,
    s.median.toFixed(0),
    s.p95.toFixed(0),
    (s.median / barePlayMs).toFixed(2),
  ]
  console.log(
    `\n## agent cycle: create a scene, 3 edits, play, observe, stop, edit (ms, ${rounds} rounds; × floor = / the bare engine's play)\n`,
  )
  console.log(
    table(
      ['way', 'median', 'p95', '× floor'],
      [
        row('MCP (bridge serve, engine_run)', f.mcp),
        row('CLI one-shots (8 bridge run processes)', f.oneshot),
        row('bridge run - (one batch of 8)', f.batch),
      ],
    ),
  )
  console.log(`\n## the MCP cycle by step (ms, median and p95 of ${rounds} rounds)\n`)
  console.log(
    table(
      ['step', 'median', 'p95'],
      Object.entries(f.steps).map(([step, xs]) => [step, stats(xs).median.toFixed(0), stats(xs).p95.toFixed(0)]),
    ),
  )
}
