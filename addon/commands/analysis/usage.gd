@tool
extends "../../core/command_group.gd"
## analysis.*, usage across the whole project: which node classes every scene uses (and where one is),
## who uses each script class_name, and Find in Files. Read straight from disk; nothing is opened.

const BridgeProjectScan := preload("../../lib/project_scan.gd")

const SEARCH_EXTS := ["gd", "tscn", "tres", "gdshader", "gdshaderinc", "godot", "cfg", "json", "cs", "txt", "md", "csv"]


func commands() -> Array:
	return [
		{
			"method": "analysis.node_usage",
			"summary": "Node classes used across every scene file (count, scenes using each, instanced scenes); with type, every node of that class or a subclass, by scene and path.",
			"params": [
				class_param("type", "Node", "Only this engine class (subclasses included) or script class_name, e.g. CollisionShape2D", false,
						false, false, ""),
				opt("include_addons", "bool", "Look inside addons/ too", false),
			],
			"example": {"type": "CollisionShape2D"},
			"read_only": true,
			"answer_size": "the scenes each type is used in (type narrows it to one)",
			"returns": {"scenes_scanned": "int", "types": [{"type": "string", "count": "int", "scenes": ["string"]}],
					"instanced_scenes": "Dictionary", "type?": "string", "count?": "int",
					"matches?": [{"scene": "string", "node": "string", "type": "string", "script?": "string"}]},
			"handler": _node_usage,
		},
		{
			"method": "analysis.class_names",
			"summary": "Every script class_name: its file, base, and the scripts and scenes that use it; those nothing uses are listed apart.",
			"params": [
				opt("name", "string", "Only this class_name", ""),
				opt("include_addons", "bool", "Classes and users inside addons/ too", false),
			],
			"example": {},
			"read_only": true,
			"returns": {"classes": [{"class": "string", "path": "string", "base": "string", "used_by_scripts": ["string"],
					"used_by_scenes": ["string"], "uses": "int"}], "count": "int", "unused": ["string"]},
			"handler": _class_names,
		},
		{
			"method": "analysis.find_in_files",
			"summary": "Find in Files across the project: every line of scripts, scenes, resources and settings matching a text or regex, with file and line number.",
			"params": [
				req("query", "string", "Text to find (or a regular expression with regex: true)"),
				opt("regex", "bool", "query is a regular expression", false),
				opt("case_sensitive", "bool", "Match case", true),
				opt("whole_word", "bool", "Only whole words", false),
				opt("extensions", "Array", "Only files with these extensions, e.g. [\"gd\"] (default: every text type)", [], {"items": "string"}),
				opt("include_addons", "bool", "Look inside addons/ too", false),
				opt("max_results", "int", "Stop after this many matching lines", 200, {"min": 1, "max": 5000}),
			],
			"example": {"query": "move_and_slide", "extensions": ["gd"]},
			"read_only": true,
			"returns": {"query": "string", "matches": [{"file": "string", "line": "int", "column": "int", "text": "string"}],
					"count": "int", "files": "Dictionary", "truncated": "bool"},
			"handler": _find_in_files,
		},
	]


func _node_usage(c: BridgeCall) -> Variant:
	var p := c.params
	var script_class := ""
	if p.type != "" and not ClassDB.class_exists(p.type):  # the router checked it is one or the other (kind "class")
		script_class = p.type
	var header := RegEx.create_from_string("^\\[node (.*)\\]\\s*$")
	var attr := RegEx.create_from_string("(\\w+)=(\"(?:[^\"\\\\]|\\\\.)*\"|\\S+)")
	var ext := RegEx.create_from_string("^\\[ext_resource[^\\]]*?path=\"([^\"]+)\"[^\\]]*?id=\"([^\"]+)\"")
	var types := {}
	var instanced := {}
	var matches: Array = []
	var scenes := 0
	for file: String in BridgeProjectScan.files("res://", p.include_addons):
		if file.get_extension() != "tscn":
			continue
		scenes += 1
		var ids := {}
		var current: Dictionary = {}
		for line: String in FileAccess.get_file_as_string(file).split("\n"):
			var e := ext.search(line)
			if e:
				ids[e.get_string(2)] = e.get_string(1)
				continue
			var h := header.search(line)
			if h:
				current = _node_entry(attr, h.get_string(1), ids, file, types, instanced)
				if script_class == "" and p.type != "" and current.type != "" and ClassDB.is_parent_class(current.type, p.type):
					matches.append({"scene": file, "node": current.node, "type": current.type})
				continue
			if line.begins_with("["):
				current = {}
			elif script_class != "" and not current.is_empty() and line.begins_with("script = ExtResource("):
				var script_path: String = ids.get(line.get_slice("\"", 1), "")
				if _script_is(script_path, script_class):
					matches.append({"scene": file, "node": current.node, "type": current.type, "script": script_path})
	var by_type: Array = types.keys().map(func(t: String) -> Dictionary: return {"type": t, "count": types[t].count, "scenes": types[t].scenes})
	by_type.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.count > b.count or (a.count == b.count and a.type < b.type))
	var out := {"scenes_scanned": scenes, "types": by_type, "instanced_scenes": instanced}
	if p.type != "":
		out.merge({"type": p.type, "matches": matches, "count": matches.size()})
	return out


## Records one [node ...] header in the tallies; returns {node, type} for the lines that follow it.
static func _node_entry(attr: RegEx, attrs: String, ids: Dictionary, file: String, types: Dictionary, instanced: Dictionary) -> Dictionary:
	var a := {}
	for m: RegExMatch in attr.search_all(attrs):
		a[m.get_string(1)] = m.get_string(2).trim_prefix("\"").trim_suffix("\"")
	var parent: String = a.get("parent", "")
	var node: String = "." if not a.has("parent") else (a.name if parent == "." else parent + "/" + a.name)
	var type: String = a.get("type", "")
	if type != "":
		var t: Dictionary = types.get_or_add(type, {"count": 0, "scenes": []})
		t.count += 1
		if not file in t.scenes:
			t.scenes.append(file)
	if a.has("instance"):
		var target: String = ids.get(str(a.instance).get_slice("\"", 1), "?")
		instanced[target] = instanced.get(target, 0) + 1
	return {"node": node, "type": type}


## Whether the script at `path` is class `name` or extends it.
static func _script_is(path: String, name: String) -> bool:
	var script: Script = load(path) as Script if path != "" and ResourceLoader.exists(path) else null
	while script:
		if script.get_global_name() == name:
			return true
		script = script.get_base_script()
	return false


func _class_names(bc: BridgeCall) -> Variant:
	var p := bc.params
	var classes: Array = ProjectSettings.get_global_class_list().filter(func(c: Dictionary) -> bool:
		return p.include_addons or not str(c.path).begins_with("res://addons/"))
	if p.name != "":
		classes = classes.filter(func(c: Dictionary) -> bool: return c.class == p.name)
		if classes.is_empty():
			return bc.not_found("no script declares class_name %s" % p.name, {"param": "name"})
	var refs: Dictionary = BridgeProjectScan.references(p.include_addons)
	var sources := {}
	for file: String in BridgeProjectScan.files("res://", p.include_addons):
		if file.get_extension() in ["gd", "cs"]:
			sources[file] = _strip_comments(FileAccess.get_file_as_string(file))
	var out: Array = []
	var unused: Array = []
	for c: Dictionary in classes:
		var word := RegEx.create_from_string("\\b%s\\b" % c.class)
		var scripts: Array = sources.keys().filter(func(f: String) -> bool: return f != c.path and word.search(sources[f]) != null)
		var scenes: Array = refs.get(c.path, []).filter(func(f: String) -> bool: return f.get_extension() in ["tscn", "tres"])
		scripts.sort()
		scenes.sort()
		var entry := {"class": c.class, "path": c.path, "base": c.base, "used_by_scripts": scripts, "used_by_scenes": scenes,
				"uses": scripts.size() + scenes.size()}
		out.append(entry)
		if entry.uses == 0:
			unused.append(c.class)
	out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.class < b.class)
	return {"classes": out, "count": out.size(), "unused": unused}


static func _strip_comments(code: String) -> String:
	var lines: Array = []
	for line: String in code.split("\n"):
		lines.append(line.get_slice("#", 0) if not line.contains("\"") else line)
	return "\n".join(lines)


func _find_in_files(c: BridgeCall) -> Variant:
	var p := c.params
	if p.query == "":
		return c.invalid("query is empty", {"param": "query"})
	var source: String = p.query if p.regex else _escape(p.query)
	if p.whole_word:
		source = "\\b(?:%s)\\b" % source
	if not p.case_sensitive:
		source = "(?i)" + source
	var pattern := RegEx.new()
	if pattern.compile(source, false) != OK:
		return c.invalid("'%s' is not a valid regular expression" % p.query, {"param": "query"})
	var exts: Array = p.extensions.map(func(e: Variant) -> String: return str(e).trim_prefix(".").to_lower())
	for e: String in exts:
		if not e in SEARCH_EXTS:
			return c.invalid("'%s' is not a text file type I search (%s)" % [e, ", ".join(SEARCH_EXTS)], {"param": "extensions"})
	var results: Array = []
	var files := {}
	var truncated := false
	for file: String in BridgeProjectScan.files("res://", p.include_addons):
		if not file.get_extension() in (exts if not exts.is_empty() else SEARCH_EXTS):
			continue
		var n := 0
		for line: String in FileAccess.get_file_as_string(file).split("\n"):
			n += 1
			var m := pattern.search(line)
			if m == null:
				continue
			if results.size() >= p.max_results:
				truncated = true
				break
			results.append({"file": file, "line": n, "column": m.get_start() + 1, "text": line.strip_edges().left(200)})
			files[file] = files.get(file, 0) + 1
		if truncated:
			break
	return {"query": p.query, "matches": results, "count": results.size(), "files": files, "truncated": truncated}


static func _escape(s: String) -> String:
	var out := ""
	for ch in s:
		out += "\\" + ch if ch in ".^$*+?()[]{}|\\/" else ch
	return out
