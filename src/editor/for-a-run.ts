// An editor for one run of a command that needs one (bridge test in CI): the project's running editor when it
// answers, else one started for the run — headless, or on the private Xvfb when the run compares frames — and
// quit at the end, its discovery file gone, so the run leaves nothing behind.
import {mkdirSync} from 'node:fs'
import {join} from 'node:path'

import {EngineClient} from './client.js'
import {pidAlive, wsPortFor} from './discovery.js'
import {killEditor, spawnEditor, waitForEditor} from './editor-process.js'
import {findGodot} from './godot.js'
import {addonProblem} from './install.js'
import {editorState} from './verdicts.js'
import {startXvfb, xvfbRoot, type XvfbServer} from './xvfb.js'
import {UsageError} from '../errors.js'

export interface RunEditor {
  /** Started for this run (false: the project's own editor, left running). */
  started: boolean
  /** Whether the editor's games can render frames: on Xvfb, or a running editor (its display is its own). */
  frames: boolean
  /** What the run should pass to scene.play-like calls as `display`. */
  display: 'auto' | 'headless' | 'window'
  note?: string
  stop(): Promise<void>
}

export async function editorForRun(
  root: string,
  options: {frames: boolean; godot?: string; timeoutMs: number; args?: string[]},
): Promise<RunEditor> {
  const state = await editorState(root, wsPortFor(root))
  if (state.verdict === 'running') return {started: false, frames: true, display: 'auto', stop: async () => {}}
  const problem = addonProblem(root)
  if (problem) throw new UsageError(`${problem}; run \`bridge install --project ${root} --enable\` first`)
  const godot = findGodot(options.godot)
  let xvfb: XvfbServer | undefined
  let note: string | undefined
  // frames need a display: the one this runs on (a desktop, xvfb-run), else the private Xvfb
  const display = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
  if (options.frames && !display && xvfbRoot(godot)) xvfb = await startXvfb({godot})
  else if (options.frames && !display)
    note = 'no display and no Xvfb beside the Godot binary (scripts/install-godot.sh): frames cannot be compared'
  mkdirSync(join(root, '.engine'), {recursive: true})
  const logFile = join(root, '.engine', 'editor.log')
  const env = xvfb ? {...process.env, ...xvfb.env} : undefined
  const windowed = options.frames && (display || Boolean(xvfb))
  const pid = spawnEditor({godot, projectRoot: root, headless: !windowed, logFile, env, args: options.args})
  try {
    await waitForEditor(root, pid, options.timeoutMs, undefined, logFile)
  } catch (error) {
    killEditor(pid)
    xvfb?.stop()
    throw error
  }
  const stop = async () => {
    // a clean quit deletes the discovery file; a kill is the fallback for an editor that does not go
    try {
      const client = await EngineClient.connect({projectRoot: root, connectTimeoutMs: 5000, clientName: 'bridge test'})
      await client.call('editor.quit', {}, 10_000).catch(() => {})
      client.close()
    } catch {
      // not answering: killed below
    }
    const end = Date.now() + 20_000
    while (Date.now() < end && pidAlive(pid)) await new Promise((r) => setTimeout(r, 200))
    killEditor(pid)
    xvfb?.stop()
  }
  return {started: true, frames: windowed, display: windowed ? 'window' : 'headless', note, stop}
}
