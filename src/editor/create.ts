// A new Godot 4 project from nothing: project.godot, a main scene (2D or 3D, with a camera and a floor, and a
// light in 3D) and the bridge addon installed and enabled, ready for `bridge launch`. Everything is checked
// before the first write, and a failure part-way removes what this run wrote, so a refusal changes nothing.
import {existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {basename, join, resolve} from 'node:path'

import {UsageError} from '../errors.js'
import {copyAddon, enablePlugin} from './install.js'
import {findProjectRoot} from './project.js'

export type Dimension = '2d' | '3d'

export interface CreatedProject {
  project_root: string
  name: string
  dimension: Dimension
  main_scene: string
  files: string[]
  addon_dir: string
}

const MAIN_SCENE = 'main.tscn'

/** Files this run writes, relative to the project root (the addon folder is copied as a whole). */
const OWN_FILES = ['project.godot', MAIN_SCENE, '.gitignore', join('addons', 'bridge')]

/** Why `dir` cannot take a new project, or undefined when it can. */
export function createProblem(dir: string): string | undefined {
  if (existsSync(dir) && !statSync(dir).isDirectory()) return `${dir} is a file, not a folder`
  if (existsSync(join(dir, 'project.godot'))) return `${dir} already holds a Godot project (project.godot)`
  const taken = OWN_FILES.filter((f) => existsSync(join(dir, f)))
  if (taken.length > 0) return `${dir} already has ${taken.join(', ')}; pick an empty or new folder`
  return undefined
}

export function createProject(target: string, options: {dimension: Dimension; name?: string}): CreatedProject {
  const dir = resolve(target)
  const problem = createProblem(dir)
  if (problem) throw new UsageError(`cannot create a project: ${problem}; nothing was changed`, {project_root: dir})
  const outer = findProjectRoot(join(dir, '..'))
  if (outer)
    throw new UsageError(
      `cannot create a project inside another one (${outer}); Godot would treat it as part of that project; nothing was changed`,
      {project_root: dir},
    )
  const name = options.name ?? basename(dir)
  const existed = existsSync(dir)
  const written: string[] = []
  try {
    mkdirSync(dir, {recursive: true})
    const write = (file: string, text: string) => {
      writeFileSync(join(dir, file), text, {flag: 'wx'})
      written.push(file)
    }
    write('project.godot', projectGodot(name, options.dimension))
    write(MAIN_SCENE, options.dimension === '3d' ? MAIN_3D : MAIN_2D)
    write('.gitignore', '.godot/\n.engine/\n')
    written.push(join('addons', 'bridge'))
    const addonDir = copyAddon(dir)
    enablePlugin(dir)
    return {
      project_root: dir,
      name,
      dimension: options.dimension,
      main_scene: `res://${MAIN_SCENE}`,
      files: written,
      addon_dir: addonDir,
    }
  } catch (error) {
    if (!existed) rmSync(dir, {recursive: true, force: true})
    else {
      for (const file of written) rmSync(join(dir, file), {recursive: true, force: true})
      if (existsSync(join(dir, 'addons')) && readdirSync(join(dir, 'addons')).length === 0)
        rmSync(join(dir, 'addons'), {recursive: true})
    }
    throw error
  }
}

function projectGodot(name: string, dimension: Dimension): string {
  // the Compatibility renderer runs everywhere, a virtual display (Xvfb) included; Project Settings change it
  return `; Engine configuration file.
; Made by \`bridge create\` (${dimension.toUpperCase()}).

config_version=5

[application]

config/name=${JSON.stringify(name)}
run/main_scene="res://${MAIN_SCENE}"
config/features=PackedStringArray("4.6")

[rendering]

renderer/rendering_method="gl_compatibility"
renderer/rendering_method.mobile="gl_compatibility"
`
}

// The default window is 1152x648: the camera looks at its middle, the floor spans its bottom.
const MAIN_2D = `[gd_scene load_steps=2 format=3]

[sub_resource type="RectangleShape2D" id="RectangleShape2D_floor"]
size = Vector2(1152, 48)

[node name="Main" type="Node2D"]

[node name="Camera2D" type="Camera2D" parent="."]
position = Vector2(576, 324)

[node name="Floor" type="StaticBody2D" parent="."]
position = Vector2(576, 624)

[node name="Shape" type="CollisionShape2D" parent="Floor"]
shape = SubResource("RectangleShape2D_floor")

[node name="Look" type="ColorRect" parent="Floor"]
offset_left = -576.0
offset_top = -24.0
offset_right = 576.0
offset_bottom = 24.0
color = Color(0.35, 0.4, 0.45, 1)
`

const MAIN_3D = `[gd_scene load_steps=4 format=3]

[sub_resource type="PlaneMesh" id="PlaneMesh_floor"]
size = Vector2(20, 20)

[sub_resource type="BoxShape3D" id="BoxShape3D_floor"]
size = Vector3(20, 0.2, 20)

[sub_resource type="Environment" id="Environment_main"]
background_mode = 1
background_color = Color(0.45, 0.6, 0.8, 1)
ambient_light_source = 2
ambient_light_color = Color(0.6, 0.65, 0.7, 1)

[node name="Main" type="Node3D"]

[node name="WorldEnvironment" type="WorldEnvironment" parent="."]
environment = SubResource("Environment_main")

[node name="Sun" type="DirectionalLight3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 0.707107, 0.707107, 0, -0.707107, 0.707107, 0, 5, 0)
shadow_enabled = true

[node name="Camera3D" type="Camera3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 0.939693, 0.34202, 0, -0.34202, 0.939693, 0, 3, 6)
current = true

[node name="Floor" type="StaticBody3D" parent="."]

[node name="Mesh" type="MeshInstance3D" parent="Floor"]
mesh = SubResource("PlaneMesh_floor")

[node name="Shape" type="CollisionShape3D" parent="Floor"]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -0.1, 0)
shape = SubResource("BoxShape3D_floor")
`
