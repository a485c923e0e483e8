// `npm run bench:gamedevbench -- [--tasks a,b,c] [--data DIR] [--keep] [--json]`: applies GameDevBench ground
// truths through bridge's commands and reports the benchmark's own validation verdict for each task.
import {parseArgs} from 'node:util'

import {runTask, supportedTasks, type TaskResult} from './run-task.js'
import {benchmarkDir} from './task-data.js'

const {values} = parseArgs({
  options: {
    tasks: {type: 'string'},
    data: {type: 'string'},
    keep: {type: 'boolean', default: false},
    json: {type: 'boolean', default: false},
  },
})

const benchDir = benchmarkDir(values.data)
if (!benchDir) {
  console.error(
    'GameDevBench data not found: clone https://github.com/waynchi/gamedevbench, run `bash unzip_tasks.sh` in it, ' +
      'then pass --data <checkout> or set GAMEDEVBENCH_DIR',
  )
  process.exit(2)
}
const ids = values.tasks ? values.tasks.split(',').filter(Boolean) : supportedTasks()
const results: TaskResult[] = []
for (const id of ids) {
  if (!values.json) process.stderr.write(`${id}: running…\n`)
  let result: TaskResult
  try {
    result = await runTask(benchDir, id, {keep: values.keep})
  } catch (error) {
    result = {task: id, passed: false, message: (error as Error).message, applied: 0, steps: 0}
  }
  results.push(result)
  if (!values.json) {
    const kept = result.dir ? ` (kept: ${result.dir})` : ''
    console.log(
      `${result.passed ? 'PASS' : 'FAIL'} ${result.task} [${result.applied}/${result.steps} commands] ${result.message}${kept}`,
    )
  }
}
const passed = results.filter((r) => r.passed).length
if (values.json) console.log(JSON.stringify({passed, total: results.length, results}, null, 2))
else console.log(`${passed}/${results.length} tasks passed`)
process.exit(passed === results.length ? 0 : 1)
