// What the sweeps over every command's example share (test/e2e/commands/sweeps.e2e.test.ts and
// engine-messages.e2e.test.ts): the declarations as engine.commands gives them, the project's files to put back
// after each mutating example, the order the examples run in, and a fresh start for each.

import type {Json} from './json.js'
import {restore, snapshot} from './project-files.js'

export interface Doc extends Json {
  method: string
  params: Json[]
  example: Json
  read_only: boolean
  needs: string
  undo: 'scene' | 'global' | 'none'
  output_schema?: Json
  result_schema?: Json
  example_setup?: {method: string; params?: Json}[]
  example_scene?: string
  example_refused?: Json
  /** Why the command's answer may exceed the sweep's answer budget. */
  answer_size?: string
}

export const MAIN_SCENE = 'res://scenes/main.tscn'
/** BRIDGE_SWEEP_GROUPS=node,physics limits the sweeps to some groups (while working on them). */
export const SWEEP_GROUPS = (process.env.BRIDGE_SWEEP_GROUPS ?? '').split(',').filter(Boolean)
/** Commands that end or restart what the sweep stands on: run once, last, by the order below. */
const LAST = ['scene.stop', 'editor.quit']
/** Game commands that need the game stopped in the debugger, or leave it there: after every other game command,
 *  in this order (debug.evaluate's setup stops it inside a function, debug.step and debug.continue go on from
 *  there, debug.pause breaks in last). */
const DEBUGGER_LAST = [
  'debug.reload_scripts',
  'debug.state',
  'debug.evaluate',
  'debug.step',
  'debug.continue',
  'debug.pause',
]

// the project's files to put back after each mutating example (test/support/project-files.ts, the read-only sweep's too)
export {restore, snapshot}

/**
 * The order the examples run in: the editor's commands, then scene.play (which starts the game), the game's
 * commands (the debugger's last), then scene.stop and editor.quit. `inGame` are those that run in the game
 * scene.play started, after their own setup only (no fresh start, which would stop it).
 */
export function exampleOrder(docs: Doc[], play: Doc): {sequence: Doc[]; inGame: Set<Doc>} {
  const special = [...LAST, 'scene.play']
  const editorSide = docs.filter((d) => !special.includes(d.method) && d.needs !== 'game')
  const gameSide = docs
    .filter((d) => d.needs === 'game' && !special.includes(d.method))
    .sort((a, b) => DEBUGGER_LAST.indexOf(a.method) - DEBUGGER_LAST.indexOf(b.method))
  const last = LAST.map((m) => docs.find((d) => d.method === m)).filter((d): d is Doc => d !== undefined)
  const sequence = [...editorSide, ...(gameSide.length > 0 || docs.includes(play) ? [play] : []), ...gameSide, ...last]
  return {sequence, inGame: new Set([play, ...gameSide, ...last])}
}

/** The project and the scenes as the fixture has them: files put back, the example's scene open and reloaded. */
export async function freshFor(
  call: (method: string, params?: Json) => Promise<Json>,
  root: string,
  files: Map<string, Buffer>,
  doc: Doc,
): Promise<void> {
  // the editor must see the restored tree before a setup writes the same files again: a file deleted and
  // rewritten within one second of a scan that never saw it gone keeps its old record (the mtime matches) while
  // its .import is gone, and stays unimported ("no texture at res://art/tiles.png" in the sweeps at load)
  if (restore(root, files)) await call('project.scan')
  const scene = doc.example_scene ?? MAIN_SCENE
  await call('scene.open', {path: scene})
  await call('scene.reload', {path: scene})
  for (const step of doc.example_setup ?? []) await call(step.method, step.params ?? {})
}
