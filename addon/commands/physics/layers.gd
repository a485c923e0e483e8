@tool
extends "../../core/command_group.gd"
## physics.*, layers: read a body's collision layers and mask as numbers and names, set them by name or
## number (one undo step for several bodies), and name the project's layers.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")
const BridgeLayerBits := preload("../../core/layer_bits.gd")
const BridgeProjectSettingsLib := preload("../../lib/project_settings.gd")

## The nodes with collision layers or a mask.
const LAYERED := ["CollisionObject3D", "CollisionObject2D", "RayCast3D", "RayCast2D", "ShapeCast3D", "ShapeCast2D"]


func commands() -> Array:
	return [
		{
			"method": "physics.layers",
			"summary": "A body's, area's or ray's collision layers and mask decoded to layer numbers and project names, and which other bodies in the scene it can collide with.",
			"params": [node_param("node_path", "A CollisionObject, RayCast or ShapeCast (2D or 3D)", true, null, LAYERED).merged(
					{"what": "a node with collision layers (a CollisionObject, RayCast or ShapeCast)"})],
			"example": {"node_path": "/root/Main/Player"},
			"read_only": true,
			"returns": {"path": "string", "type": "string", "collision_mask": "int", "mask_layers": "Array",
					"collision_layer?": "int", "layers?": "Array", "detects": ["string"], "detected_by": ["string"]},
			"handler": _layers,
		},
		{
			"method": "physics.set_layers",
			"idempotent": true,
			"summary": "Set, add or remove collision layers and/or mask bits on one or more bodies by layer number or name, in one undo step.",
			"params": [
				nodes_param("nodes", "Node paths of bodies, areas, rays or shape casts"),
				opt("collision_layer", "any", "Layers: a mask, a number 1..32, a name, or an array of numbers/names"),
				opt("collision_mask", "any", "Mask, written like collision_layer"),
				choice("mode", ["set", "add", "remove"], "Replace the bits, add them, or remove them", "set"),
			],
			"example": {"nodes": ["/root/Main/Player"], "collision_layer": [2], "collision_mask": [1, 3]},
			"undo": "scene",
			"returns": {"nodes": [{"path": "string", "collision_mask": "int", "mask_layers": "Array", "collision_layer?": "int",
					"layers?": "Array"}]},
			"handler": _set_layers,
		},
		{
			"method": "physics.layer_names",
			"idempotent": true,
			"summary": "Read or name the project's layers (Project Settings → Layer Names): physics, navigation or render, 2D or 3D. Undoable; saves project.godot.",
			"params": [
				choice("kind", BridgeLayerBits.KINDS, "Which layer set", "3d_physics"),
				opt("names", "Dictionary", "Layer number → name to set, e.g. {\"1\": \"world\", \"2\": \"player\"}; \"\" clears a name"),
			],
			"example": {"kind": "2d_physics", "names": {"1": "world", "2": "player"}},
			# a step in the editor's global history (lib/project_settings.gd); reading alone changes nothing
			"undo": "global",
			"returns": {"kind": "string", "names": "Dictionary", "changed": "int"},
			"handler": _layer_names,
		},
	]


func _layers(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var dim := BridgeSpatialQuery.dimension(node)
	var kind := "%dd_physics" % dim
	var out := {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(),
			"collision_mask": node.collision_mask,
			"mask_layers": BridgeLayerBits.decode(node.collision_mask, kind)}
	if "collision_layer" in node:
		out["collision_layer"] = node.collision_layer
		out["layers"] = BridgeLayerBits.decode(node.collision_layer, kind)
	var sees: Array = []
	var seen_by: Array = []
	for other: Node in [BridgeSceneAccess.root()] + _all(BridgeSceneAccess.root()):  # the root can be a body too
		if other == node or not (other is CollisionObject3D or other is CollisionObject2D) or BridgeSpatialQuery.dimension(other) != dim:
			continue
		if node.collision_mask & other.collision_layer:
			sees.append(BridgeSceneAccess.path_of(other))
		if "collision_layer" in node and other.collision_mask & node.collision_layer:
			seen_by.append(BridgeSceneAccess.path_of(other))
	out["detects"] = sees
	out["detected_by"] = seen_by
	return out


func _set_layers(c: BridgeCall) -> Variant:
	var p := c.params
	if not p.has("collision_layer") and not p.has("collision_mask"):
		return c.invalid("give collision_layer, collision_mask or both", {"param": "collision_layer"})
	var nodes: Array = p.nodes
	for node: Node in nodes:
		# by property, not class: GridMap, CSG shapes, soft bodies and spring arms have layers too
		if not "collision_mask" in node or BridgeSpatialQuery.dimension(node) == 0:
			return c.invalid("%s is a %s: it has no collision layers or mask" % [BridgeSceneAccess.path_of(node),
					node.get_class()], {"param": "nodes"})
	var changes: Array = []
	for node: Node in nodes:
		var kind := "%dd_physics" % BridgeSpatialQuery.dimension(node)
		for key: String in ["collision_layer", "collision_mask"]:
			if not p.has(key):
				continue
			if not key in node:
				return c.invalid("%s (%s) has no %s" % [BridgeSceneAccess.path_of(node), node.get_class(), key], {"param": key})
			var bits: Variant = BridgeLayerBits.parse(p[key], kind, key)
			if bits is BridgeError:
				return bits
			changes.append([node, key, BridgeLayerBits.combine(node.get(key), bits, p.mode)])
	BridgeSceneEdit.set_properties(c.step, "set collision layers of %d nodes" % nodes.size(), changes)
	var out: Array = []
	for node: Node in nodes:
		var kind := "%dd_physics" % BridgeSpatialQuery.dimension(node)
		var entry := {"path": BridgeSceneAccess.path_of(node), "collision_mask": node.collision_mask,
				"mask_layers": BridgeLayerBits.decode(node.collision_mask, kind)}
		if "collision_layer" in node:
			entry.merge({"collision_layer": node.collision_layer, "layers": BridgeLayerBits.decode(node.collision_layer, kind)})
		out.append(entry)
	return {"nodes": out}


func _layer_names(c: BridgeCall) -> Variant:
	var p := c.params
	var kind: String = p.kind
	var changes := {}
	for key: Variant in p.get("names", {}):
		var n := str(key)
		if not n.is_valid_int() or int(n) < 1 or int(n) > 32:
			return c.invalid("'names' keys are layer numbers 1..32, got '%s'" % n, {"param": "names"})
		var value: Variant = p.names[key]
		if not value is String:
			return c.invalid("'names' values are strings, got %s for layer %s" % [JSON.stringify(value), n],
					{"param": "names"})
		changes["layer_names/%s/layer_%d" % [kind, int(n)]] = value if value != "" else null
	if not changes.is_empty():
		var err := BridgeProjectSettingsLib.commit_settings(c.step, "Bridge: name %s layers" % kind, changes)
		if err != OK:
			return c.failed("could not save project.godot: %s" % error_string(err))
	var named := {}
	for n in range(1, 33):
		var name := BridgeLayerBits.layer_name(kind, n)
		if name != "":
			named[str(n)] = name
	return {"kind": kind, "names": named, "changed": changes.size()}


func _all(node: Node) -> Array:
	var out: Array = []
	for child in BridgeSceneAccess.scene_children(node):
		out.append(child)
		out.append_array(_all(child))
	return out
