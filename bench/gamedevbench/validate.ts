// The benchmark's own validation, run the way benchmark_runner.py runs it: the project opened once in a headless
// editor so its assets are imported, then res://scenes/test.tscn played headless; the first VALIDATION_PASSED or
// VALIDATION_FAILED line of the output is the verdict, and no marker at all is a failure.
import {spawn} from 'node:child_process'
import {mkdirSync} from 'node:fs'
import {join} from 'node:path'

import {findGodot} from '../../src/editor/godot.js'

/** benchmark_runner.py's TIMEOUT for one validation run. */
const VALIDATION_TIMEOUT_MS = 600_000
const TEST_SCENE = 'res://scenes/test.tscn'

export interface Verdict {
  passed: boolean
  message: string
  output: string
}

/** The benchmark's ValidationParser: the first marker line decides. */
export function parseVerdict(output: string): Verdict {
  for (const line of output.split('\n')) {
    const marker = /VALIDATION_(PASSED|FAILED)(?::\s*(.+))?/.exec(line.trim())
    if (marker)
      return {
        passed: marker[1] === 'PASSED',
        message: marker[2] ?? `Validation ${marker[1].toLowerCase()}`,
        output,
      }
  }
  return {passed: false, message: 'No validation result found in output', output}
}

export async function validate(projectDir: string, home: string, godot = findGodot()): Promise<Verdict> {
  // user:// and editor settings of both runs stay under the run's own home, as the e2e harness keeps its editors'
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
  }
  mkdirSync(home, {recursive: true})
  // --import waits for the import to finish instead of the harness' fixed 3 s editor run
  await godotRun(godot, ['--headless', '--editor', '--import', '--path', projectDir], env)
  const {output, timedOut} = await godotRun(
    godot,
    ['--headless', '--log-file', '-', '--path', projectDir, TEST_SCENE],
    env,
  )
  if (timedOut) return {passed: false, message: 'Validation timed out', output}
  return parseVerdict(output)
}

function godotRun(godot: string, args: string[], env: NodeJS.ProcessEnv): Promise<{output: string; timedOut: boolean}> {
  return new Promise((resolve, reject) => {
    const child = spawn(godot, args, {env, stdio: ['ignore', 'pipe', 'pipe']})
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, VALIDATION_TIMEOUT_MS)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('close', () => {
      clearTimeout(timer)
      resolve({output, timedOut})
    })
  })
}
