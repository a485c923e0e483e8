@tool
extends "../../core/command_group.gd"
## test.scenes_load: a smoke test of every scene file, the check CI runs before anything plays: does it
## load, does it instantiate, how long that takes, and the configuration warnings its nodes raise.
## Nothing is added to the editor: each scene is instantiated apart and freed. What the engine logs while it
## loads a broken scene is this check's answer (the scene's error), not an entry in editor.errors. Its scripts
## (and those of the scenes it instances) are compiled with the check script.validate uses
## (core/script_compile.gd): a scene whose script does not compile fails here too, though it loads (its node
## just has no script).

const BridgeOutputLog := preload("../../core/output_log.gd")
const BridgeScriptCompile := preload("../../core/script_compile.gd")
const BridgeConnectionCheck := preload("../../lib/connection_check.gd")

## One scene's check: nodes and warnings when it instantiated, error when it did not.
const SCENE := {"scene": "string", "ok": "bool", "ms": "float", "nodes?": "int", "warnings?": [{"node": "string", "warnings": ["string"]}],
		"error?": "string", "scripts?": [{"path": "string", "errors": [{"line": "int", "message": "string", "type": "string"}]}],
		"connections?": [{"scene": "string", "node": "string", "signal": "string", "from": "string", "to": "string", "method": "string", "problem": "string"}]}


func commands() -> Array:
	return [
		{
			"method": "test.scenes_load",
			"verdict": "ok",
			"summary": "Smoke-test every scene file under a folder: load and instantiate each, report failures (missing dependencies, broken files, scripts that do not compile by script.validate's check, signal connections to a node or method that is not there — the engine drops those silently), time taken, node counts and configuration warnings.",
			"params": [
				opt("under", "string", "Folder to check", "res://"),
				opt("include_addons", "bool", "Check scenes inside addons/ too", false),
				opt("warnings", "bool", "Collect each node's configuration warnings", true),
			],
			"example": {"under": "res://scenes"},
			"read_only": true,
			"timeout_ms": 300000,
			"returns": {"checked": "int", "passed": "int", "failed": [SCENE], "scenes": [SCENE], "ok": "bool"},
			"handler": _scenes_load,
		},
	]


func _scenes_load(bc: BridgeCall) -> Variant:
	var p := bc.params
	if not p.under.begins_with("res://") or not DirAccess.dir_exists_absolute(p.under):
		return bc.not_found("no folder '%s'" % p.under, {"param": "under"})
	var results: Array = []
	var failed: Array = []
	var logger: BridgeOutputLog = BridgeOutputLog.of(server)
	for file: String in _scenes(p.under, p.include_addons):
		var since: int = logger.next_seq() if logger else 0
		var entry := {"scene": file, "ok": false}
		var started := Time.get_ticks_usec()
		var missing: Array = []
		for dep: String in ResourceLoader.get_dependencies(file):
			var target := dep.get_slice("::", dep.get_slice_count("::") - 1)
			if target.begins_with("res://") and not ResourceLoader.exists(target):
				missing.append(target)
		var packed: PackedScene = null
		if missing.is_empty():
			packed = ResourceLoader.load(file, "PackedScene", ResourceLoader.CACHE_MODE_IGNORE) as PackedScene
		var broken := _broken_scripts(file, {})
		if not broken.is_empty():
			entry.scripts = broken
		if packed == null:
			entry.error = "missing dependencies: %s" % ", ".join(missing) if not missing.is_empty() else "does not load as a PackedScene"
		elif not packed.can_instantiate():
			entry.error = "the PackedScene holds no nodes"
		else:
			var root := packed.instantiate()
			if root == null:
				entry.error = "instantiate() failed"
			else:
				var dangling := _dangling_connections(packed.get_state(), root, file)
				if not dangling.is_empty():
					entry.connections = dangling
				entry.ok = broken.is_empty() and dangling.is_empty()
				if not broken.is_empty():
					var first: Dictionary = broken[0]
					var why: Dictionary = first.errors[0] if not first.errors.is_empty() else {"line": 0, "message": "does not compile"}
					entry.error = "%s does not compile (%s:%d: %s); script.validate shows every error" % [first.path, first.path, why.line, why.message]
				elif not dangling.is_empty():
					var c: Dictionary = dangling[0]
					entry.error = "signal %s of %s is connected to %s.%s: %s (the game drops the call without an error)" % [
							c.signal, c.from, c.to, c.method, c.problem]
				entry.nodes = _count(root)
				if p.warnings:
					entry.warnings = _warnings(root, root)
				root.free()
		entry.ms = snappedf((Time.get_ticks_usec() - started) / 1000.0, 0.01)
		var logged: Array = logger.take(since) if logger else []
		var engine_errors := logged.filter(func(e: Dictionary) -> bool: return e.type != "print")
		if not entry.ok and not engine_errors.is_empty():
			entry.error += " (the engine: %s)" % str(engine_errors[0].message).trim_suffix(".")
		results.append(entry)
		if not entry.ok:
			failed.append(entry)
	return {"checked": results.size(), "passed": results.size() - failed.size(), "failed": failed, "scenes": results,
			"ok": failed.is_empty()}


## The scene's own signal connections whose nodes or method are not there (lib/connection_check.gd), each also
## with `from` (the emitter, as this command named it before `node`).
static func _dangling_connections(state: SceneState, root: Node, scene: String) -> Array:
	return BridgeConnectionCheck.dangling(state, root, scene).map(func(c: Dictionary) -> Dictionary: return c.merged({"from": c.node}))


## [{path, errors}] of the scripts `file` uses (directly, or through the scenes it instances) that do not compile.
func _broken_scripts(file: String, seen: Dictionary) -> Array:
	var out: Array = []
	seen[file] = true
	for dep: String in ResourceLoader.get_dependencies(file):
		var target := dep.get_slice("::", dep.get_slice_count("::") - 1)
		if seen.has(target) or not target.begins_with("res://") or not FileAccess.file_exists(target):
			continue
		seen[target] = true
		if target.get_extension() == "gd":
			var res := BridgeScriptCompile.check_file(target, server)
			if not res.ok:
				out.append({"path": target, "errors": res.errors})
		elif target.get_extension() in ["tscn", "scn"]:
			out.append_array(_broken_scripts(target, seen))
	return out


static func _scenes(dir: String, include_addons: bool) -> Array:
	var out: Array = []
	for f: String in DirAccess.get_files_at(dir):
		if f.get_extension() in ["tscn", "scn"]:
			out.append(dir.path_join(f))
	for d: String in DirAccess.get_directories_at(dir):
		var sub := dir.path_join(d)
		if d.begins_with(".") or (not include_addons and sub == "res://addons"):
			continue
		out.append_array(_scenes(sub, include_addons))
	return out


static func _count(node: Node) -> int:
	var n := 1
	for child in node.get_children():
		n += _count(child)
	return n


static func _warnings(root: Node, node: Node) -> Array:
	var out: Array = []
	var w: PackedStringArray = node.get_configuration_warnings()
	if not w.is_empty():
		out.append({"node": "." if node == root else str(root.get_path_to(node)), "warnings": Array(w)})
	for child in node.get_children():
		out.append_array(_warnings(root, child))
	return out
