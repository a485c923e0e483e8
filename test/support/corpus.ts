// A corpus of small Godot 4 projects, each shaped like one kind of project people really bring to bridge
// (their own editor plugin and autoload, a `@tool` script that edits its scene on open, 50+ scenes, stale
// uid:// references, a nested copy with duplicate class_names, a tile map, 3D, UI with a theme, shaders, a
// test scene that prints and quits at once). Written from code into a temp dir: no downloads, nothing
// imported (textures are GradientTexture2D sub-resources), so each editor starts fast.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

/** How the corpus test edits a project through bridge (and reads the edit back). */
export type CorpusEdit =
  | {kind: 'node'} // node.add under the main scene's root, then scene.save
  | {kind: 'tiles'; layer: string} // tilemap.set_cells on a TileMapLayer, then scene.save
  | {kind: 'shader'; node: string; param: string} // shader.set_param on a node with a ShaderMaterial
  | {kind: 'script'; path: string; find: string; replace: string} // script.edit; the game prints `replace`

export interface CorpusProject {
  name: string
  root: string
  /** Every scene file of the project (res:// paths), the ones the editor sees. */
  scenes: string[]
  /** The main scene (project.godot's run/main_scene). */
  main: string
  edit: CorpusEdit
  /** The main scene quits by itself at once: a play of it is a finished run. */
  quits?: boolean
  /** A node the project's `@tool` script adds to the main scene when the editor opens it. */
  addedOnOpen?: string
  /** Lines project.godot must still hold after bridge's install (the project's own plugins and autoloads). */
  keeps?: string[]
}

export interface Corpus {
  dir: string
  projects: CorpusProject[]
  remove(): void
}

type Files = Record<string, string>

const NODE2D_MAIN = (children = '') => `[gd_scene format=3]\n\n[node name="Main" type="Node2D"]\n${children}`

function projectGodot(name: string, extra = ''): string {
  return (
    `config_version=5\n\n[application]\n\nconfig/name="${name}"\nrun/main_scene="res://main.tscn"\n` +
    `config/features=PackedStringArray("4.6")\n${extra}`
  )
}

/** A scene whose root runs `script` (an ext_resource), with extra node text after the root. */
function scriptedScene(root: string, type: string, script: string, children = '', header = ''): string {
  return (
    `[gd_scene format=3${header}]\n\n[ext_resource type="Script" path="${script}" id="1_s"]\n\n` +
    `[node name="${root}" type="${type}"]\nscript = ExtResource("1_s")\n${children}`
  )
}

function pluginAndAutoload(): Files {
  return {
    'project.godot': projectGodot(
      'Plugin and autoload',
      '\n[autoload]\n\nGameState="*res://autoloads/game_state.gd"\n\n' +
        '[editor_plugins]\n\nenabled=PackedStringArray("res://addons/level_tools/plugin.cfg")\n',
    ),
    'addons/level_tools/plugin.cfg':
      '[plugin]\n\nname="Level Tools"\ndescription="The project\'s own plugin"\nauthor="corpus"\nversion="1.0"\nscript="plugin.gd"\n',
    'addons/level_tools/plugin.gd':
      '@tool\nextends EditorPlugin\n\n\nfunc _enter_tree() -> void:\n\tadd_tool_menu_item("Count levels", _count)\n\n\n' +
      'func _exit_tree() -> void:\n\tremove_tool_menu_item("Count levels")\n\n\nfunc _count() -> void:\n\tprint("levels: 2")\n',
    'autoloads/game_state.gd':
      'extends Node\n\nvar score: int = 0\n\n\nfunc add_points(n: int) -> void:\n\tscore += n\n',
    'main.gd': 'extends Node2D\n\n\nfunc _ready() -> void:\n\tGameState.add_points(1)\n',
    'main.tscn': scriptedScene(
      'Main',
      'Node2D',
      'res://main.gd',
      '\n[node name="Hud" type="CanvasLayer" parent="."]\n',
    ),
    'levels/level_1.tscn': NODE2D_MAIN('\n[node name="Spawn" type="Marker2D" parent="."]\n').replace(
      '"Main"',
      '"Level1"',
    ),
  }
}

function toolEditsOnOpen(): Files {
  const tool =
    "@tool\nextends Node2D\n\n## Edits its own scene when the editor opens it, as many projects' tools do.\n" +
    'func _ready() -> void:\n\tif not Engine.is_editor_hint():\n\t\treturn\n\tif not has_node("AddedOnOpen"):\n' +
    '\t\tvar marker := Marker2D.new()\n\t\tmarker.name = "AddedOnOpen"\n\t\tadd_child(marker)\n\t\tmarker.owner = self\n' +
    '\tmodulate = Color(0.9, 0.9, 1.0)\n'
  return {
    'project.godot': projectGodot('Tool script edits on open'),
    'tools/builder.gd': tool,
    'main.tscn': scriptedScene(
      'Main',
      'Node2D',
      'res://tools/builder.gd',
      '\n[node name="Floor" type="Node2D" parent="."]\n',
    ),
    'rooms/room.tscn': scriptedScene('Room', 'Node2D', 'res://tools/builder.gd'),
  }
}

function manyScenes(count: number): Files {
  const files: Files = {'project.godot': projectGodot('Many scenes')}
  for (let i = 0; i < count; i++)
    files[`levels/level_${i}.tscn`] =
      `[gd_scene format=3]\n\n[node name="Level${i}" type="Node2D"]\n\n` +
      `[node name="Label" type="Label" parent="."]\ntext = "level ${i}"\n\n` +
      `[node name="Spawn" type="Marker2D" parent="."]\nposition = Vector2(${i * 8}, 0)\n`
  files['main.tscn'] =
    '[gd_scene format=3]\n\n[ext_resource type="PackedScene" path="res://levels/level_0.tscn" id="1_l"]\n\n' +
    '[node name="Main" type="Node2D"]\n\n[node name="Level0" parent="." instance=ExtResource("1_l")]\n'
  return files
}

function staleUids(): Files {
  return {
    'project.godot': projectGodot('Stale UIDs'),
    'scripts/mover.gd':
      'extends Node2D\n\nvar speed: float = 40.0\n\n\nfunc _process(delta: float) -> void:\n\tposition.x += speed * delta\n',
    'scripts/mover.gd.uid': 'uid://bmoverreal01\n',
    'parts/enemy.tscn': '[gd_scene format=3 uid="uid://denemyreal01"]\n\n[node name="Enemy" type="Node2D"]\n',
    // the uids here match no .uid file and no scene header: the project was copied around and re-imported
    'main.tscn':
      '[gd_scene format=3 uid="uid://cmainreal001"]\n\n' +
      '[ext_resource type="Script" uid="uid://cstalemover1" path="res://scripts/mover.gd" id="1_m"]\n' +
      '[ext_resource type="PackedScene" uid="uid://dstaleenemy1" path="res://parts/enemy.tscn" id="2_e"]\n\n' +
      '[node name="Main" type="Node2D"]\nscript = ExtResource("1_m")\n\n' +
      '[node name="Enemy" parent="." instance=ExtResource("2_e")]\n',
    'parts/wave.tscn':
      '[gd_scene format=3]\n\n[ext_resource type="PackedScene" uid="uid://dstaleenemy2" path="res://parts/enemy.tscn" id="1_e"]\n\n' +
      '[node name="Wave" type="Node2D"]\n\n[node name="A" parent="." instance=ExtResource("1_e")]\n',
  }
}

function nestedCopy(): Files {
  const game: Files = {
    'scripts/player.gd': 'class_name Player\nextends Node2D\n\nvar lives: int = 3\n',
    'scripts/enemy.gd': 'class_name Enemy\nextends Node2D\n\n\nfunc hit() -> void:\n\tqueue_free()\n',
    // uses the class_names as types: which of the two scripts each names is the editor's choice
    'scripts/game.gd':
      'class_name Game\nextends Node2D\n\n\nfunc _ready() -> void:\n\tvar player: Player = $Player\n' +
      '\tvar enemy: Enemy = $Enemy\n\tprint(player.lives, enemy.name)\n',
    'main.tscn':
      '[gd_scene format=3]\n\n[ext_resource type="Script" path="res://scripts/player.gd" id="1_p"]\n' +
      '[ext_resource type="Script" path="res://scripts/enemy.gd" id="2_e"]\n' +
      '[ext_resource type="Script" path="res://scripts/game.gd" id="3_g"]\n\n' +
      '[node name="Main" type="Node2D"]\nscript = ExtResource("3_g")\n\n' +
      '[node name="Player" type="Node2D" parent="."]\nscript = ExtResource("1_p")\n\n' +
      '[node name="Enemy" type="Node2D" parent="."]\nscript = ExtResource("2_e")\n',
  }
  const files: Files = {'project.godot': projectGodot('Nested copy'), ...game}
  // a backup of the game inside itself (no project.godot of its own): the same class_names twice
  for (const [path, text] of Object.entries(game))
    files[`backup/${path}`] = text.replaceAll('res://scripts/', 'res://backup/scripts/')
  return files
}

function tilemap(): Files {
  const tileset =
    '[gd_resource type="TileSet" format=3]\n\n[sub_resource type="Gradient" id="g"]\n\n' +
    '[sub_resource type="GradientTexture2D" id="t"]\ngradient = SubResource("g")\nwidth = 32\nheight = 16\n\n' +
    '[sub_resource type="TileSetAtlasSource" id="a"]\ntexture = SubResource("t")\ntexture_region_size = Vector2i(16, 16)\n' +
    '0:0/0 = 0\n1:0/0 = 0\n\n[resource]\ntile_size = Vector2i(16, 16)\nsources/0 = SubResource("a")\n'
  const level = (root: string) =>
    '[gd_scene format=3]\n\n[ext_resource type="TileSet" path="res://tiles/ground.tres" id="1_t"]\n\n' +
    '[sub_resource type="RectangleShape2D" id="r"]\nsize = Vector2(12, 14)\n\n' +
    `[node name="${root}" type="Node2D"]\n\n[node name="Ground" type="TileMapLayer" parent="."]\ntile_set = ExtResource("1_t")\n\n` +
    '[node name="Player" type="CharacterBody2D" parent="."]\n\n' +
    '[node name="Shape" type="CollisionShape2D" parent="Player"]\nshape = SubResource("r")\n\n' +
    '[node name="Camera" type="Camera2D" parent="Player"]\n'
  return {
    'project.godot': projectGodot('Tile map 2D'),
    'tiles/ground.tres': tileset,
    'main.tscn': level('Main'),
    'levels/cave.tscn': level('Cave'),
  }
}

function world3d(): Files {
  return {
    'project.godot': projectGodot('World 3D').replace('res://main.tscn', 'res://world.tscn'),
    'world.tscn':
      '[gd_scene format=3]\n\n[sub_resource type="BoxMesh" id="b"]\n\n[sub_resource type="SphereMesh" id="s"]\n\n' +
      '[sub_resource type="Environment" id="e"]\nbackground_mode = 1\n\n[sub_resource type="BoxShape3D" id="c"]\n\n' +
      '[node name="Main" type="Node3D"]\n\n[node name="Env" type="WorldEnvironment" parent="."]\nenvironment = SubResource("e")\n\n' +
      '[node name="Sun" type="DirectionalLight3D" parent="."]\n\n[node name="Lamp" type="OmniLight3D" parent="."]\n\n' +
      '[node name="Crate" type="MeshInstance3D" parent="."]\nmesh = SubResource("b")\n\n' +
      '[node name="Ball" type="MeshInstance3D" parent="."]\nmesh = SubResource("s")\n\n' +
      '[node name="Floor" type="StaticBody3D" parent="."]\n\n[node name="Shape" type="CollisionShape3D" parent="Floor"]\nshape = SubResource("c")\n\n' +
      '[node name="Camera" type="Camera3D" parent="."]\n',
    'props/lamp.tscn': '[gd_scene format=3]\n\n[node name="Lamp" type="SpotLight3D"]\n',
  }
}

function uiTheme(): Files {
  const screen = (root: string, body: string) =>
    '[gd_scene format=3]\n\n[ext_resource type="Theme" path="res://ui/theme.tres" id="1_t"]\n\n' +
    `[node name="${root}" type="Control"]\nlayout_mode = 3\nanchors_preset = 15\nanchor_right = 1.0\nanchor_bottom = 1.0\ntheme = ExtResource("1_t")\n\n` +
    `[node name="Box" type="VBoxContainer" parent="."]\nlayout_mode = 0\n\n${body}`
  return {
    'project.godot': projectGodot('UI and theme'),
    'ui/theme.tres':
      '[gd_resource type="Theme" format=3]\n\n[sub_resource type="StyleBoxFlat" id="s"]\nbg_color = Color(0.2, 0.3, 0.4, 1)\n\n' +
      '[resource]\ndefault_font_size = 18\nButton/styles/normal = SubResource("s")\n',
    'main.tscn': screen(
      'Main',
      '[node name="Title" type="Label" parent="Box"]\nlayout_mode = 2\ntext = "Menu"\n\n' +
        '[node name="Play" type="Button" parent="Box"]\nlayout_mode = 2\ntext = "Play"\n\n' +
        '[node name="Name" type="LineEdit" parent="Box"]\nlayout_mode = 2\n',
    ),
    'ui/options.tscn': screen(
      'Options',
      '[node name="Volume" type="HSlider" parent="Box"]\nlayout_mode = 2\n\n' +
        '[node name="Full" type="CheckBox" parent="Box"]\nlayout_mode = 2\ntext = "Fullscreen"\n',
    ),
  }
}

function shaders(): Files {
  return {
    'project.godot': projectGodot('Shaders'),
    'shaders/tint.gdshader':
      'shader_type canvas_item;\n\nuniform vec4 tint : source_color = vec4(1.0);\n\nvoid fragment() {\n\tCOLOR *= tint;\n}\n',
    'shaders/glow.gdshader':
      'shader_type spatial;\n\nuniform float glow = 1.0;\n\nvoid fragment() {\n\tEMISSION = vec3(glow);\n}\n',
    'materials/tint.tres':
      '[gd_resource type="ShaderMaterial" format=3]\n\n[ext_resource type="Shader" path="res://shaders/tint.gdshader" id="1_s"]\n\n' +
      '[resource]\nshader = ExtResource("1_s")\nshader_parameter/tint = Color(1, 0, 0, 1)\n',
    'main.tscn':
      '[gd_scene format=3]\n\n[ext_resource type="Material" path="res://materials/tint.tres" id="1_m"]\n\n' +
      '[node name="Main" type="Node2D"]\n\n[node name="Body" type="ColorRect" parent="."]\nmaterial = ExtResource("1_m")\n' +
      'offset_right = 32.0\noffset_bottom = 32.0\n',
    'glow.tscn':
      '[gd_scene format=3]\n\n[ext_resource type="Shader" path="res://shaders/glow.gdshader" id="1_g"]\n\n' +
      '[sub_resource type="ShaderMaterial" id="m"]\nshader = ExtResource("1_g")\n\n[sub_resource type="BoxMesh" id="b"]\n\n' +
      '[node name="Glow" type="MeshInstance3D"]\nmesh = SubResource("b")\nmaterial_override = SubResource("m")\n',
  }
}

function quitsFast(): Files {
  return {
    'project.godot': projectGodot('Test scene that quits'),
    'tests/run.gd': 'extends Node\n\n\nfunc _ready() -> void:\n\tprint("CORPUS RESULT: v1")\n\tget_tree().quit()\n',
    'main.tscn': scriptedScene('Main', 'Node', 'res://tests/run.gd'),
    'game.tscn': NODE2D_MAIN('\n[node name="Sprite" type="Sprite2D" parent="."]\n'),
  }
}

/** Writes the corpus (ten projects) under a fresh temp dir. */
export function writeCorpus(): Corpus {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-corpus-'))
  const specs: {
    name: string
    files: Files
    edit: CorpusEdit
    quits?: boolean
    keeps?: string[]
    addedOnOpen?: string
  }[] = [
    {
      name: 'plugin-autoload',
      files: pluginAndAutoload(),
      edit: {kind: 'node'},
      keeps: ['GameState="*res://autoloads/game_state.gd"', 'res://addons/level_tools/plugin.cfg'],
    },
    {name: 'tool-edits-on-open', files: toolEditsOnOpen(), edit: {kind: 'node'}, addedOnOpen: 'AddedOnOpen'},
    {name: 'many-scenes', files: manyScenes(55), edit: {kind: 'node'}},
    {name: 'stale-uids', files: staleUids(), edit: {kind: 'node'}},
    {name: 'nested-copy', files: nestedCopy(), edit: {kind: 'node'}},
    {name: 'tilemap-2d', files: tilemap(), edit: {kind: 'tiles', layer: 'Ground'}},
    {name: 'world-3d', files: world3d(), edit: {kind: 'node'}},
    {name: 'ui-theme', files: uiTheme(), edit: {kind: 'node'}},
    {name: 'shaders', files: shaders(), edit: {kind: 'shader', node: 'Body', param: 'tint'}},
    {
      name: 'quits-fast',
      files: quitsFast(),
      quits: true,
      edit: {kind: 'script', path: 'res://tests/run.gd', find: 'CORPUS RESULT: v1', replace: 'CORPUS RESULT: v2'},
    },
  ]
  const projects = specs.map(({name, files, ...rest}) => {
    const root = join(dir, name)
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), {recursive: true})
      writeFileSync(join(root, path), text)
    }
    const scenes = Object.keys(files)
      .filter((p) => p.endsWith('.tscn'))
      .sort()
      .map((p) => `res://${p}`)
    const main = /run\/main_scene="([^"]+)"/.exec(files['project.godot'])?.[1] ?? 'res://main.tscn'
    return {name, root, scenes, main, ...rest}
  })
  return {dir, projects, remove: () => rmSync(dir, {recursive: true, force: true})}
}
