@tool
extends "../../core/command_group.gd"
## script.create / script.list: new GDScript files from the editor's templates (or the project's own in
## res://script_templates), checked to compile before they are written; and the project's scripts with
## their class_name and base class. Attach a script to a node with node.script_attach.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeSource := preload("lib/gdscript_source.gd")
const BridgeSettings := preload("../../core/settings.gd")

const TEMPLATES := {
	"empty": "extends _BASE_\n",
	"default": "extends _BASE_\n\n\n# Called when the node enters the scene tree for the first time.\nfunc _ready() -> void:\n\tpass # Replace with function body.\n\n\n# Called every frame. 'delta' is the elapsed time since the previous frame.\nfunc _process(delta: float) -> void:\n\tpass\n",
	"basic_movement_2d": "extends _BASE_\n\n\nconst SPEED = 300.0\nconst JUMP_VELOCITY = -400.0\n\n\nfunc _physics_process(delta: float) -> void:\n\t# Add the gravity.\n\tif not is_on_floor():\n\t\tvelocity += get_gravity() * delta\n\n\t# Handle jump.\n\tif Input.is_action_just_pressed(\"ui_accept\") and is_on_floor():\n\t\tvelocity.y = JUMP_VELOCITY\n\n\t# Get the input direction and handle the movement/deceleration.\n\t# As good practice, you should replace UI actions with custom gameplay actions.\n\tvar direction := Input.get_axis(\"ui_left\", \"ui_right\")\n\tif direction:\n\t\tvelocity.x = direction * SPEED\n\telse:\n\t\tvelocity.x = move_toward(velocity.x, 0, SPEED)\n\n\tmove_and_slide()\n",
	"basic_movement_3d": "extends _BASE_\n\n\nconst SPEED = 5.0\nconst JUMP_VELOCITY = 4.5\n\n\nfunc _physics_process(delta: float) -> void:\n\t# Add the gravity.\n\tif not is_on_floor():\n\t\tvelocity += get_gravity() * delta\n\n\t# Handle jump.\n\tif Input.is_action_just_pressed(\"ui_accept\") and is_on_floor():\n\t\tvelocity.y = JUMP_VELOCITY\n\n\t# Get the input direction and handle the movement/deceleration.\n\t# As good practice, you should replace UI actions with custom gameplay actions.\n\tvar input_dir := Input.get_vector(\"ui_left\", \"ui_right\", \"ui_up\", \"ui_down\")\n\tvar direction := (transform.basis * Vector3(input_dir.x, 0, input_dir.y)).normalized()\n\tif direction:\n\t\tvelocity.x = direction.x * SPEED\n\t\tvelocity.z = direction.z * SPEED\n\telse:\n\t\tvelocity.x = move_toward(velocity.x, 0, SPEED)\n\t\tvelocity.z = move_toward(velocity.z, 0, SPEED)\n\n\tmove_and_slide()\n",
}
## The base class each movement template needs.
const TEMPLATE_BASE := {"basic_movement_2d": "CharacterBody2D", "basic_movement_3d": "CharacterBody3D"}


func commands() -> Array:
	return [
		{
			"method": "script.create",
			"summary": "Create a GDScript file from a template (empty, default with _ready/_process, basic_movement_2d/3d, or a res://script_templates file) with its base class and class_name; it must compile.",
			"params": [
				req("path", "string", "New file, e.g. res://scripts/enemy.gd", {"writes_path": true}),
				class_param("extends", "Object", "Base class: an engine class or a class_name", false, false, false, "Node"),
				opt("class_name", "string", "Register the script as a global class, PascalCase"),
				opt("template", "string", "empty, default, basic_movement_2d, basic_movement_3d, or a .gd template path in res://script_templates", "default"),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://scripts/enemy.gd", "extends": "CharacterBody2D", "class_name": "Enemy", "template": "basic_movement_2d"},
			"returns": {"path": "string", "extends": "string", "template": "string", "lines": "int", "class_name?": "string", "registered?": "bool"},
			"undo": "none",
			"handler": _create,
		},
		{
			"method": "script.list",
			"summary": "The project's scripts with their class_name and base class (what the editor's filesystem knows), in a folder.",
			"params": [
				opt("under", "string", "Folder to list", "res://"),
				opt("include_addons", "bool", "Also list scripts under res://addons", false),
			],
			"example": {"under": "res://scripts"},
			"returns": {"count": "int", "scripts": [{"path": "string", "class_name": "string", "extends": "string"}]},
			"read_only": true,
			"handler": _list,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = BridgeFileOps.checked(p.path)
	if path is BridgeError:
		return path
	if path.get_extension() != "gd":
		return c.invalid("path must end in .gd, got %s" % path, {"param": "path"})
	if FileAccess.file_exists(path) and not p.overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % path, {"path": path})
	var base: String = p.extends
	var globals := {}
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		globals[entry["class"]] = entry.path
	var template: Variant = _template(p.template, base)
	if template is BridgeError:
		return template
	var text: String = template.replace("_BASE_", base).replace("_CLASS_", path.get_file().get_basename().to_pascal_case()).replace("_TS_", "\t")
	if p.has("class_name"):
		var cls: String = p.class_name
		if not cls.is_valid_identifier() or ClassDB.class_exists(cls) or (globals.has(cls) and globals[cls] != path):
			return c.invalid("class_name '%s' is %s" % [cls, "taken by " + globals.get(cls, "the engine")
					if cls.is_valid_identifier() else "not a valid identifier"], {"param": "class_name"})
		text = "class_name %s\n" % cls + text
	var compiled := BridgeSource.check(text, path, server)
	if not compiled.ok:
		return c.failed("the script would not compile: line %d: %s" % [compiled.errors[0].line,
				compiled.errors[0].message], {"errors": compiled.errors})
	var err := BridgeFileOps.write_text(path, text)
	if err != OK:
		return c.failed("writing %s failed: %s" % [path, error_string(err)], {"path": path})
	await BridgeFileOps.refresh(server, [path])
	var out := {"path": path, "extends": base, "template": p.template, "lines": text.count("\n")}
	if p.has("class_name"):
		out["class_name"] = p.class_name
		out["registered"] = ProjectSettings.get_global_class_list().any(func(e: Dictionary) -> bool: return e["class"] == p.class_name)
	return out


func _list(c: BridgeCall) -> Variant:
	var p := c.params
	var under: String = p.under.trim_suffix("/") + "/" if p.under != "res://" else "res://"
	var fs := EditorInterface.get_resource_filesystem()
	var out: Array = []
	var stack: Array = [fs.get_filesystem()]
	while not stack.is_empty():
		var dir: EditorFileSystemDirectory = stack.pop_back()
		for i in dir.get_subdir_count():
			stack.append(dir.get_subdir(i))
		for i in dir.get_file_count():
			var path := dir.get_file_path(i)
			if not path.begins_with(under) or path.get_extension() != "gd":
				continue
			if path.begins_with("res://addons/") and not p.include_addons:
				continue
			out.append({"path": path, "class_name": dir.get_file_script_class_name(i),
					"extends": dir.get_file_script_class_extends(i)})
	out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.path < b.path)
	return {"count": out.size(), "scripts": out}


## The template text, or a BridgeError; a res:// template has Godot's meta header lines removed.
func _template(name: String, base: String) -> Variant:
	if TEMPLATES.has(name):
		var needs: String = TEMPLATE_BASE.get(name, "")
		if needs != "" and base != needs and not ClassDB.is_parent_class(base, needs):
			return BridgeError.invalid("the %s template needs a %s base, not %s" % [name, needs, base], {"param": "template"})
		return TEMPLATES[name]
	if name.begins_with("res://"):
		if not FileAccess.file_exists(name):
			return BridgeFileOps.missing(name)
		var lines: Array = Array(FileAccess.get_file_as_string(name).split("\n")).filter(
				func(l: String) -> bool: return not l.begins_with("# meta-"))
		return "\n".join(PackedStringArray(lines))
	return BridgeError.invalid("unknown template '%s'; use %s or a res://script_templates/<Base>/<name>.gd file" % [
			name, ", ".join(PackedStringArray(TEMPLATES.keys()))], {"param": "template"})
