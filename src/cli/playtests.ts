// `bridge test`: a project's playtests, as CI runs them. Under the project's tests/ folder:
// - `*.scenario.json`: test.run_scenario's parameters (scene, steps, frozen, …); assert_frame steps compare frames
//   with runtime.frame_baseline's baselines;
// - `*.run.jsonl`: runtime.record's recordings (golden runs), replayed with runtime.replay: identical or not.
// Each file is one JUnit test suite; each step (a scenario) or mark (a replay) one test case.
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

import type {EngineClient} from '../editor/client.js'
import {UsageError} from '../errors.js'
import {toResPath} from '../platform/paths.js'

export interface Playtest {
  kind: 'scenario' | 'replay'
  /** The file, relative to the project root, with `/`. */
  file: string
  params: Record<string, unknown>
  /** It compares frames: the game needs a renderer (a display, e.g. the private Xvfb). */
  frames: boolean
}

export interface Case {
  name: string
  ok: boolean
  message: string
}

export interface Suite {
  file: string
  kind: Playtest['kind']
  ok: boolean
  cases: Case[]
  /** The call's error, when it could not run at all. */
  error?: string
}

const SCENARIO = /\.scenario\.json$/
const RUN = /\.run\.jsonl$/

/** Every playtest file under `dir` (of the project at `root`), in path order. */
export function findPlaytests(root: string, dir = 'tests'): Playtest[] {
  const base = join(root, dir)
  if (!existsSync(base)) return []
  const files: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (SCENARIO.test(name) || RUN.test(name)) files.push(full)
    }
  }
  walk(base)
  return files.map((full) => {
    const res = toResPath(root, full)!
    const file = res.slice('res://'.length)
    if (RUN.test(full)) return {kind: 'replay', file, params: {path: res}, frames: recordsFrames(full)}
    let params: Record<string, unknown>
    try {
      params = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>
    } catch (error) {
      throw new UsageError(`${file}: not valid JSON (${(error as Error).message})`, {file})
    }
    if (typeof params !== 'object' || params === null || !Array.isArray(params.steps))
      throw new UsageError(
        `${file}: a scenario is a JSON object with a "steps" array (test.run_scenario's parameters)`,
        {
          file,
        },
      )
    const frames = (params.steps as unknown[]).some((s) => typeof s === 'object' && s !== null && 'assert_frame' in s)
    return {kind: 'scenario', file, params, frames}
  })
}

/** Whether a recording holds frames at its marks (its replay then compares pixels). */
function recordsFrames(file: string): boolean {
  return /"frame(_md5)?"\s*:/.test(readFileSync(file, 'utf8'))
}

/** Runs one playtest through the editor: its suite, never a throw (a call that fails is a failed suite). */
export async function runPlaytest(client: EngineClient, test: Playtest, display: string): Promise<Suite> {
  try {
    if (test.kind === 'scenario') {
      const report = await client.call<ScenarioReport>('test.run_scenario', {frozen: true, ...test.params}, TIMEOUT_MS)
      return {file: test.file, kind: test.kind, ok: report.ok === true, cases: scenarioCases(report)}
    }
    const replay = await client.call<ReplayReport>('runtime.replay', {...test.params, display}, TIMEOUT_MS)
    return {file: test.file, kind: test.kind, ok: replay.identical === true, cases: replayCases(replay)}
  } catch (error) {
    const message = (error as Error).message
    return {file: test.file, kind: test.kind, ok: false, error: message, cases: [{name: 'run', ok: false, message}]}
  }
}

const TIMEOUT_MS = 300_000

interface ScenarioReport {
  ok?: boolean
  steps?: Record<string, unknown>[]
}

interface ReplayReport {
  identical?: boolean
  marks?: Record<string, unknown>[]
  differences?: {what: string; recorded?: unknown; now?: unknown}[]
}

function scenarioCases(report: ScenarioReport): Case[] {
  return (report.steps ?? []).map((step) => {
    const {kind, ok, index, ...rest} = step
    const what = typeof rest.method === 'string' ? ` ${rest.method}` : ''
    return {name: `${String(index)} ${String(kind)}${what}`, ok: ok === true, message: JSON.stringify(rest)}
  })
}

function replayCases(report: ReplayReport): Case[] {
  const marks = (report.marks ?? []).map((mark) => {
    const ok = mark.watched_equal !== false && mark.frame_equal !== false
    return {name: `mark ${String(mark.mark)} (tick ${String(mark.tick)})`, ok, message: JSON.stringify(mark)}
  })
  const differences = report.differences ?? []
  return [
    ...marks,
    {
      name: 'identical',
      ok: report.identical === true,
      message: differences.length
        ? differences
            .map((d) => `${d.what}: recorded ${JSON.stringify(d.recorded)}, now ${JSON.stringify(d.now)}`)
            .join('; ')
        : 'identical',
    },
  ]
}
