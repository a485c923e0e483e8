@tool
extends RefCounted
## Which scripts debug.reload_scripts and debug.continue --reload send to the game, and the wait until the
## game holds their new text. A script that does not compile is never sent (the game would keep the old one
## and say nothing).

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeScriptCompile := preload("../../../core/script_compile.gd")


## {paths, skipped} to reload: the given files (each must exist and compile), or every project script that
## compiles when none are given (those that do not are `skipped`); a BridgeError for a bad given path.
static func choose(given: Array) -> Variant:
	var paths: Array = []
	var skipped: Array = []
	for path: Variant in given:
		var s := str(path)
		if not s.begins_with("res://") or not s.get_extension() == "gd" or not FileAccess.file_exists(s):
			return BridgeError.not_found("no GDScript file at '%s'" % s, {"param": "paths"})
		if not compiles(s):
			return BridgeError.invalid("%s does not compile; fix it first (script.validate shows why), nothing was reloaded"
					% s, {"param": "paths", "path": s})
		paths.append(s)
	if given.is_empty():
		for s: String in project_scripts("res://"):
			if compiles(s):
				paths.append(s)
			else:
				skipped.append(s)
	return {"paths": paths, "skipped": skipped}


## The shared compile check (core/script_compile.gd), on a copy apart from the loaded script.
static func compiles(path: String) -> bool:
	return BridgeScriptCompile.check_file(path, null).ok


## Every .gd file of the project outside .godot and the bridge addon (the game only reloads those it loaded).
static func project_scripts(dir: String) -> Array:
	var out: Array = []
	for f: String in DirAccess.get_files_at(dir):
		if f.get_extension() == "gd":
			out.append(dir.path_join(f))
	for d: String in DirAccess.get_directories_at(dir):
		var sub := dir.path_join(d)
		if not d.begins_with(".") and sub != "res://addons/bridge":
			out.append_array(project_scripts(sub))
	return out


## Null once the game's copy of every script in `paths` has the text of its file (the reload arrived), or a
## BridgeError after 10 s. Checked by the scripts' source hashes, through the game's own eval.
static func until_game_holds(link: Node, paths: Array) -> Variant:
	if paths.is_empty():
		return null
	var want: Array = paths.map(func(path: String) -> int: return FileAccess.get_file_as_string(path).hash())
	var code := "return [%s]" % ", ".join(PackedStringArray(paths.map(
			func(path: String) -> String: return "load(%s).source_code.hash()" % JSON.stringify(path))))
	var until := Time.get_ticks_msec() + 10000
	while Time.get_ticks_msec() < until:
		var got: Variant = await link.request("runtime.eval", {"code": code}, 10000)
		if got is BridgeError:
			return got
		var last: Variant = got.get("result")
		# numbers come back through JSON as floats: compare them as the ints the hashes are
		if last is Array and last.map(func(h: Variant) -> int: return int(h)) == want:
			return null
		await link.get_tree().process_frame
	return BridgeError.failed("the game did not take the new code within 10 s", {"paths": paths})
