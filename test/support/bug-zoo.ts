// The bug zoo: six kinds of game bug a developer meets, each planted in a small scene of its own, with the
// fix an agent would make, the bridge command that makes it, and a regression scenario that is red while the
// bug is there and green once it is fixed. test/e2e/game/bug-zoo.e2e.test.ts runs the whole loop over them.
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

import {DEMO_PROJECT} from './editor.js'
import {type EditorFixture, useEditor} from './fixture.js'
import type {Json} from './json.js'

export interface Bug {
  kind: string
  /** The buggy script, res:// path; its scene is the same path with .tscn. */
  script: string
  source: string
  /** Extra nodes and connections of the scene, after the root (tscn text). */
  sceneBody: string
  /** The line the engine names for the error (1-based), when it has one. */
  line?: number
  /** Words the error's message carries. */
  message?: RegExp
  /** The error stops the game in the debugger (a script error), rather than only being logged. */
  breaks: boolean
  /** Does not compile: scene.play says so at once. */
  compileError?: boolean
  /** The engine says nothing at run time (a dangling signal connection): test.scenes_load names it. */
  silentInGame?: boolean
  /** The bridge call that fixes it, and a line of the fixed text that proves it. */
  fix: {method: string; params: Json}
  fixed: string
  /** A line of the buggy text that must not come back. */
  buggy: string
  /** The regression scenario's checks (after a pause and ten ticks). */
  asserts: Json[]
}

const HEADER = (name: string) => `extends Node2D\n## Bug zoo: ${name}.\n\n`

export const BUGS: Bug[] = [
  {
    kind: 'null access',
    script: 'res://zoo/null_access.gd',
    source: `${HEADER('a target never assigned, read on the fifth tick')}var target: Node2D
var ticks := 0


func _physics_process(_delta: float) -> void:
\tticks += 1
\tif ticks >= 5:
\t\ttarget.position.x += 1.0
`,
    sceneBody: '[node name="Target" type="Node2D" parent="."]\n',
    line: 11,
    message: /Nil|null/i,
    breaks: true,
    fix: {
      method: 'script.edit',
      params: {
        path: 'res://zoo/null_access.gd',
        replacements: [{find: 'var target: Node2D\n', replace: '@onready var target: Node2D = $Target\n'}],
      },
    },
    fixed: '@onready var target: Node2D = $Target',
    buggy: 'var target: Node2D\n',
    asserts: [{assert: {node_path: 'Target', property: 'position:x', op: 'gt', expected: 0}}],
  },
  {
    kind: 'missing node path',
    script: 'res://zoo/missing_node.gd',
    source: `${HEADER('a misspelt node path, looked up on the third tick')}var score := 0


func _physics_process(_delta: float) -> void:
\tscore += 1
\tif score == 3:
\t\tget_node("Scoer").text = str(score)
`,
    sceneBody: '[node name="Score" type="Label" parent="."]\ntext = "0"\n',
    line: 10,
    message: /Scoer|Node not found|Nil|null/i,
    breaks: true,
    fix: {
      method: 'script.edit',
      params: {path: 'res://zoo/missing_node.gd', replacements: [{find: '"Scoer"', replace: '"Score"'}]},
    },
    fixed: 'get_node("Score").text = str(score)',
    buggy: '"Scoer"',
    asserts: [{assert: {node_path: 'Score', property: 'text', op: 'eq', expected: '3'}}],
  },
  {
    kind: 'misspelt method',
    script: 'res://zoo/misspelt_method.gd',
    source: `${HEADER('a call to a method the enemy does not have')}var ticks := 0


func _physics_process(_delta: float) -> void:
\tticks += 1
\tif ticks == 3:
\t\t$Enemy.take_damge(2)
`,
    sceneBody: '[node name="Enemy" type="Node2D" parent="."]\nscript = ExtResource("enemy")\n',
    line: 10,
    message: /take_damge/,
    breaks: true,
    fix: {
      method: 'script.edit',
      params: {path: 'res://zoo/misspelt_method.gd', replacements: [{find: 'take_damge', replace: 'take_damage'}]},
    },
    fixed: '$Enemy.take_damage(2)',
    buggy: 'take_damge',
    asserts: [{assert: {node_path: 'Enemy', property: 'health', op: 'eq', expected: 8}}],
  },
  {
    kind: 'script that does not compile',
    script: 'res://zoo/compile_error.gd',
    source: `${HEADER('a String added to an int')}var speed: int = 0


func _physics_process(_delta: float) -> void:
\tspeed += "fast"
\tposition.x += speed
`,
    sceneBody: '',
    line: 8,
    breaks: false,
    compileError: true,
    fix: {
      method: 'project.write_file',
      params: {
        path: 'res://zoo/compile_error.gd',
        overwrite: true,
        content: `${HEADER('a String added to an int')}var speed: int = 0


func _physics_process(_delta: float) -> void:
\tspeed += 2
\tposition.x += speed
`,
      },
    },
    fixed: '\tspeed += 2',
    buggy: 'speed += "fast"',
    asserts: [{assert: {node_path: '.', property: 'position:x', op: 'gt', expected: 0}}],
  },
  {
    kind: 'wrong signal connection',
    script: 'res://zoo/wrong_signal.gd',
    source: `${HEADER('a timer connected to a method that is not there')}var fired := 0


func _on_timeout() -> void:
\tfired += 1
`,
    sceneBody:
      '[node name="Tick" type="Timer" parent="."]\nprocess_callback = 0\nwait_time = 0.05\nautostart = true\n\n' +
      '[connection signal="timeout" from="Tick" to="." method="_on_tick_timeout"]\n',
    message: /_on_tick_timeout/,
    breaks: false,
    silentInGame: true,
    fix: {
      method: 'script.function_set',
      params: {
        path: 'res://zoo/wrong_signal.gd',
        name: '_on_tick_timeout',
        create: true,
        code: 'func _on_tick_timeout() -> void:\n\tfired += 1\n',
      },
    },
    fixed: 'func _on_tick_timeout() -> void:',
    buggy: 'this line is never written',
    asserts: [{assert: {node_path: '.', property: 'fired', op: 'gt', expected: 0}}],
  },
  {
    kind: 'logic bug with no error',
    script: 'res://zoo/double_score.gd',
    source: `${HEADER('a pickup counted twice')}var score := 0
var ticks := 0


func _physics_process(_delta: float) -> void:
\tticks += 1
\tif ticks == 4:
\t\t_collect()


func _collect() -> void:
\tscore += 1
\tscore += 1
`,
    sceneBody: '',
    breaks: false,
    fix: {
      method: 'script.function_set',
      params: {path: 'res://zoo/double_score.gd', name: '_collect', code: 'func _collect() -> void:\n\tscore += 1\n'},
    },
    fixed: 'func _collect() -> void:\n\tscore += 1\n',
    buggy: '\tscore += 1\n\tscore += 1',
    asserts: [{assert: {node_path: '.', property: 'score', op: 'eq', expected: 1}}],
  },
]

export const ENEMY = `extends Node2D
## Bug zoo: the enemy the misspelt call means.

var health := 10


func take_damage(amount: int) -> void:
\thealth -= amount
`

/** The scene of a bug: a Node2D root with the bug's script, and its nodes. */
export function sceneFor(bug: Bug): string {
  const enemy = bug.sceneBody.includes('ExtResource("enemy")')
    ? '[ext_resource type="Script" path="res://zoo/enemy.gd" id="enemy"]\n'
    : ''
  return (
    `[gd_scene load_steps=${enemy ? 3 : 2} format=3]\n\n` +
    `[ext_resource type="Script" path="${bug.script}" id="script"]\n${enemy}\n` +
    `[node name="Zoo" type="Node2D"]\nscript = ExtResource("script")\n\n${bug.sceneBody}`
  )
}

export const sceneOf = (bug: Bug) => bug.script.replace(/\.gd$/, '.tscn')

/** The regression scenario: hold the game, ten ticks, the bug's checks, and no error from the game. */
export function regression(bug: Bug): Json {
  return {
    scene: sceneOf(bug),
    steps: [{do: 'runtime.pause'}, {step: 10}, ...bug.asserts, {assert_no_errors: true}],
  }
}

/** A copy of the demo project with the zoo's scenes and scripts in res://zoo/. */
export function zooProject(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'bridge-zoo-')), 'zoo-game')
  cpSync(DEMO_PROJECT, root, {recursive: true})
  mkdirSync(join(root, 'zoo'))
  writeFileSync(join(root, 'zoo', 'enemy.gd'), ENEMY)
  for (const bug of BUGS) {
    writeFileSync(join(root, bug.script.replace('res://', '')), bug.source)
    writeFileSync(join(root, sceneOf(bug).replace('res://', '')), sceneFor(bug))
  }
  return root
}

/** One editor per zoo test file, on a fresh zoo project (with `files` added: res:// path → text), removed after. */
export function useZooEditor(files: Record<string, string> = {}): EditorFixture {
  let project = ''
  return useEditor({
    pristine: false,
    async prepare() {
      project = zooProject()
      for (const [res, text] of Object.entries(files)) writeFileSync(join(project, res.replace('res://', '')), text)
      return {fixture: project}
    },
    teardown: () => rmSync(dirname(project), {recursive: true, force: true}),
  })
}
