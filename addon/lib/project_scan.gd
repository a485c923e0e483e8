@tool
extends RefCounted
## The project's files as the analysis and cleanup commands see them, read straight from disk (no editor
## scan needed): every file, which text files mention which resource (by res:// path or uid://), and the
## dependencies of scenes and resources. Static: `const BridgeProjectScan := preload("project_scan.gd")`.

const BridgeSettings := preload("../core/settings.gd")

## Files whose text can reference a resource.
const TEXT_EXTS := ["tscn", "tres", "gd", "gdshader", "gdshaderinc", "godot", "cfg", "json", "import", "material"]
const RESOURCE_EXTS := ["tscn", "scn", "tres", "res", "gd", "gdshader", "png", "jpg", "jpeg", "webp", "svg", "bmp", "tga", "wav", "ogg",
		"mp3", "glb", "gltf", "obj", "fbx", "blend", "ttf", "otf", "woff", "woff2", "material", "mesh", "anim"]


## Every file under `dir` (res:// paths), skipping hidden folders (.godot, .engine, .git) and, unless asked,
## addons/.
static func files(dir: String = "res://", include_addons: bool = false) -> Array:
	var out: Array = []
	for f: String in DirAccess.get_files_at(dir):
		out.append(dir.path_join(f))
	for d: String in DirAccess.get_directories_at(dir):
		var sub := dir.path_join(d)
		if d.begins_with(".") or (not include_addons and sub == "res://addons"):
			continue
		out.append_array(files(sub, include_addons))
	return out


## The uid:// of a resource file, or "" when it has none.
static func uid_of(path: String) -> String:
	var id := ResourceLoader.get_resource_uid(path)
	return ResourceUID.id_to_text(id) if id != ResourceUID.INVALID_ID else ""


## {referenced path: [files mentioning it]} for every res:// path or uid:// in the project's text files.
## uid:// mentions are resolved to their path.
static func references(include_addons: bool = true) -> Dictionary:
	var out: Dictionary = {}
	var pattern := RegEx.create_from_string("(res://[^\"'\\s\\)\\]]+|uid://[a-z0-9]+)")
	# the bridge's own source names demo paths in its command examples: that is no use of them
	var own := BridgeSettings.addon_dir() + "/"
	for file: String in files("res://", include_addons):
		if not file.get_extension() in TEXT_EXTS or file.begins_with(own):
			continue
		var text := FileAccess.get_file_as_string(file)
		for m: RegExMatch in pattern.search_all(text):
			var target := m.get_string()
			if target.begins_with("uid://"):
				var id := ResourceUID.text_to_id(target)
				if id == ResourceUID.INVALID_ID or not ResourceUID.has_id(id):
					continue
				target = ResourceUID.get_id_path(id)
			if file.get_extension() == "import" and target == file.get_basename():
				continue  # an .import file naming its own source
			var users: Array = out.get_or_add(target, [])
			if not file in users:
				users.append(file)
	return out


## A resource's direct dependencies as res:// paths (uids resolved), missing ones included.
static func dependencies(path: String) -> Array:
	var out: Array = []
	for entry: String in ResourceLoader.get_dependencies(path):
		var parts := entry.split("::")
		var target := parts[parts.size() - 1]
		if not target.begins_with("res://") and parts[0].begins_with("uid://"):
			var id := ResourceUID.text_to_id(parts[0])
			target = ResourceUID.get_id_path(id) if ResourceUID.has_id(id) else parts[0]
		if target != "" and not target in out:
			out.append(target)
	return out


## ext_resource paths a text scene/resource names that do not exist on disk.
static func missing_ext_resources(file: String) -> Array:
	var out: Array = []
	var pattern := RegEx.create_from_string("\\[ext_resource[^\\]]*?path=\"([^\"]+)\"")
	for m: RegExMatch in pattern.search_all(FileAccess.get_file_as_string(file)):
		var target := m.get_string(1)
		if not FileAccess.file_exists(target) and not target in out:
			out.append(target)
	return out
