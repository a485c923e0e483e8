@tool
extends "../../core/command_group.gd"
## path.*, curves: make a Path2D/Path3D from points, edit its points and tangents, smooth it, and read it
## back with its baked length. A curve edit is one undoable action over the curve's point data.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")

const PATHS := ["Path2D", "Path3D"]
## The sweeps' setup for the commands that change or read the examples' path: path.create's example.
const TRACK := {"method": "path.create", "params": {"name": "Track", "points": [[0, 0, 0], [4, 0, 0], [4, 0, 4]]}}
## _describe's result (2D paths: Vector2 points, no tilt).
const DESCRIBED := {"path": "string", "type": "string", "point_count": "int", "baked_length": "float",
		"points": [{"position": "Vector2|Vector3", "in": "Vector2|Vector3", "out": "Vector2|Vector3", "tilt?": "float"}]}


func commands() -> Array:
	return [
		{
			"method": "path.create",
			"summary": "Add a Path2D or Path3D with a new curve through the given points (optionally closed back to the first).",
			"params": [
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: Path2D/Path3D, made unique)"),
				choice("dimension", ["2d", "3d"], "Path2D or Path3D", "3d"),
				opt("points", "Array", "Points: [x, y(, z)] or {position, in, out, tilt}", [], {"items": "any"}),
				opt("closed", "bool", "Repeat the first point at the end", false),
				opt("bake_interval", "float", "Distance between baked points", null, {"min": 0.001}),
			],
			"example": {"parent": "/root/Main", "name": "Track", "dimension": "3d", "points": [[0, 0, 0], [4, 0, 0], [4, 0, 4]]},
			"returns": DESCRIBED,
			"undo": "scene",
			"handler": _create,
		},
		{
			"method": "path.add_point",
			"summary": "Insert or append a curve point with optional in/out tangents (and tilt on 3D).",
			"params": _point_params(false),
			"example": {"node_path": "/root/Main/Track", "position": [0, 0, 4], "in": [1, 0, 0], "out": [-1, 0, 0]},
			"example_setup": [TRACK],
			"returns": DESCRIBED,
			"undo": "scene",
			"handler": _add_point,
		},
		{
			"method": "path.set_point",
			"idempotent": true,
			"summary": "Move a curve point and/or change its tangents or tilt.",
			"params": _point_params(true),
			"example": {"node_path": "/root/Main/Track", "index": 1, "position": [5, 1, 0]},
			"example_setup": [TRACK],
			"returns": DESCRIBED,
			"undo": "scene",
			"handler": _set_point,
		},
		{
			"method": "path.remove_point",
			"summary": "Remove one point of a path's curve.",
			"params": [node_param("node_path", "Path2D or Path3D", true, null, PATHS), req("index", "int", "Point index", {"min": 0})],
			"example": {"node_path": "/root/Main/Track", "index": 0},
			"example_setup": [TRACK],
			"returns": DESCRIBED,
			"undo": "scene",
			"destructive": true,
			"handler": _remove_point,
		},
		{
			"method": "path.smooth",
			"summary": "Give every inner point tangents along its neighbours (Catmull-Rom style), turning a polyline into a smooth curve.",
			"params": [
				node_param("node_path", "Path2D or Path3D", true, null, PATHS),
				opt("amount", "float", "Tangent length as a share of the distance between the neighbours", 0.25, {"min": 0, "max": 1}),
			],
			"example": {"node_path": "/root/Main/Track", "amount": 0.25},
			"example_setup": [TRACK],
			"returns": DESCRIBED,
			"undo": "scene",
			"handler": _smooth,
		},
	]


func _point_params(editing: bool) -> Array:
	var out := [node_param("node_path", "Path2D or Path3D", true, null, PATHS)]
	if editing:
		out.append(req("index", "int", "Point index", {"min": 0}))
		out.append(opt("position", "Array", "New position [x, y(, z)]", null, {"items": "float"}))
	else:
		out.append(req("position", "Array", "Position [x, y] or [x, y, z], local to the path", {"items": "float"}))
		out.append(opt("index", "int", "Insert before this index (default: append)", null, {"min": 0}))
	out.append(opt("in", "Array", "In tangent, relative to the point", null, {"items": "float"}))
	out.append(opt("out", "Array", "Out tangent, relative to the point", null, {"items": "float"}))
	out.append(opt("tilt", "float", "Tilt in radians (3D only)"))
	return out


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var is_3d: bool = p.dimension == "3d"
	var curve: Resource = Curve3D.new() if is_3d else Curve2D.new()
	for i: int in p.points.size():
		var spec: Variant = p.points[i]
		var point: Variant = _point(spec if spec is Dictionary else {"position": spec}, is_3d, "points[%d]" % i)
		if point is BridgeError:
			return point
		_add_to(curve, point, -1)
	if p.closed and curve.point_count > 1:
		curve.add_point(curve.get_point_position(0))
	if p.has("bake_interval"):
		curve.bake_interval = p.bake_interval
	var node: Node = Path3D.new() if is_3d else Path2D.new()
	node.curve = curve
	BridgeSceneEdit.add(c.step, "add %s" % node.get_class(), parent, node, p.name)
	return _describe(node)


func _add_point(bc: BridgeCall) -> Variant:
	var p := bc.params
	var node: Variant = _path_node(p.node_path)
	if node is BridgeError:
		return node
	var point: Variant = _point(p, node is Path3D, "")
	if point is BridgeError:
		return point
	var index: int = p.get("index", -1)
	if index > node.curve.point_count:
		return bc.invalid("index %d is out of range: the curve has %d points" % [index, node.curve.point_count], {"param": "index"})
	return _edit(bc.step, node, "add point to %s" % node.name, func(c: Resource) -> void: _add_to(c, point, index))


func _set_point(bc: BridgeCall) -> Variant:
	var p := bc.params
	var node: Variant = _path_node(p.node_path)
	if node is BridgeError:
		return node
	if p.index >= node.curve.point_count:
		return bc.invalid("index %d is out of range: the curve has %d points" % [p.index, node.curve.point_count], {"param": "index"})
	if not ["position", "in", "out", "tilt"].any(func(k: String) -> bool: return p.has(k)):
		return bc.invalid("give position, in, out or tilt", {"param": "position"})
	var point: Variant = _point(p, node is Path3D, "")
	if point is BridgeError:
		return point
	return _edit(bc.step, node, "set point %d of %s" % [p.index, node.name], func(c: Resource) -> void:
		if point.has("position"):
			c.set_point_position(p.index, point.position)
		if point.has("in"):
			c.set_point_in(p.index, point.in)
		if point.has("out"):
			c.set_point_out(p.index, point.out)
		if point.has("tilt"):
			c.set_point_tilt(p.index, point.tilt))


func _remove_point(bc: BridgeCall) -> Variant:
	var p := bc.params
	var node: Variant = _path_node(p.node_path)
	if node is BridgeError:
		return node
	if p.index >= node.curve.point_count:
		return bc.invalid("index %d is out of range: the curve has %d points" % [p.index, node.curve.point_count], {"param": "index"})
	return _edit(bc.step, node, "remove point %d of %s" % [p.index, node.name], func(c: Resource) -> void: c.remove_point(p.index))


func _smooth(bc: BridgeCall) -> Variant:
	var p := bc.params
	var node: Variant = _path_node(p.node_path)
	if node is BridgeError:
		return node
	if node.curve.point_count < 3:
		return bc.failed("%s has %d points: smoothing needs at least 3" % [BridgeSceneAccess.path_of(node), node.curve.point_count])
	return _edit(bc.step, node, "smooth %s" % node.name, func(c: Resource) -> void:
		for i in range(1, c.point_count - 1):
			var along: Variant = (c.get_point_position(i + 1) - c.get_point_position(i - 1)) * p.amount
			c.set_point_in(i, -along)
			c.set_point_out(i, along))


## Applies `change` to a copy of the node's curve and records old → new point data as one action.
func _edit(undo_step: RefCounted, node: Node, action_name: String, change: Callable) -> Dictionary:
	var curve: Resource = node.curve
	var copy: Resource = curve.duplicate()
	change.call(copy)
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	ur.add_do_property(curve, "_data", copy.get("_data"))
	ur.add_undo_property(curve, "_data", curve.get("_data"))
	ur.commit_action()
	return _describe(node)


## The Path2D/Path3D the router resolved, when it has a curve; or a BridgeError.
func _path_node(node: Node) -> Variant:
	if node.curve == null:
		return BridgeError.failed("%s has no curve: make paths with path.create" % BridgeSceneAccess.path_of(node))
	return node


## {position?, in?, out?, tilt?} converted for the dimension, or a BridgeError naming the bad field.
func _point(spec: Dictionary, is_3d: bool, where: String) -> Variant:
	var out := {}
	for key: String in ["position", "in", "out"]:
		if not spec.has(key) or spec[key] == null:
			continue
		var v: Variant = _vec(spec[key], is_3d)
		if v == null:
			var label := where + ("." if where != "" else "") + key
			return BridgeError.invalid("'%s' must be [x, y%s] for a %s, got %s" % [label, ", z" if is_3d else "",
					"Path3D" if is_3d else "Path2D", JSON.stringify(spec[key])], {"param": where.get_slice("[", 0) if where else key})
		out[key] = v
	if spec.has("tilt") and spec.tilt != null:
		if not is_3d:
			return BridgeError.invalid("tilt applies to Path3D points only", {"param": "tilt"})
		out["tilt"] = float(spec.tilt)
	if where != "" and not out.has("position"):
		return BridgeError.invalid("'%s' needs a position" % where, {"param": "points"})
	return out


func _vec(v: Variant, is_3d: bool) -> Variant:
	if not v is Array or v.size() != (3 if is_3d else 2) or not v.all(func(x: Variant) -> bool: return (x is int or x is float) and not x is bool):
		return null
	return Vector3(v[0], v[1], v[2]) if is_3d else Vector2(v[0], v[1])


func _add_to(curve: Resource, point: Dictionary, index: int) -> void:
	var zero: Variant = Vector3.ZERO if curve is Curve3D else Vector2.ZERO
	curve.add_point(point.position, point.get("in", zero), point.get("out", zero), index)
	if point.has("tilt"):
		curve.set_point_tilt(index if index >= 0 else curve.point_count - 1, point.tilt)


func _describe(node: Node) -> Dictionary:
	var c: Resource = node.curve
	var points: Array = []
	for i: int in c.point_count:
		var entry := {"position": c.get_point_position(i), "in": c.get_point_in(i), "out": c.get_point_out(i)}
		if c is Curve3D:
			entry["tilt"] = c.get_point_tilt(i)
		points.append(entry)
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "point_count": c.point_count,
			"points": points,
			"baked_length": c.get_baked_length()}
