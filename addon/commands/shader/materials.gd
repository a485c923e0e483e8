@tool
extends "../../core/command_group.gd"
## shader.*, materials: put a ShaderMaterial with a shader on a node, read its uniforms with their types
## and values, and write one uniform (checked against the uniform's type). Undoable in the scene.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeShaderFiles := preload("lib/shader_files.gd")

## What shader.assign and shader.params return: the material's uniforms with their values.
const DESCRIBED := {"path": "string", "property": "string", "shader": "string",
		"uniforms": [{"name": "string", "type": "string", "value": "any", "default": "bool"}]}
## The examples' Body with the tint shader on it (the demo has no shader).
const WITH_MATERIAL := [{"method": "shader.create", "params": {"path": "res://shaders/tint.gdshader"}},
		{"method": "shader.assign", "params": {"node_path": "/root/Main/Player/Body", "shader": "res://shaders/tint.gdshader"}}]


func commands() -> Array:
	return [
		{
			"method": "shader.assign",
			"idempotent": true,
			"summary": "Give a node a new ShaderMaterial using a shader file (material for 2D/UI, material_override for 3D), with uniform values.",
			"params": [
				node_param("node_path", "Node to give the material"),
				req("shader", "string", "res:// .gdshader or visual shader .tres"),
				opt("property", "string", "Material property (default: material, or material_override on 3D geometry)"),
				opt("uniforms", "Dictionary", "Uniform values to set, e.g. {\"tint\": \"#ff8800\"}", {}),
			],
			"example": {"node_path": "/root/Main/Player/Body", "shader": "res://shaders/tint.gdshader",
					"uniforms": {"tint": "#ff8800"}},
			"example_setup": [{"method": "shader.create", "params": {"path": "res://shaders/tint.gdshader"}}],
			"returns": DESCRIBED,
			"undo": "scene",
			"handler": _assign,
		},
		{
			"method": "shader.params",
			"summary": "List the uniforms of a node's ShaderMaterial: name, type, hint, current value (or the shader's default).",
			"params": [
				node_param("node_path", "Node with a ShaderMaterial"),
				opt("property", "string", "Material property (default: material / material_override)"),
			],
			"example": {"node_path": "/root/Main/Player/Body"},
			"example_setup": WITH_MATERIAL,
			"read_only": true,
			"returns": DESCRIBED,
			"handler": _params,
		},
		{
			"method": "shader.set_param",
			"idempotent": true,
			"summary": "Set one uniform of a node's ShaderMaterial, checked against the uniform's type; undoable, read back.",
			"params": [
				node_param("node_path", "Node with a ShaderMaterial"),
				req("name", "string", "Uniform name"),
				req("value", "any", "Value: a number, [x, y(, z, w)], '#rrggbb' for source_color, a res:// texture"),
				opt("property", "string", "Material property (default: material / material_override)"),
			],
			"example": {"node_path": "/root/Main/Player/Body", "name": "tint", "value": [0.2, 0.8, 0.2, 1.0]},
			"example_setup": WITH_MATERIAL,
			"returns": {"path": "string", "name": "string", "type": "string", "value": "any", "previous": "any"},
			"undo": "scene",
			"handler": _set_param,
		},
	]


func _load_shader(path: String) -> Variant:
	if not ResourceLoader.exists(path):
		return BridgeError.not_found("no shader at %s" % path, {"param": "shader"})
	var s: Variant = load(path)
	if not s is Shader:
		return BridgeError.invalid("%s is a %s, not a Shader" % [path, s.get_class() if s else "broken file"], {"param": "shader"})
	return s


func _assign(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var shader: Variant = _load_shader(p.shader)
	if shader is BridgeError:
		return shader
	var property: String = p.get("property", BridgeShaderFiles.material_property(node))
	var info: Variant = BridgeSceneAccess.property_info(node, property)
	if info is BridgeError:
		info.data["param"] = "property"
		return info
	if info.type != TYPE_OBJECT or not "Material" in str(info.get("hint_string", "")) + str(info.get("class_name", "")):
		return c.invalid("%s.%s does not hold a Material" % [BridgeSceneAccess.path_of(node), property], {"param": "property"})
	var mat := ShaderMaterial.new()
	mat.shader = shader
	for key: String in p.uniforms:
		var u: Variant = BridgeShaderFiles.uniform_info(shader, key)
		if u is BridgeError:
			u.data["param"] = "uniforms"
			return u
		var value: Variant = BridgeSceneAccess.coerce(p.uniforms[key], u)
		if value is BridgeError:
			value.data["param"] = "uniforms"
			return value
		mat.set_shader_parameter(key, value)
	var ur := BridgeSceneAccess.action(c.step, "assign shader to %s" % node.name)
	ur.add_do_property(node, property, mat)
	ur.add_undo_property(node, property, node.get(property))
	ur.commit_action()
	var out := _describe(node, property)
	return out


func _params(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var property: String = p.get("property", BridgeShaderFiles.material_property(node))
	var mat: Variant = BridgeShaderFiles.material_of(node, property)
	if mat is BridgeError:
		return mat
	return _describe(node, property)


func _set_param(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var property: String = p.get("property", BridgeShaderFiles.material_property(node))
	var mat: Variant = BridgeShaderFiles.material_of(node, property)
	if mat is BridgeError:
		return mat
	var u: Variant = BridgeShaderFiles.uniform_info(mat.shader, p.name)
	if u is BridgeError:
		return u
	var value: Variant = BridgeSceneAccess.coerce(p.value, u)
	if value is BridgeError:
		value.message = "%s" % value.message
		return value
	var previous: Variant = mat.get_shader_parameter(p.name)
	var ur := BridgeSceneAccess.action(c.step, "set uniform %s" % p.name)
	ur.add_do_method(mat, "set_shader_parameter", p.name, value)
	ur.add_undo_method(mat, "set_shader_parameter", p.name, previous)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "name": p.name, "type": BridgeSceneAccess.type_name(u),
			"value": mat.get_shader_parameter(p.name), "previous": previous}


func _describe(node: Node, property: String) -> Dictionary:
	var mat: ShaderMaterial = node.get(property)
	var uniforms: Array = []
	for u: Dictionary in mat.shader.get_shader_uniform_list():
		var value: Variant = mat.get_shader_parameter(u.name)
		var is_default := value == null
		if is_default:
			value = RenderingServer.shader_get_parameter_default(mat.shader.get_rid(), u.name)
		uniforms.append({"name": u.name, "type": BridgeSceneAccess.type_name(u), "value": value, "default": is_default})
	return {"path": BridgeSceneAccess.path_of(node), "property": property, "shader": mat.shader.resource_path, "uniforms": uniforms}
