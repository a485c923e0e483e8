// Runs the built `bridge` CLI (bin/run.js → dist/) as a user would, capturing its exit code and output.
import {spawn} from 'node:child_process'
import {join} from 'node:path'

import {REPO_ROOT} from './editor.js'

export const BRIDGE_BIN = join(REPO_ROOT, 'bin', 'run.js')

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export function runCli(
  args: string[],
  options: {cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; input?: string} = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BRIDGE_BIN, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: {...process.env, NO_COLOR: '1', ...options.env},
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    if (options.input !== undefined) child.stdin!.end(options.input)
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d) => (stdout += d))
    child.stderr!.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code: code ?? -1, stdout, stderr})
    })
  })
}

export function parseJson<T = Record<string, unknown>>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T
  } catch {
    throw new Error(`not JSON (exit ${result.code}):\n${result.stdout}\n--- stderr ---\n${result.stderr}`)
  }
}
