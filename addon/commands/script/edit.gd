@tool
extends "../../core/command_group.gd"
## script.edit / script.function_set: change a GDScript file by exact text replacements or by replacing
## (or adding) one function. The new text must compile with the engine's parser first — otherwise nothing
## is written and the errors come back with their lines. A change is one undoable action in the editor's
## global history (undo writes the previous text back) and the editor's loaded copy is reloaded.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeSource := preload("lib/gdscript_source.gd")
const BridgeConnectionCheck := preload("../../lib/connection_check.gd")

## The sweeps' setup: the examples' script, as script.create's example makes it.
const ENEMY := {"method": "script.create", "params": {"path": "res://scripts/enemy.gd", "extends": "CharacterBody2D",
		"template": "basic_movement_2d"}}
## _write's result, with the fields each command adds.
## breaks_connections: the scenes' connections to a method the change removed (lib/connection_check.gd).
const WRITTEN := {"path": "string", "compiles": "bool", "lines": "int", "errors?": [{"line": "int", "message": "string"}],
		"breaks_connections?": [{"scene": "string", "node": "string", "signal": "string", "to": "string", "method": "string"}]}


func commands() -> Array:
	return [
		{
			"method": "script.edit",
			"summary": "Edit a script by exact text replacements, each matching once (or every time with all: true); refused if the result does not compile (undoable).",
			"params": [
				req("path", "string", "Script to edit", {"writes_path": true}),
				req("replacements", "Array", "[{find, replace, all?: false}], applied in order", {"items": "Dictionary"}),
				opt("allow_errors", "bool", "Write even if the result does not compile", false),
			],
			"example": {"path": "res://scripts/enemy.gd", "replacements": [{"find": "const SPEED = 300.0", "replace": "const SPEED = 180.0"}]},
			"example_setup": [ENEMY],
			# a step of the editor's global history: undo writes the previous text back
			"returns": WRITTEN.merged({"replaced": ["int"]}),
			"undo": "global",
			"handler": _edit,
		},
		{
			"method": "script.function_set",
			"idempotent": true,
			"summary": "Replace a function of a script with new code (its annotations too; its ## doc comment unless the code has one), or add it at the end; refused if the result does not compile (undoable).",
			"params": [
				req("path", "string", "Script to edit", {"writes_path": true}),
				req("name", "string", "Function name, e.g. _physics_process"),
				req("code", "string", "The whole function: 'func name(args) -> Type:' and its tab-indented body", NOT_RUN),
				opt("create", "bool", "Add the function when the script has none by that name", false),
			],
			"example": {"path": "res://scripts/enemy.gd", "name": "take_damage", "code": "func take_damage(amount: int) -> void:\n\tprint(\"hit \", amount)\n",
					"create": true},
			"example_setup": [ENEMY],
			"returns": WRITTEN.merged({"name": "string", "added": "bool", "replaced_lines?": ["int"]}),
			"undo": "global",
			"handler": _function_set,
		},
	]


func _edit(c: BridgeCall) -> Variant:
	var p := c.params
	var text: Variant = _read(p.path)
	if text is BridgeError:
		return text
	if p.replacements.is_empty():
		return c.invalid("replacements is empty", {"param": "replacements"})
	var result: String = text
	var counts: Array = []
	for i: int in p.replacements.size():
		var r: Variant = p.replacements[i]
		if not r is Dictionary or not r.get("find") is String or not r.get("replace") is String or r.find == "":
			return c.invalid("replacements[%d] must be {find: text, replace: text, all?: bool}" % i,
					{"param": "replacements"})
		var n := result.count(r.find)
		if n == 0:
			return c.not_found("replacements[%d]: the text %s is not in %s" % [i, JSON.stringify(r.find.left(80)),
					p.path], {"index": i})
		if n > 1 and not r.get("all", false):
			return c.failed("replacements[%d]: the text occurs %d times in %s; make it unique or pass all: true" % [
					i, n, p.path], {"index": i, "count": n})
		result = result.replace(r.find, r.replace)
		counts.append(n)
	return _write(c.step, p.path, text, result, "edit %s" % p.path.get_file(), p.allow_errors, {"replaced": counts})


func _function_set(c: BridgeCall) -> Variant:
	var p := c.params
	var text: Variant = _read(p.path)
	if text is BridgeError:
		return text
	var code: String = p.code.strip_edges(false, true)
	var head := RegEx.create_from_string("^(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:##[^\\n]*\\n)*(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:static\\s+)?func\\s+(\\w+)\\s*\\(")
	var m := head.search(code)
	if m == null or m.get_string(1) != p.name:
		return c.invalid("code must be the function itself, starting 'func %s(' (after any annotations)" % p.name,
				{"param": "code"})
	var lines: Array = Array(text.split("\n"))
	var found := BridgeSource.function_range(text, p.name)
	if found.is_empty():
		if not p.create:
			var names: Array = BridgeSource.declarations(text).filter(func(d: Dictionary) -> bool: return d.kind == "func").map(
					func(d: Dictionary) -> String: return d.name)
			return c.not_found("%s has no function '%s' (functions: %s); pass create: true to add it" % [
					p.path, p.name, ", ".join(PackedStringArray(names))], {"name": p.name})
		var body: String = text.strip_edges(false, true)
		var added := body + "\n\n\n" + code + "\n"
		return _write(c.step, p.path, text, added, "add function %s" % p.name, false, {"name": p.name, "added": true})
	if not code.begins_with("##"):  # new code without a doc comment keeps the old one
		while lines[found[0] - 1].begins_with("##"):
			found[0] += 1
	var before: Array = lines.slice(0, found[0] - 1)
	var after: Array = lines.slice(found[1])
	var result := "\n".join(PackedStringArray(before + Array(code.split("\n")) + after))
	return _write(c.step, p.path, text, result, "replace function %s" % p.name, false, {"name": p.name, "added": false,
			"replaced_lines": [found[0], found[1]]})


func _read(raw: String) -> Variant:
	var path: Variant = BridgeFileOps.checked(raw)
	if path is BridgeError:
		return path
	if path.get_extension() != "gd":
		return BridgeError.invalid("%s is not a GDScript file" % path, {"param": "path"})
	if not FileAccess.file_exists(path):
		return BridgeFileOps.missing(path)
	return FileAccess.get_file_as_string(path)


## Checks the new text compiles, then writes it as one undoable step; the result says what changed.
func _write(undo_step: RefCounted, path: String, old_text: String, new_text: String, action: String, allow_errors: bool, extra: Dictionary) -> Variant:
	if new_text == old_text:
		return BridgeError.failed("%s: the change leaves the script as it is" % path, {"path": path})
	var compiled := BridgeSource.check(new_text, path, server)
	if not compiled.ok and not allow_errors:
		var first: Dictionary = compiled.errors[0]
		return BridgeError.failed("%s would not compile after this change (line %d: %s); nothing was written" % [path, first.line,
				first.message], {"errors": compiled.errors})
	if BridgeSource.commit(undo_step, action, path, old_text, new_text) != OK:
		return BridgeError.failed("writing %s failed" % path, {"path": path})
	var out := {"path": path, "compiles": compiled.ok, "lines": new_text.count("\n") + 1}
	if not compiled.ok:
		out["errors"] = compiled.errors
	var broken := BridgeConnectionCheck.broken_by(path, old_text, new_text)
	if not broken.is_empty():
		out["breaks_connections"] = broken
	out.merge(extra)
	return out
