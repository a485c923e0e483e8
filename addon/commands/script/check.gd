@tool
extends "../../core/command_group.gd"
## script.validate / script.lint / script.members: compile scripts with the engine's own parser and
## report errors with their lines, check them against the official GDScript style guide, and list a
## script's members with their lines, arguments and types.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeSource := preload("lib/gdscript_source.gd")
const BridgeStyle := preload("lib/gdscript_style.gd")
const BridgeRefs := preload("../../lib/project_references.gd")

const MAX_SCRIPTS := 500
## A compile error as lib/gdscript_source.gd reports it.
const ERROR := {"line": "int", "message": "string"}


func commands() -> Array:
	return [
		{
			"method": "script.validate",
			"verdict": "ok",
			"summary": "Compile a script, a folder of scripts (addons and script templates excluded), or given source text with the engine's GDScript parser; returns the errors with line numbers (nothing is run or changed).",
			"params": [
				opt("path", "string", "A .gd file or a folder (every .gd in it, addons excluded)"),
				opt("code", "string", "Or source text to check (as if it were at path, when given)", null, NOT_RUN),
			],
			"example": {"path": "res://scripts/player.gd"},
			# one script (or code): its own result; a folder: counts and the failing scripts
			"returns": {"path": "string", "ok": "bool", "errors?": [ERROR], "checked?": "int", "failing?": "int", "scripts?": "Array"},
			"read_only": true,
			"handler": _validate,
		},
		{
			"method": "script.lint",
			"summary": "Check scripts against the official GDScript style guide: naming, tab indentation, line length, blank lines, member order, and/or/not; issues with their lines.",
			"params": [
				req("path", "string", "A .gd file or a folder (addons excluded)"),
				opt("max_line_length", "int", "Longest line allowed", 100, {"min": 40, "max": 400}),
				opt("disable", "Array", "Rules to skip, e.g. [\"line-length\"]", [], {"items": "string"}),
			],
			"example": {"path": "res://scripts/player.gd"},
			# one script: its issues; a folder: counts and the scripts with issues
			"returns": {"path": "string", "count": "int", "issues?": "Array", "checked?": "int", "scripts?": "Array"},
			"read_only": true,
			"handler": _lint,
		},
		{
			"method": "script.members",
			"summary": "A script's declarations in file order with their lines: class_name, extends, signals, enums, constants, variables (@export/@onready), functions with arguments and return types, inner classes.",
			"params": [req("path", "string", "The .gd file"), opt("kind", "string", "Only this kind: func, var, const, signal, enum, class")],
			"example": {"path": "res://scripts/player.gd"},
			"returns": {"path": "string", "count": "int", "base": "string", "members": [{"kind": "string", "name": "string", "line": "int"}]},
			"read_only": true,
			"handler": _members,
		},
	]


func _validate(c: BridgeCall) -> Variant:
	var p := c.params
	if not p.has("path") and not p.has("code"):
		return c.invalid("give path, code, or both", {"param": "path"})
	if p.has("code"):
		var res := BridgeSource.check(p.code, p.get("path", ""), server)
		return {"path": p.get("path", ""), "ok": res.ok, "errors": res.errors}
	var files: Variant = _scripts(p.path)
	if files is BridgeError:
		return files
	var out: Array = []
	var failing := 0
	for f: String in files:
		var res := BridgeSource.check(FileAccess.get_file_as_string(f), f, server)
		out.append({"path": f, "ok": res.ok, "errors": res.errors})
		if not res.ok:
			failing += 1
	if out.size() == 1:
		return out[0]
	return {"path": p.path, "checked": out.size(), "failing": failing, "ok": failing == 0,
			"scripts": out.filter(func(s: Dictionary) -> bool: return not s.ok)}


func _lint(c: BridgeCall) -> Variant:
	var p := c.params
	for rule: Variant in p.disable:
		if not rule in BridgeStyle.RULES:
			return c.invalid("unknown rule %s; rules: %s" % [JSON.stringify(rule), ", ".join(PackedStringArray(BridgeStyle.RULES))],
					{"param": "disable"})
	var files: Variant = _scripts(p.path)
	if files is BridgeError:
		return files
	var out: Array = []
	var total := 0
	for f: String in files:
		var issues := BridgeStyle.lint(FileAccess.get_file_as_string(f), f, p.max_line_length, p.disable)
		total += issues.size()
		if not issues.is_empty() or files.size() == 1:
			out.append({"path": f, "count": issues.size(), "issues": issues})
	if files.size() == 1:
		return out[0]
	return {"path": p.path, "checked": files.size(), "count": total, "scripts": out}


func _members(c: BridgeCall) -> Variant:
	var p := c.params
	var files: Variant = _scripts(p.path)
	if files is BridgeError:
		return files
	if files.size() != 1 or files[0] != p.path:
		return c.invalid("path must be one .gd file", {"param": "path"})
	var text := FileAccess.get_file_as_string(p.path)
	var decls := BridgeSource.declarations(text)
	var script: Variant = load(p.path)
	var methods := {}
	if script is Script:
		for m: Dictionary in script.get_script_method_list():
			methods[m.name] = m
	var out: Array = []
	for d: Dictionary in decls:
		var kind: String = d.kind
		if p.has("kind") and kind != p.kind:
			continue
		var entry := {"kind": kind, "name": d.name, "line": d.line}
		if d.static:
			entry["static"] = true
		if d.annotations != "":
			entry["annotations"] = d.annotations
		var decl_text: String = d.text
		if kind == "func":
			var sig := decl_text.substr(decl_text.find("func "))
			entry["signature"] = sig.trim_suffix(":").strip_edges()
			var span := BridgeSource.function_range(text, d.name)
			if not span.is_empty():
				entry["end_line"] = span[1]
			if methods.has(d.name):
				entry["args"] = methods[d.name].args.map(func(a: Dictionary) -> String: return a.name)
		elif kind in ["var", "const", "signal"]:
			entry["declaration"] = decl_text
		out.append(entry)
	return {"path": p.path, "count": out.size(), "members": out,
			"base": script.get_instance_base_type() if script is Script else ""}


## The .gd files a path names (itself, or every one under a folder but addons), or a BridgeError.
func _scripts(raw: String) -> Variant:
	var path: String = raw.trim_suffix("/") if raw != "res://" else raw
	if DirAccess.dir_exists_absolute(path):
		# templates hold placeholders (_BASE_): they are not scripts until script.create fills them in
		var templates: String = str(ProjectSettings.get_setting("editor/script/templates_search_path", "res://script_templates")) + "/"
		var files: Array = BridgeRefs.files_of(path).filter(func(f: String) -> bool: return f.get_extension() == "gd" \
				and not f.begins_with("res://addons/") and not f.begins_with(templates))
		if files.is_empty():
			return BridgeError.not_found("no .gd files under %s" % path, {"path": path})
		files.sort()
		return files.slice(0, MAX_SCRIPTS)
	if not FileAccess.file_exists(path):
		return BridgeFileOps.missing(path)
	if path.get_extension() != "gd":
		return BridgeError.invalid("%s is not a GDScript file" % path, {"param": "path"})
	return [path]
