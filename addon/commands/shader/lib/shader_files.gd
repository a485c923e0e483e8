@tool
extends RefCounted
## Shader text as the shader commands see it: the engine's own compile check (the errors the shader
## compiler logs, with their lines), atomic writes of .gdshader files that the editor then picks up (and
## hot-reloads where loaded), and shader uniforms as property infos for value coercion.

const BridgeFileOps := preload("../../../lib/file_ops.gd")
const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeOutputLog := preload("../../../core/output_log.gd")

const TYPES := ["canvas_item", "spatial", "particles", "sky", "fog"]
const TEMPLATES := {
	"canvas_item": "shader_type canvas_item;\n\nuniform vec4 tint : source_color = vec4(1.0);\n\nvoid fragment() {\n\tCOLOR = texture(TEXTURE, UV) * tint;\n}\n",
	"spatial": "shader_type spatial;\n\nuniform vec4 albedo : source_color = vec4(1.0);\n\nvoid fragment() {\n\tALBEDO = albedo.rgb;\n}\n",
	"particles": "shader_type particles;\n\nvoid start() {\n}\n\nvoid process() {\n}\n",
	"sky": "shader_type sky;\n\nvoid sky() {\n\tCOLOR = vec3(0.4, 0.6, 1.0);\n}\n",
	"fog": "shader_type fog;\n\nvoid fog() {\n\tDENSITY = 0.5;\n}\n",
}

## The result fields of compile(), for the commands' `returns`.
const COMPILED := {"compiled": "bool", "errors": [{"line": "int", "message": "string"}], "uniforms": ["string"]}


## Compiles `code` with the engine's shader compiler: {compiled, errors: [{line, message}], uniforms: [names]}.
## The compiler reports through the error log, so the errors are what it logged while compiling.
static func compile(code: String, server: Node) -> Dictionary:
	var logger: BridgeOutputLog = BridgeOutputLog.of(server)
	var since: int = logger.next_seq()
	var shader := Shader.new()
	shader.code = code
	# The rendering server may compile on its own thread: a query waits for it, so the errors are logged by now.
	var uniforms: Array = shader.get_shader_uniform_list().map(func(u: Dictionary) -> String: return u.name)
	var errors: Array = []
	var failed := false
	for e: Dictionary in logger.entries(since, 200):
		if e.type == "shader":
			errors.append({"line": e.line, "message": e.message})
		elif e.type == "error" and str(e.message).contains("Shader compilation failed"):
			failed = true
	if not code.strip_edges().begins_with("shader_type") and errors.is_empty():
		errors.append({"line": 1, "message": "a shader starts with 'shader_type <type>;'"})
	return {"compiled": errors.is_empty() and not failed, "errors": errors, "uniforms": uniforms}


## Writes a text file atomically (temp file + rename) and tells the editor; a loaded Shader and its tab take the code.
## Null or a BridgeError.
static func write(path: String, text: String) -> Variant:
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err != OK:
		return BridgeError.failed("cannot create %s: %s" % [path.get_base_dir(), error_string(err)], {"path": path})
	var written := BridgeFileOps.write_text(path, text)  # a loaded Shader (materials using it see the new code) and its tab too
	if written != OK:
		return BridgeError.failed("writing %s failed: %s" % [path, error_string(written)], {"path": path})
	if path.begins_with("res://"):
		EditorInterface.get_resource_filesystem().update_file(path)
	return null


## The ShaderMaterial in a node's material property, or a BridgeError.
static func material_of(node: Node, property: String) -> Variant:
	if not property in node:
		return BridgeError.invalid("%s has no property '%s'" % [node.name, property], {"param": "property"})
	var m: Variant = node.get(property)
	if not m is ShaderMaterial:
		return BridgeError.failed("%s.%s is %s, not a ShaderMaterial; shader.assign puts one there" % [node.name, property,
				m.get_class() if m is Object and m != null else "empty"], {"param": "property"})
	if m.shader == null:
		return BridgeError.failed("the ShaderMaterial in %s.%s has no shader" % [node.name, property])
	return m


## The default material property of a node: material for 2D and UI, material_override for 3D geometry.
static func material_property(node: Node) -> String:
	return "material_override" if node is GeometryInstance3D else "material"


## A uniform's property info ({name, type, hint, hint_string}), or NOT_FOUND listing the uniforms.
static func uniform_info(shader: Shader, name: String) -> Variant:
	var names: Array = []
	for u: Dictionary in shader.get_shader_uniform_list():
		if u.name == name:
			return u
		names.append(u.name)
	return BridgeError.not_found("the shader %s has no uniform '%s'; uniforms: %s" % [shader.resource_path, name,
			", ".join(PackedStringArray(names)) if names else "none"], {"param": "name"})
