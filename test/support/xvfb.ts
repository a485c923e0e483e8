// A private X server for tests that need real frames: the Xvfb that scripts/install-godot.sh builds, on a
// free display, with the Mesa environment of its env.sh (src/editor/xvfb.ts, as `bridge launch --xvfb`
// starts it). Stopped by pid.
import {findGodot} from '../../src/editor/godot.js'
import {startXvfb as startServer, xvfbRoot as serverRoot} from '../../src/editor/xvfb.js'

export interface Xvfb {
  pid: number
  /** DISPLAY plus the Mesa variables of env.sh: pass it to startEditor's env. */
  env: Record<string, string>
  stop(): void
}

/** The sysroot around the Godot binary (bin/godot → its parent holds env.sh and bin/Xvfb), or undefined. */
export function xvfbRoot(): string | undefined {
  return serverRoot(findGodot())
}

export async function startXvfb(): Promise<Xvfb> {
  const server = await startServer({godot: findGodot()})
  return {pid: server.pid, env: server.env, stop: server.stop}
}
