@tool
extends "../../core/command_group.gd"
## shader.*, files: create and edit .gdshader files (written atomically, hot-reloaded where loaded) and
## check shader code with the engine's own compiler, which reports errors with their lines. Files are
## written as a text editor would: not undoable; every write reports whether the code compiles.

const BridgeParams := preload("../../core/params.gd")
const BridgeShaderFiles := preload("lib/shader_files.gd")


func commands() -> Array:
	return [
		{
			"method": "shader.create",
			"summary": "Write a new .gdshader from code or a starter template of a type; returns the engine's compile result.",
			"params": [
				req("path", "string", "New .gdshader file", {"writes_path": true}),
				choice("shader_type", BridgeShaderFiles.TYPES, "Template type when no code is given", "canvas_item"),
				opt("code", "string", "The shader's code (default: a template of shader_type)", null, NOT_RUN),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://shaders/tint.gdshader", "shader_type": "canvas_item"},
			"returns": BridgeShaderFiles.COMPILED.merged({"path": "string", "created": "bool", "lines": "int"}),
			"undo": "none",
			"handler": _create,
		},
		{
			"method": "shader.edit",
			"summary": "Change a .gdshader: replace its code, or apply exact find/replace edits (each must match once); returns the compile result.",
			"params": [
				req("path", "string", "The .gdshader file", {"writes_path": true}),
				opt("code", "string", "New full code", null, NOT_RUN),
				opt("replacements", "Array", "[{find, replace}] edits applied in order; each find must occur exactly once", null, {"items": "Dictionary"}),
			],
			"example": {"path": "res://shaders/tint.gdshader",
					"replacements": [{"find": "COLOR = texture(TEXTURE, UV) * tint;", "replace": "COLOR = texture(TEXTURE, UV) * tint * 0.5;"}]},
			"example_setup": [{"method": "shader.create", "params": {"path": "res://shaders/tint.gdshader"}}],
			"returns": BridgeShaderFiles.COMPILED.merged({"path": "string", "changed": "bool", "lines": "int"}),
			"undo": "none",
			"handler": _edit,
		},
		{
			"method": "shader.check",
			"summary": "Compile shader code (a file or text) with the engine's compiler: errors with line numbers, and the uniforms it declares.",
			"params": [
				opt("path", "string", "A .gdshader file to check"),
				opt("code", "string", "Shader code to check instead of a file", null, NOT_RUN),
			],
			"example": {"code": "shader_type canvas_item;\nvoid fragment() {\n\tCOLOR = vec4(1.0, 0.0, 0.0, 1.0)\n}\n"},
			"read_only": true,
			"returns": BridgeShaderFiles.COMPILED.merged({"path?": "string"}),
			"handler": _check,
		},
	]


func _checked(path: String, must_exist: bool) -> Variant:
	if path.get_extension() != "gdshader":
		return BridgeError.invalid("shader files end in .gdshader, got '%s'" % path, {"param": "path"})
	if must_exist and not FileAccess.file_exists(path):
		return BridgeError.not_found("no shader file at %s" % path, {"param": "path"})
	return null


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var bad: Variant = _checked(p.path, false)
	if bad:
		return bad
	var existed := FileAccess.file_exists(p.path)
	if existed and not p.overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % p.path, {"path": p.path})
	var code: String = p.get("code", BridgeShaderFiles.TEMPLATES[p.shader_type])
	var failed: Variant = BridgeShaderFiles.write(p.path, code)
	if failed:
		return failed
	var out := BridgeShaderFiles.compile(code, server)
	out.merge({"path": p.path, "created": not existed, "lines": code.count("\n") + 1})
	return out


func _edit(c: BridgeCall) -> Variant:
	var p := c.params
	var bad: Variant = _checked(p.path, true)
	if bad:
		return bad
	if p.has("code") == p.has("replacements"):
		return c.invalid("give code or replacements (one of them)", {"param": "code"})
	var old := FileAccess.get_file_as_string(p.path)
	var code: String = p.get("code", old)
	for r: Variant in p.get("replacements", []):
		if not r is Dictionary or not r.get("find") is String or not r.get("replace") is String or r.find == "":
			return c.invalid("each replacement is {find: text, replace: text}, got %s" % JSON.stringify(r),
					{"param": "replacements"})
		var n := code.count(r.find)
		if n != 1:
			return c.failed("'%s' occurs %d times in %s; a replacement must match exactly once (nothing was changed)" % [
					r.find, n, p.path], {"param": "replacements", "find": r.find, "count": n})
		code = code.replace(r.find, r.replace)
	var failed: Variant = BridgeShaderFiles.write(p.path, code)
	if failed:
		return failed
	var out := BridgeShaderFiles.compile(code, server)
	out.merge({"path": p.path, "changed": code != old, "lines": code.count("\n") + 1})
	return out


func _check(c: BridgeCall) -> Variant:
	var p := c.params
	if p.has("path") == p.has("code"):
		return c.invalid("give path or code (one of them)", {"param": "path"})
	var code: String
	if p.has("path"):
		var bad: Variant = _checked(p.path, true)
		if bad:
			return bad
		code = FileAccess.get_file_as_string(p.path)
	else:
		code = p.code
	var out := BridgeShaderFiles.compile(code, server)
	if p.has("path"):
		out["path"] = p.path
	return out
