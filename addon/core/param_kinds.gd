@tool
extends RefCounted
## Parameter kinds the router resolves after core/params.gd has checked types, so that a handler receives
## resolved values and never repeats a lookup or a check:
##   kind "node"       a node of the edited scene: the path string becomes the Node (NO_SCENE, or
##                     NOT_FOUND with a did-you-mean); `class` (a class name or a list) refuses other nodes,
##                     named in the refusal by `what` when the spec has one ("a physics body").
##   kind "nodes"      a list of such nodes (an Array of paths becomes an Array of Nodes, same checks); a
##                     required list must not be empty.
##   kind "new_name"   the name of a node about to be made: a valid node name, and free under the node
##                     parameter named by `parent` (default "parent") when that one is given; "" is fine
##                     (the node keeps its class name, made unique), and so is a default name the caller
##                     did not give (the handler makes it unique, as the editor does).
##   kind "properties" a property map {property path: JSON value}: keys must be non-empty strings; the
##                     values are applied, coerced and read back by lib/property_path.gd's one path.
##   kinds "vector", "layers", "file", "lookup", "class": values the handler would otherwise convert and check by
##                     hand (core/value_kinds.gd), resolved after the nodes, in declaration order.
##   kind "scene"      an open scene by its res:// path (core/open_scenes.gd): the scene the call works on instead of
##                     the edited one. The router declares it for every command declaring `any_scene`; the resolve
##                     stage makes it the call's scene (c.scene_root()) before the nodes are looked up in it.
## A command declaring `needs_scene: true` is refused with NO_SCENE before any of this when no scene is open.

const BridgeError := preload("bridge_error.gd")
const BridgeSceneNodes := preload("scene_nodes.gd")  # the node lookups only: lib/scene_access.gd sits above the floor
const BridgeValueKinds := preload("value_kinds.gd")

const KINDS := ["node", "nodes", "new_name", "properties", "vector", "layers", "file", "lookup", "class", "scene"]


## `params` with every node-kind value replaced by its Node, or the first BridgeError (with data.param).
## `given` is what the caller sent (before defaults were filled in); `cmd` the declaration (its
## `needs_scene`, and the group whose `lookups()` resolve kind "lookup"). Messages name no command (the router
## puts it in front).
## `scene` is the root of the scene the call works on (null: the edited one): node paths resolve in it.
static func resolve(specs: Array, params: Dictionary, given: Variant = {},
		cmd: Dictionary = {}, scene: Node = null) -> Variant:
	if cmd.get("needs_scene", false) == true and (scene if scene != null else BridgeSceneNodes.root()) == null:
		return BridgeSceneNodes.no_scene()
	for spec: Dictionary in specs:
		if spec.get("kind", "") == "node" and params.has(spec.name):
			var node: Variant = _node(spec, params[spec.name], scene)
			if node is BridgeError:
				return node
			params[spec.name] = node
		elif spec.get("kind", "") == "nodes" and params.has(spec.name):
			var nodes: Variant = _nodes(spec, params[spec.name], scene)
			if nodes is BridgeError:
				return nodes
			params[spec.name] = nodes
	for spec: Dictionary in specs:
		if not params.has(spec.name):
			continue
		var bad: Variant = null
		match spec.get("kind", ""):
			"new_name":
				if given is Dictionary and given.has(spec.name):
					bad = _new_name(spec, params)
			"properties":
				bad = _property_map(spec, params[spec.name])
			"vector", "layers", "file", "lookup", "class":
				var handler: Variant = cmd.get("handler")
				var group: Object = handler.get_object() if handler is Callable else null
				var value: Variant = BridgeValueKinds.resolve(spec, params, group)
				if value is BridgeError:
					bad = value
				else:
					params[spec.name] = value
		if bad != null:
			return bad
	return params


static func _node(spec: Dictionary, path: Variant, scene: Node) -> Variant:
	var node: Variant = BridgeSceneNodes.resolve(str(path), scene)
	if node is BridgeError:
		node.data["param"] = spec.name
		return node
	var classes: Array = spec.class if spec.get("class") is Array else ([spec.class] if spec.has("class") else [])
	if classes.is_empty() or classes.any(func(c: String) -> bool: return node.is_class(c)):
		return node
	var wanted := " or ".join(PackedStringArray(classes))
	var what: String = spec.get("what", "%s %s" % [_article(wanted), wanted])
	return BridgeError.invalid("%s is %s %s, not %s" % [BridgeSceneNodes.path_of(node), _article(node.get_class()),
			node.get_class(), what], {"param": spec.name, "path": str(path), "type": node.get_class()})


static func _article(word: String) -> String:
	return "an" if word.substr(0, 1).to_upper() in ["A", "E", "I", "O", "U"] else "a"


static func _nodes(spec: Dictionary, paths: Array, scene: Node) -> Variant:
	if paths.is_empty() and spec.get("required", false):
		return BridgeError.invalid("'%s' is empty: give at least one node path" % spec.name, {"param": spec.name})
	var out: Array = []
	for path: Variant in paths:
		if not (path is String or path is StringName):
			return BridgeError.invalid("'%s' holds %s, not a node path" % [spec.name, JSON.stringify(path)],
					{"param": spec.name})
		var node: Variant = _node(spec, path, scene)
		if node is BridgeError:
			return node
		out.append(node)
	return out


static func _new_name(spec: Dictionary, params: Dictionary) -> Variant:
	var name: String = params[spec.name]
	if name == "":
		return null
	if name.validate_node_name() != name:
		return BridgeError.invalid("'%s' is not a valid node name (no . : @ / \" %% or empty)" % name,
				{"param": spec.name})
	var parent: Variant = params.get(spec.get("parent", "parent"))
	if parent is Node and parent.has_node(NodePath(name)):
		return BridgeError.failed("%s already has a child named '%s'" % [BridgeSceneNodes.path_of(parent),
				name],
				{"param": spec.name})
	return null


static func _property_map(spec: Dictionary, props: Variant) -> Variant:
	for key: Variant in props:
		if not (key is String or key is StringName) or str(key) == "":
			return BridgeError.invalid("'%s' holds the key %s; its keys are property names, e.g. position or shape:size"
					% [spec.name, JSON.stringify(key)], {"param": spec.name})
	return null
