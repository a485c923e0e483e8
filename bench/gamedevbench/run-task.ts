// One task through bridge: the benchmark's sandbox copy of the task, `bridge install --enable` on it, a real
// headless editor (the e2e harness' startEditor), the task's ground truth applied as bridge commands, then the
// benchmark's validation copy and its own test scene. Nothing is left running; temp dirs go unless kept.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {startEditor} from '../../test/support/editor.js'
import {GROUND_TRUTHS} from './ground-truths.js'
import {copyForValidation, makeSandbox, loadTask} from './task-data.js'
import {validate} from './validate.js'

export interface TaskResult {
  task: string
  passed: boolean
  /** The validation's message, or what stopped the run before validation. */
  message: string
  /** Bridge commands sent and answered without an error. */
  applied: number
  steps: number
  /** The temp dir of the run, when kept. */
  dir?: string
  /** The validation's full output, for a failure's report. */
  output?: string
}

export function supportedTasks(): string[] {
  return Object.keys(GROUND_TRUTHS)
}

export async function runTask(benchDir: string, id: string, options: {keep?: boolean} = {}): Promise<TaskResult> {
  const task = loadTask(benchDir, id)
  const truth = GROUND_TRUTHS[task.name]
  if (!truth)
    throw new Error(
      `${task.name} has no ground truth written as bridge commands; supported: ${supportedTasks().join(', ')}`,
    )
  const base = mkdtempSync(join(tmpdir(), `gamedevbench-${task.name}-`))
  const result: TaskResult = {task: task.name, passed: false, message: '', applied: 0, steps: truth.steps.length}
  try {
    makeSandbox(task, join(base, 'sandbox'))
    const editor = await startEditor({fixture: join(base, 'sandbox')})
    try {
      for (const step of truth.steps) {
        try {
          await editor.client.call(step.method, step.params, 120_000)
        } catch (error) {
          result.message = `step ${result.applied + 1} ${step.method} failed: ${(error as Error).message}`
          return result
        }
        result.applied++
      }
      await editor.stop({keepDir: true})
      copyForValidation(task, editor.root, join(base, 'validation'))
    } finally {
      await editor.stop() // a second stop only removes the editor's temp dir
    }
    const verdict = await validate(join(base, 'validation'), join(base, 'home'))
    result.passed = verdict.passed
    result.message = verdict.message
    if (!verdict.passed) result.output = verdict.output
    return result
  } finally {
    if (options.keep) result.dir = base
    else rmSync(base, {recursive: true, force: true})
  }
}
