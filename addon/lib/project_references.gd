@tool
extends RefCounted
## Who refers to a project file, and rewriting those references when files move: text files (scenes,
## resources, scripts, shaders, .import settings) that quote its res:// path, binary resources that
## depend on it, and project settings (main scene, autoloads, translations…). Used by filesystem.*.

const BridgeFileOps := preload("file_ops.gd")
const BridgeSettings := preload("../core/settings.gd")

const TEXT_EXTENSIONS := ["tscn", "tres", "gd", "gdshader", "gdshaderinc", "cfg", "json", "import", "cs"]


## Every file under a res:// folder (recursively, without .import/.uid sidecars), or [path] for a file.
static func files_of(path: String) -> Array:
	if not DirAccess.dir_exists_absolute(path):
		return [path]
	var out: Array = []
	for f in DirAccess.get_files_at(path):
		if not f.get_extension() in ["import", "uid"] and not f.begins_with("."):
			out.append(path.path_join(f))
	for d in DirAccess.get_directories_at(path):
		out.append_array(files_of(path.path_join(d)))
	return out


## Files outside `paths` that refer to any of them: {file: [paths it names]}.
static func referrers(paths: Array) -> Dictionary:
	var out := {}
	var inside := {}
	for p: String in paths:
		inside[p] = true
	for file: String in _project_files():
		if inside.has(file) or inside.has(file.trim_suffix(".import")):
			continue
		var named: Array = []
		if file.get_extension() in TEXT_EXTENSIONS:
			var text := FileAccess.get_file_as_string(file)
			for p: String in paths:
				if text.contains("\"%s\"" % p):
					named.append(p)
		else:
			for dep in ResourceLoader.get_dependencies(file):
				var target := dep.get_slice("::", dep.count("::"))
				if inside.has(target) and not target in named:
					named.append(target)
		if not named.is_empty():
			out[file] = named
	return out


## Project settings whose value names one of the paths: {key: value}.
static func settings_referring(paths: Array) -> Dictionary:
	var out := {}
	for prop: Dictionary in ProjectSettings.get_property_list():
		var key := str(prop.name)
		if not key.contains("/") or not ProjectSettings.has_setting(key):
			continue
		var value: Variant = ProjectSettings.get_setting(key)
		if _names(value, paths):
			out[key] = value
	return out


## Replaces every quoted old path with its new path in a text file; returns whether it changed.
static func rewrite_text(file: String, mapping: Dictionary) -> bool:
	var text := FileAccess.get_file_as_string(file)
	var changed := text
	for old: String in mapping:
		changed = changed.replace("\"%s\"" % old, "\"%s\"" % mapping[old])
	if changed == text:
		return false
	return BridgeFileOps.write_text(file, changed) == OK


## The setting value with old paths replaced (strings, "*path" autoloads, string arrays).
static func remap_value(value: Variant, mapping: Dictionary) -> Variant:
	if value is String or value is StringName:
		var s := str(value)
		var star := s.begins_with("*")
		var bare := s.trim_prefix("*")
		if mapping.has(bare):
			return ("*" if star else "") + mapping[bare]
		return value
	if value is PackedStringArray or value is Array:
		var out: Variant = value.duplicate()
		for i: int in out.size():
			out[i] = remap_value(out[i], mapping)
		return out
	return value


static func _names(value: Variant, paths: Array) -> bool:
	if value is String or value is StringName:
		return str(value).trim_prefix("*") in paths
	if value is PackedStringArray or value is Array:
		for v: Variant in value:
			if _names(v, paths):
				return true
	return false


## Every project file, .import settings included, except the engine's folder and the bridge itself.
static func _project_files() -> Array:
	var out: Array = []
	var addon := BridgeSettings.addon_dir() + "/"
	for file: String in BridgeFileOps.all_files():
		if file.begins_with(addon):
			continue
		out.append(file)
		if FileAccess.file_exists(file + ".import"):
			out.append(file + ".import")
	return out
