@tool
extends "../../core/command_group.gd"
## shader.*, visual shaders: create a VisualShader file, add nodes, connect ports, and read the graph back
## with the code it generates and that code's compile result. Each command loads the file (the editor's
## copy when it has one), changes it and saves it: a file edit, not undoable.

const BridgeParams := preload("../../core/params.gd")
const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")
const BridgeShaderFiles := preload("lib/shader_files.gd")

const MODES := {"canvas_item": VisualShader.MODE_CANVAS_ITEM, "spatial": VisualShader.MODE_SPATIAL,
		"particles": VisualShader.MODE_PARTICLES, "sky": VisualShader.MODE_SKY, "fog": VisualShader.MODE_FOG}
const FUNCTIONS := {"vertex": VisualShader.TYPE_VERTEX, "fragment": VisualShader.TYPE_FRAGMENT,
		"light": VisualShader.TYPE_LIGHT, "start": VisualShader.TYPE_START, "process": VisualShader.TYPE_PROCESS,
		"collide": VisualShader.TYPE_COLLIDE, "sky": VisualShader.TYPE_SKY, "fog": VisualShader.TYPE_FOG}

## Result shapes: one graph node, one connection.
const NODE := {"id": "int", "type": "string", "position": "Vector2", "properties": "Dictionary"}
const CONNECTION := {"from_node": "int", "from_port": "int", "to_node": "int", "to_port": "int"}
## The examples' graph: the shader, then a colour constant (node 2 of the fragment function).
const CREATE := {"method": "shader.visual_create", "params": {"path": "res://shaders/glow.tres"}}
const ADD_NODE := {"method": "shader.visual_add_node", "params": {"path": "res://shaders/glow.tres", "type": "ColorConstant",
		"properties": {"constant": "#ff8800"}}}


func commands() -> Array:
	return [
		{
			"method": "shader.visual_create",
			"summary": "Create an empty VisualShader .tres of a mode (canvas_item, spatial, particles, sky, fog).",
			"params": [
				req("path", "string", "New .tres file", {"writes_path": true}),
				choice("mode", MODES.keys(), "Shader mode", "canvas_item"),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://shaders/glow.tres", "mode": "canvas_item"},
			"returns": {"path": "string", "mode": "string"},
			"undo": "none",
			"handler": _create,
		},
		{
			"method": "shader.visual_add_node",
			"summary": "Add a node to a visual shader function ('ColorConstant', 'VisualShaderNodeVectorOp', …) with properties; returns its id.",
			"params": [
				req("path", "string", "The VisualShader .tres", {"writes_path": true}),
				req("type", "string", "Node class, with or without the VisualShaderNode prefix: 'ColorConstant', 'FloatParameter'"),
				choice("function", FUNCTIONS.keys(), "Shader function", "fragment"),
				opt("position", "Vector2", "Position in the graph", [0, 0]),
				properties_param("properties", "Node properties, e.g. {\"constant\": \"#ff0000\"} or {\"parameter_name\": \"speed\"}"),
			],
			"example": {"path": "res://shaders/glow.tres", "type": "ColorConstant", "properties": {"constant": "#ff8800"},
					"position": [-200, 100]},
			"example_setup": [CREATE],
			# a constant keeps any colour; a parameter's instance_index is never negative: the engine logs an
			# error and keeps 0
			"example_refused": {"type": "ColorParameter", "properties": {"instance_index": -5}},
			"returns": NODE.merged({"path": "string"}),
			"undo": "none",
			"handler": _add_node,
		},
		{
			"method": "shader.visual_connect",
			"summary": "Connect an output port of one visual shader node to an input port of another (node 0 is the function's output).",
			"params": [
				req("path", "string", "The VisualShader .tres", {"writes_path": true}),
				req("from_node", "int", "Source node id", {"min": 0}),
				req("from_port", "int", "Source output port", {"min": 0}),
				req("to_node", "int", "Target node id (0: the output node)", {"min": 0}),
				req("to_port", "int", "Target input port", {"min": 0}),
				choice("function", FUNCTIONS.keys(), "Shader function", "fragment"),
			],
			"example": {"path": "res://shaders/glow.tres", "from_node": 2, "from_port": 0, "to_node": 0, "to_port": 0},
			"example_setup": [CREATE, ADD_NODE],
			"returns": {"path": "string", "connected": CONNECTION, "connections": [CONNECTION]},
			"undo": "none",
			"handler": _connect,
		},
		{
			"method": "shader.visual_get",
			"summary": "Read a visual shader back: nodes with their properties, connections, the generated code and its compile result.",
			"params": [
				req("path", "string", "The VisualShader .tres"),
				choice("function", FUNCTIONS.keys(), "Shader function to list", "fragment"),
			],
			"example": {"path": "res://shaders/glow.tres"},
			"example_setup": [CREATE, ADD_NODE],
			"read_only": true,
			"returns": BridgeShaderFiles.COMPILED.merged({"path": "string", "mode": "string", "function": "string", "nodes": [NODE],
					"connections": [CONNECTION], "code": "string"}),
			"handler": _get_graph,
		},
	]


func _open(path: String) -> Variant:
	if not ResourceLoader.exists(path):
		return BridgeError.not_found("no visual shader at %s" % path, {"param": "path"})
	var vs: Variant = load(path)
	if not vs is VisualShader:
		return BridgeError.invalid("%s is a %s, not a VisualShader" % [path, vs.get_class() if vs else "broken file"],
				{"param": "path"})
	return vs


func _save(vs: VisualShader, path: String) -> Variant:
	var err := ResourceSaver.save(vs, path)
	if err != OK:
		return BridgeError.failed("could not save %s: %s" % [path, error_string(err)], {"path": path})
	EditorInterface.get_resource_filesystem().update_file(path)
	return null


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	if p.path.get_extension() != "tres" and p.path.get_extension() != "res":
		return c.invalid("a visual shader is saved as .tres or .res, got '%s'" % p.path, {"param": "path"})
	if FileAccess.file_exists(p.path) and not p.overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % p.path, {"path": p.path})
	var vs := VisualShader.new()
	vs.set_mode(MODES[p.mode])
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(p.path.get_base_dir()))
	if err != OK:
		return c.failed("cannot create %s: %s" % [p.path.get_base_dir(), error_string(err)])
	var bad: Variant = _save(vs, p.path)
	if bad:
		return bad
	if ResourceLoader.has_cached(p.path):
		vs.take_over_path(p.path)  # a replaced file: the editor's copy is this one now
	return {"path": p.path, "mode": p.mode}


func _node_class(type: String) -> Variant:
	for c: String in [type, "VisualShaderNode" + type]:
		if ClassDB.class_exists(c) and ClassDB.is_parent_class(c, "VisualShaderNode") and ClassDB.can_instantiate(c):
			return c
	var all := Array(ClassDB.get_inheriters_from_class("VisualShaderNode")).filter(
			func(c: String) -> bool: return ClassDB.can_instantiate(c)).map(
			func(c: String) -> String: return c.trim_prefix("VisualShaderNode"))
	var guess := BridgeParams.did_you_mean(type.trim_prefix("VisualShaderNode"), all)
	return BridgeError.invalid("unknown visual shader node '%s'%s" % [type, " (did you mean '%s'?)" % guess if guess else ""],
			{"param": "type", "suggestion": guess})


func _add_node(c: BridgeCall) -> Variant:
	var p := c.params
	var vs: Variant = _open(p.path)
	if vs is BridgeError:
		return vs
	var cls: Variant = _node_class(p.type)
	if cls is BridgeError:
		return cls
	var node: VisualShaderNode = ClassDB.instantiate(cls)
	var refused: Variant = BridgePropertyPath.apply_new(node, p.properties, "shader.visual_add_node")
	if refused != null:
		return refused
	var fn: int = FUNCTIONS[p.function]
	var id: int = vs.get_valid_node_id(fn)
	vs.add_node(fn, node, p.position, id)
	var bad: Variant = _save(vs, p.path)
	if bad:
		vs.remove_node(fn, id)
		return bad
	var out := _describe_node(vs, fn, id)
	out["path"] = p.path
	return out


func _connect(c: BridgeCall) -> Variant:
	var p := c.params
	var vs: Variant = _open(p.path)
	if vs is BridgeError:
		return vs
	var fn: int = FUNCTIONS[p.function]
	for key: String in ["from_node", "to_node"]:
		if vs.get_node(fn, p[key]) == null:
			return c.not_found("no node %d in the %s function; ids: %s" % [p[key], p.function,
					Array(vs.get_node_list(fn))], {"param": key})
	if not vs.can_connect_nodes(fn, p.from_node, p.from_port, p.to_node, p.to_port):
		return c.failed("cannot connect %d:%d to %d:%d (no such port, types do not match, the port is taken, or it would loop)" % [
				p.from_node, p.from_port, p.to_node, p.to_port])
	var err: int = vs.connect_nodes(fn, p.from_node, p.from_port, p.to_node, p.to_port)
	if err != OK:
		return c.failed("the visual shader refused the connection: %s" % error_string(err))
	var bad: Variant = _save(vs, p.path)
	if bad:
		vs.disconnect_nodes(fn, p.from_node, p.from_port, p.to_node, p.to_port)
		return bad
	return {"path": p.path, "connected": {"from_node": p.from_node, "from_port": p.from_port, "to_node": p.to_node,
			"to_port": p.to_port}, "connections": _connections(vs, fn)}


func _get_graph(c: BridgeCall) -> Variant:
	var p := c.params
	var vs: Variant = _open(p.path)
	if vs is BridgeError:
		return vs
	var fn: int = FUNCTIONS[p.function]
	var nodes: Array = []
	for id: int in vs.get_node_list(fn):
		nodes.append(_describe_node(vs, fn, id))
	var code: String = vs.code
	var out := BridgeShaderFiles.compile(code, server)
	out.merge({"path": p.path, "mode": MODES.find_key(vs.get_mode()), "function": p.function, "nodes": nodes,
			"connections": _connections(vs, fn), "code": code})
	return out


func _describe_node(vs: VisualShader, fn: int, id: int) -> Dictionary:
	var node := vs.get_node(fn, id)
	var props := {}
	for info: Dictionary in node.get_property_list():
		if info.usage & PROPERTY_USAGE_EDITOR and not info.usage & (PROPERTY_USAGE_GROUP | PROPERTY_USAGE_CATEGORY) \
				and not str(info.name).begins_with("resource_") and not info.name in ["script", "output_port_for_preview",
				"default_input_values", "expanded_output_ports", "linked_parent_graph_frame"]:
			props[info.name] = node.get(info.name)
	return {"id": id, "type": node.get_class().trim_prefix("VisualShaderNode"), "position": vs.get_node_position(fn, id),
			"properties": props}


func _connections(vs: VisualShader, fn: int) -> Array:
	return vs.get_node_connections(fn).map(func(c: Dictionary) -> Dictionary: return {"from_node": c.from_node,
			"from_port": c.from_port, "to_node": c.to_node, "to_port": c.to_port})
