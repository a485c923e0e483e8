// GameDevBench through bridge: three tasks' ground truths applied with bridge's commands in a real headless
// editor pass the benchmark's own validation, and the same validation fails on each task's starting point.
// GameDevBench publishes no licence, so its tasks are not vendored here: the file skips, saying why, unless
// GAMEDEVBENCH_DIR names an unzipped checkout of https://github.com/waynchi/gamedevbench.
import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {runTask, type TaskResult} from '../../../bench/gamedevbench/run-task.js'
import {benchmarkDir, copyForValidation, makeSandbox, loadTask} from '../../../bench/gamedevbench/task-data.js'
import {validate} from '../../../bench/gamedevbench/validate.js'

const TASKS = ['task_0098', 'task_0113', 'task_0118']
const benchDir = benchmarkDir()

describe('GameDevBench ground truths applied through bridge', function () {
  this.timeout(1_200_000)

  before(function () {
    if (!benchDir) {
      console.log(
        '    skipped: GameDevBench data absent (unlicensed, so not vendored); set GAMEDEVBENCH_DIR to an unzipped ' +
          'checkout of https://github.com/waynchi/gamedevbench (bash unzip_tasks.sh)',
      )
      this.skip()
    }
  })

  for (const name of TASKS) {
    it(`${name}: the benchmark's validation fails on the task's untouched starting point`, async () => {
      const task = loadTask(benchDir!, name)
      const base = mkdtempSync(join(tmpdir(), 'gamedevbench-start-'))
      try {
        makeSandbox(task, join(base, 'sandbox'))
        copyForValidation(task, join(base, 'sandbox'), join(base, 'validation'))
        const verdict = await validate(join(base, 'validation'), join(base, 'home'))
        expect(verdict.passed, verdict.message).to.equal(false)
        expect(verdict.output).to.match(/VALIDATION_FAILED/)
      } finally {
        rmSync(base, {recursive: true, force: true})
      }
    })

    it(`${name}: its ground truth sent as bridge commands passes the benchmark's validation`, async () => {
      const result: TaskResult = await runTask(benchDir!, name)
      expect(result.applied, result.message).to.equal(result.steps)
      expect(result.passed, `${result.message}\n${result.output?.slice(-3000) ?? ''}`).to.equal(true)
    })
  }
})
