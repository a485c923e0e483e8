// Runs the built `bridge` CLI (bin/run.js → dist/) as a user would, capturing its exit code and output.
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {REPO_ROOT} from './editor.js'

export const BRIDGE_BIN = join(REPO_ROOT, 'bin', 'run.js')

/**
 * The CLI's own user data (oclif plugins and caches live under the XDG dirs) in a throwaway home of this
 * test process, so the plugins a developer installed never show in a test, and a test's links never reach
 * the developer's. A test that sets XDG_* itself (a pack's home) wins.
 */
const CLI_HOME = mkdtempSync(join(tmpdir(), 'bridge-cli-home-'))
process.on('exit', () => rmSync(CLI_HOME, {recursive: true, force: true}))
export const CLI_ENV: Record<string, string> = {
  XDG_DATA_HOME: join(CLI_HOME, 'data'),
  XDG_CONFIG_HOME: join(CLI_HOME, 'config'),
  XDG_CACHE_HOME: join(CLI_HOME, 'cache'),
}

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
      env: {...process.env, NO_COLOR: '1', ...CLI_ENV, ...options.env},
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
