// A project with many scenes, for the tests of switching scenes at any pace: a copy of the demo project with
// `count` 2D scenes of `nodes` sprites each under res://many/, and (optionally) a saved editor session that
// makes the editor reopen some of them at start-up, as a project worked on before does.
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {DEMO_PROJECT} from './editor.js'

export interface ManyScenes {
  root: string
  scene(i: number): string
  remove(): void
}

export function manyScenes(count: number, nodes = 100): ManyScenes {
  const root = mkdtempSync(join(tmpdir(), 'bridge-many-scenes-'))
  cpSync(DEMO_PROJECT, root, {recursive: true, filter: (src) => !/[/\\](\.godot|\.engine)$/.test(src)})
  mkdirSync(join(root, 'many'))
  for (let i = 0; i < count; i++) {
    const children = Array.from(
      {length: nodes},
      (_, j) => `[node name="N${j}" type="Sprite2D" parent="."]\nposition = Vector2(${j}, ${i})\n`,
    ).join('\n')
    writeFileSync(
      join(root, 'many', `s${i}.tscn`),
      `[gd_scene format=3]\n\n[node name="S${i}" type="Node2D"]\n\n${children}`,
    )
  }
  return {
    root,
    scene: (i) => `res://many/s${i}.tscn`,
    remove: () => rmSync(root, {recursive: true, force: true}),
  }
}

/** The editor session the editor restores at start-up (its own file, .godot/editor/editor_layout.cfg). */
export function writeSession(projectRoot: string, open: string[], current: string): void {
  mkdirSync(join(projectRoot, '.godot', 'editor'), {recursive: true})
  const list = open.map((p) => JSON.stringify(p)).join(', ')
  writeFileSync(
    join(projectRoot, '.godot', 'editor', 'editor_layout.cfg'),
    `[EditorNode]\n\nopen_scenes=PackedStringArray(${list})\ncurrent_scene=${JSON.stringify(current)}\n`,
  )
}
