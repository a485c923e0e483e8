// Where GameDevBench's tasks live on this machine and the two copies its harness makes of one: the sandbox an
// agent works in (the task's project minus its tests and notes) and the validation copy (the agent's work plus
// the task's own test.gd and test.tscn). Mirrors benchmark_runner.py's filters so a ground truth applied here
// meets exactly what an agent's work would meet there.
import {copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

/** The benchmark checkout: GAMEDEVBENCH_DIR, else undefined (the caller says how to get one). */
export function benchmarkDir(flag?: string): string | undefined {
  const dir = flag ?? process.env.GAMEDEVBENCH_DIR
  return dir && existsSync(join(dir, 'tasks')) ? dir : undefined
}

/** `118`, `0118` and `task_0118` all name tasks/task_0118. */
export function taskName(id: string): string {
  const digits = /^(?:task_)?(\d{1,4})$/.exec(id.trim())
  if (!digits) throw new Error(`'${id}' is not a GameDevBench task id (expected e.g. task_0118 or 118)`)
  return `task_${digits[1].padStart(4, '0')}`
}

export interface Task {
  name: string
  dir: string
  instruction: string
}

export function loadTask(benchDir: string, id: string): Task {
  const name = taskName(id)
  const dir = join(benchDir, 'tasks', name)
  if (!existsSync(join(dir, 'project.godot'))) {
    const zipped = existsSync(join(benchDir, 'tasks', `${name}.zip`))
    throw new Error(
      zipped
        ? `${name} is still zipped in ${benchDir}/tasks: run \`bash unzip_tasks.sh\` in the benchmark checkout first`
        : `${name} is not a task of ${benchDir} (no tasks/${name}/project.godot)`,
    )
  }
  const config = JSON.parse(readFileSync(join(dir, 'task_config.json'), 'utf8')) as {instruction?: string}
  return {name, dir, instruction: config.instruction ?? ''}
}

/** What the benchmark keeps out of the sandbox: tests, its task config, logs, notes and hidden files. */
function hiddenFromAgent(fileName: string): boolean {
  const name = fileName.toLowerCase()
  return name.startsWith('test') || name === 'task_config.json' || /\.(log|md)$/.test(name) || name.startsWith('.')
}

/** The agent's starting point, as benchmark_runner.py's _create_sandbox_environment builds it: the filtered copy
 * and a task_config.json holding nothing but the instruction. */
export function makeSandbox(task: Task, to: string): void {
  copyFiltered(task.dir, to)
  writeFileSync(join(to, 'task_config.json'), JSON.stringify({instruction: task.instruction}, null, 2))
}

function copyFiltered(from: string, to: string): void {
  mkdirSync(to, {recursive: true})
  for (const entry of readdirSync(from, {withFileTypes: true})) {
    const source = join(from, entry.name)
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) copyFiltered(source, join(to, entry.name))
    } else if (!hiddenFromAgent(entry.name)) copyFileSync(source, join(to, entry.name))
  }
}

/** The agent's work plus the task's tests, as _copy_sandbox_results_to_validation builds the validation copy. */
export function copyForValidation(task: Task, work: string, to: string): void {
  cpSync(work, to, {recursive: true})
  for (const file of ['scripts/test.gd', 'scripts/test.gd.uid', 'scenes/test.tscn']) {
    const from = join(task.dir, file)
    if (!existsSync(from)) continue
    mkdirSync(dirname(join(to, file)), {recursive: true})
    copyFileSync(from, join(to, file))
  }
}
