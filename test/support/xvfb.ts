// A private X server for tests that need real frames: the Xvfb that scripts/install-godot.sh builds, on a
// free display, with the Mesa environment of its env.sh. Stopped by pid.
import {spawn} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {findGodot} from '../../src/editor/godot.js'

export interface Xvfb {
  pid: number
  /** DISPLAY plus the Mesa variables of env.sh: pass it to startEditor's env. */
  env: Record<string, string>
  stop(): void
}

/** The sysroot around the Godot binary (bin/godot → its parent holds env.sh and bin/Xvfb), or undefined. */
export function xvfbRoot(): string | undefined {
  const root = dirname(dirname(findGodot()))
  return existsSync(join(root, 'bin', 'Xvfb')) && existsSync(join(root, 'env.sh')) ? root : undefined
}

export async function startXvfb(): Promise<Xvfb> {
  const root = xvfbRoot()
  if (!root) throw new Error('no Xvfb next to the Godot binary: run scripts/install-godot.sh (GL variant)')
  const env: Record<string, string> = {}
  for (const m of readFileSync(join(root, 'env.sh'), 'utf8').matchAll(/^export ([A-Z_]+)="?([^"\n]*)"?$/gm))
    env[m[1]] = m[2].replaceAll(/\$([A-Z_]+)/g, (_, k: string) => env[k] ?? process.env[k] ?? '')
  const child = spawn(
    join(root, 'bin', 'Xvfb'),
    ['-displayfd', '3', '-screen', '0', '1280x720x24', '-nolisten', 'tcp', '-xkbdir', env.XKB_CONFIG_ROOT],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      env: {...process.env, ...env, PATH: `${join(root, 'bin')}:${process.env.PATH}`},
    },
  )
  const display = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Xvfb did not report a display within 10 s')), 10_000)
    let text = ''
    child.stdio[3]!.on('data', (d: Buffer) => {
      text += d.toString()
      if (text.includes('\n')) {
        clearTimeout(timer)
        resolve(text.trim())
      }
    })
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)))
  })
  return {
    pid: child.pid!,
    env: {...env, DISPLAY: `:${display}`},
    stop() {
      try {
        process.kill(child.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
    },
  }
}
