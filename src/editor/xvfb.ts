// A private X server for real frames without a desktop: the Xvfb and Mesa sysroot that scripts/install-godot.sh
// puts beside the Godot binary (bin/Xvfb, env.sh), on a free display it picks itself (-displayfd). `bridge
// launch --xvfb` starts one that ends with the editor (-terminate: the server exits when its last client, the
// editor and any game it plays, has gone); the test harness starts one per file and stops it by pid.
import {spawn} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {godotCacheDir} from './godot.js'
import {killPid} from '../platform/processes.js'
import {BridgeCliError, EXIT} from '../errors.js'

export interface XvfbServer {
  pid: number
  /** ":N" */
  display: string
  /** DISPLAY plus the Mesa variables of env.sh: the environment to run Godot with. */
  env: Record<string, string>
  /** SIGKILL by pid (already gone is fine). */
  stop(): void
}

export interface XvfbOptions {
  /** The Godot binary whose sysroot holds the Xvfb (falls back to the bridge cache). */
  godot?: string
  /** Exit when the last client disconnects (for a server that must end with the editor). */
  terminateWithClients?: boolean
  /** Own session and unreferenced, so it outlives this process (bridge launch returns while the editor runs). */
  detached?: boolean
  /** WIDTHxHEIGHTxDEPTH, default 1280x720x24. */
  screen?: string
}

/** The sysroot holding bin/Xvfb and env.sh: beside `godot` (bin/godot → its parent), else the bridge cache. */
export function xvfbRoot(godot?: string): string | undefined {
  const roots = [...(godot ? [dirname(dirname(godot))] : []), godotCacheDir()]
  return roots.find((root) => existsSync(join(root, 'bin', 'Xvfb')) && existsSync(join(root, 'env.sh')))
}

/** The variables env.sh exports ($VAR references expanded). */
function sysrootEnv(root: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const m of readFileSync(join(root, 'env.sh'), 'utf8').matchAll(/^export ([A-Z_]+)="?([^"\n]*)"?$/gm))
    env[m[1]] = m[2].replaceAll(/\$([A-Z_]+)/g, (_, k: string) => env[k] ?? process.env[k] ?? '')
  return env
}

export async function startXvfb(options: XvfbOptions = {}): Promise<XvfbServer> {
  const root = xvfbRoot(options.godot)
  if (!root)
    throw new BridgeCliError(
      `no private Xvfb found (looked beside the Godot binary and in ${godotCacheDir()}): run scripts/install-godot.sh, or use a desktop's display`,
      EXIT.usage,
      'no_xvfb',
    )
  const env = sysrootEnv(root)
  const args = ['-displayfd', '3', '-screen', '0', options.screen ?? '1280x720x24', '-nolisten', 'tcp']
  if (env.XKB_CONFIG_ROOT) args.push('-xkbdir', env.XKB_CONFIG_ROOT)
  if (options.terminateWithClients) args.push('-terminate')
  const child = spawn(join(root, 'bin', 'Xvfb'), args, {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    detached: options.detached ?? false,
    env: {...process.env, ...env, PATH: `${join(root, 'bin')}:${process.env.PATH}`},
  })
  const stop = () => {
    if (child.pid) killPid(child.pid)
  }
  const pipe = child.stdio[3]!
  const number = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Xvfb did not report a display within 10 s')), 10_000)
    let text = ''
    pipe.on('data', (d: Buffer) => {
      text += d.toString()
      if (text.includes('\n')) {
        clearTimeout(timer)
        resolve(text.trim())
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Xvfb exited (${code}) before reporting a display`))
    })
  }).catch((error: Error) => {
    stop()
    throw new BridgeCliError(`could not start the private Xvfb: ${error.message}`, EXIT.crashed, 'xvfb_failed')
  })
  if (options.detached) {
    pipe.destroy()
    child.unref()
  }
  const display = `:${number}`
  return {pid: child.pid!, display, env: {...env, DISPLAY: display}, stop}
}
