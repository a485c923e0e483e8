@tool
extends "../../core/command_group.gd"
## camera.*: add a 2D or 3D camera aimed at something, make one the current camera, frame nodes so they
## fill the shot, check what a camera sees (with the project's window aspect), and clamp a 2D camera's
## limits to a level's bounds. Each change is one undo step.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")


func commands() -> Array:
	return [
		{
			"method": "camera.add",
			"summary": "Add a Camera3D or Camera2D at a position, aimed at a node or point, with projection, FOV/size or zoom, and make it current.",
			"params": [
				choice("dimension", ["3d", "2d"], "Camera3D or Camera2D", "3d"),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", null),
				vector_param("position", "Local position, [x, y, z] or [x, y]", false, "dimension"),
				node_param("target", "3D: node to aim at", false).merged({"also": ["look_at", "aim_at", "look_at_node"]}),
				opt("point", "Array", "3D: point to aim at", null, {"items": "float"}),
				choice("projection", ["perspective", "orthogonal"], "3D projection", "perspective"),
				opt("fov", "float", "3D perspective vertical field of view in degrees", 75.0, {"min": 1.0, "max": 179.0}),
				opt("size", "float", "3D orthogonal view height in metres", 10.0, {"min": 0.001}),
				opt("zoom", "float", "2D zoom (2 = twice as close)", 1.0, {"min": 0.001}),
				opt("current", "bool", "Make it the scene's current camera", true),
			],
			"example": {"position": [0, 4, 8], "target": "/root/Level3D/Crate", "name": "ShotCamera"},
			"example_scene": "res://scenes/level_3d.tscn",
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "position": "Vector2|Vector3", "forward?": "Vector3", "current?": "bool",
					"zoom?": "Vector2", "enabled?": "bool"},
			"handler": _add,
		},
		{
			"method": "camera.make_current",
			"idempotent": true,
			"summary": "Make a camera the one the scene starts with: current (3D) or enabled (2D), turning the scene's other cameras off, in one undo step.",
			"params": [node_param("node_path", "Camera3D or Camera2D", true, null, ["Camera3D", "Camera2D"])],
			"example": {"node_path": "/root/Main/Camera2D"},
			"example_setup": [{"method": "camera.add", "params": {"dimension": "2d", "name": "Follow"}}],
			"undo": "scene",
			"returns": {"path": "string", "current?": "bool", "enabled?": "bool", "turned_off": ["string"]},
			"handler": _make_current,
		},
		{
			"method": "camera.frame",
			"idempotent": true,
			"summary": "Move (and in 3D aim) a camera so the given nodes' bounds fill the shot with a margin: 3D keeps its view direction or takes one; 2D centers and zooms.",
			"params": [
				node_param("node_path", "Camera3D or Camera2D", true, null, ["Camera3D", "Camera2D"]),
				opt("nodes", "Array", "Nodes to frame (default: every object in the scene)", null, {"kind": "nodes"}),
				vector_param("direction", "3D: view direction to use, e.g. [0, -1, -1] (default: the camera's own)", false, 3),
				opt("margin", "float", "Extra room around the bounds, as a fraction (0.1 = 10%)", 0.1, {"min": 0.0}),
			],
			"example": {"node_path": "/root/Level3D/Camera3D", "nodes": ["/root/Level3D/Crate"]},
			"example_scene": "res://scenes/level_3d.tscn",
			"undo": "scene",
			"returns": {"path": "string", "position": "Vector2|Vector3", "framed": "any", "zoom?": "Vector2", "looking_at?": "Vector3",
					"distance?": "float", "all_in_view?": "bool"},
			"handler": _frame,
		},
		{
			"method": "camera.in_view",
			"summary": "Which nodes a camera sees with the project's window size: inside, partly or outside the shot, and where each one's center lands on screen (pixels).",
			"params": [
				node_param("node_path", "Camera3D or Camera2D", true, null, ["Camera3D", "Camera2D"]),
				opt("nodes", "Array", "Nodes to check (default: every object in the scene)", null, {"kind": "nodes"}),
			],
			"example": {"node_path": "/root/Level3D/Camera3D"},
			"example_scene": "res://scenes/level_3d.tscn",
			"read_only": true,
			"returns": {"camera": "string", "viewport": "Vector2", "nodes": [{"path": "string", "visibility": "string", "screen": "Vector2|null"}]},
			"handler": _in_view,
		},
		{
			"method": "camera.limit_to",
			"idempotent": true,
			"summary": "Clamp a Camera2D's scroll limits to a node's bounds (a level's tile layer, background or ground), so it never shows past the edges.",
			"params": [
				node_param("node_path", "Camera2D", true, null, ["Camera3D", "Camera2D"]),
				# no class here: a Camera3D is refused first, with what limits are for
				node_param("bounds_of", "Node whose 2D bounds become the limits"),
				opt("margin", "int", "Pixels of slack outside the bounds", 0),
			],
			"example": {"node_path": "/root/Main/Camera2D", "bounds_of": "/root/Main/Player"},
			"undo": "scene",
			"returns": {"path": "string", "limit_left": "int", "limit_top": "int", "limit_right": "int", "limit_bottom": "int"},
			"handler": _limit_to,
		},
	]


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var dim := 3 if p.dimension == "3d" else 2
	var pos: Variant = Vector3.ZERO if dim == 3 else Vector2.ZERO
	if p.has("position"):
		pos = p.position
	var aim: Variant = null
	if p.has("target") or p.has("point"):
		if dim == 2:
			return c.invalid("target and point aim a 3D camera; a Camera2D looks straight at its position", {"param": "target"})
		aim = _point(p)
		if aim is BridgeError:
			return aim
	var cam: Node = BridgeSceneEdit.make("Camera3D" if dim == 3 else "Camera2D", p.get("name", ""))
	cam.position = pos
	# the lens goes through PropertyPath: a value the camera does not keep is refused in the engine's words
	var lens := {"fov": p.fov, "size": p.size} if dim == 3 else {"zoom": [p.zoom, p.zoom]}
	var refused: Variant = BridgePropertyPath.apply_new(cam, lens, "camera.add")
	if refused != null:
		refused.data["param"] = "zoom" if dim == 2 else "fov"
		cam.free()
		return refused
	if dim == 3:
		cam.projection = Camera3D.PROJECTION_ORTHOGONAL if p.projection == "orthogonal" else Camera3D.PROJECTION_PERSPECTIVE
		if aim != null:
			var global_pos: Vector3 = (parent.global_transform if parent is Node3D else Transform3D.IDENTITY) * pos
			if global_pos.is_equal_approx(aim):
				cam.free()
				return c.invalid("the camera would sit on the point it aims at", {"param": "position"})
			var up := Vector3.UP if absf((aim - global_pos).normalized().dot(Vector3.UP)) < 0.999 else Vector3.FORWARD
			var look := Transform3D(Basis.IDENTITY, global_pos).looking_at(aim, up)
			cam.basis = ((parent.global_transform.basis.inverse() if parent is Node3D else Basis.IDENTITY) * look.basis).orthonormalized()
		cam.current = p.current
	else:
		cam.enabled = p.current  # a Camera2D is "current" by being enabled (as camera.make_current sets it)
	var ur := BridgeSceneAccess.action(c.step, "add %s" % cam.get_class())
	BridgeSceneEdit.add_to_action(ur, parent, cam)
	if p.current:
		_others_off(ur, cam)
	ur.commit_action()
	var out := {"path": BridgeSceneAccess.path_of(cam), "type": cam.get_class(), "position": cam.global_position}
	if dim == 3:
		out.merge({"forward": BridgeSceneEdit.tidy(-cam.global_basis.z), "current": cam.current})
	else:
		out.merge({"zoom": cam.zoom, "enabled": cam.enabled})
	return out


func _make_current(c: BridgeCall) -> Variant:
	var p := c.params
	var cam: Node = p.node_path
	var ur := BridgeSceneAccess.action(c.step, "make %s current" % cam.name)
	var prop := "current" if cam is Camera3D else "enabled"
	ur.add_do_property(cam, prop, true)
	ur.add_undo_property(cam, prop, cam.get(prop))
	var turned_off := _others_off(ur, cam)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(cam), prop: cam.get(prop), "turned_off": turned_off}


func _frame(c: BridgeCall) -> Variant:
	var p := c.params
	var cam: Variant = p.node_path
	var targets: Variant = _targets(p, cam)
	if targets is BridgeError:
		return targets
	var margin: float = 1.0 + p.margin
	var aspect := _aspect()
	if cam is Camera2D:
		var rect: Rect2 = BridgeSpatialQuery.bounds_2d(targets[0]).rect
		for node: Node in targets.slice(1):
			rect = rect.merge(BridgeSpatialQuery.bounds_2d(node).rect)
		var view := _viewport_size()
		var z := minf(view.x / maxf(rect.size.x * margin, 0.001), view.y / maxf(rect.size.y * margin, 0.001))
		# local values: undo then puts back exactly what the scene held, not a global round trip of it
		var parent2d: Node = cam.get_parent()
		var local: Vector2 = parent2d.get_global_transform().affine_inverse() * rect.get_center() if parent2d is CanvasItem else rect.get_center()
		var framed: Variant = _set_checked(c.step, cam, {"position": [local.x, local.y], "zoom": [z, z]}, "camera.frame", "frame %s" % cam.name)
		if framed is BridgeError:
			return framed
		return {"path": BridgeSceneAccess.path_of(cam), "position": cam.global_position, "zoom": cam.zoom,
				"framed": rect}
	var box: AABB = BridgeSpatialQuery.bounds_3d(targets[0]).aabb
	for node: Node in targets.slice(1):
		box = box.merge(BridgeSpatialQuery.bounds_3d(node).aabb)
	var forward: Vector3 = -cam.global_basis.z.normalized()
	if p.has("direction"):
		var d: Vector3 = p.direction
		if d.length() == 0.0:
			return c.invalid("'direction' must not be zero", {"param": "direction"})
		forward = d.normalized()
	var center := box.get_center()
	var radius := maxf(box.size.length() / 2.0, 0.01)
	var changes := {}
	var distance: float
	if cam.projection == Camera3D.PROJECTION_ORTHOGONAL:
		distance = radius + cam.near + 1.0
		changes["size"] = maxf(box.size.length() * margin, 0.01)
	else:
		var vfov := deg_to_rad(cam.fov)
		var hfov := 2.0 * atan(tan(vfov / 2.0) * aspect)
		distance = radius * margin / sin(minf(vfov, hfov) / 2.0)
	var pos := center - forward * distance
	var up := Vector3.UP if absf(forward.dot(Vector3.UP)) < 0.999 else Vector3.FORWARD
	var xform := Transform3D(Basis.IDENTITY, pos).looking_at(center, up)
	var parent3d: Node = cam.get_parent()
	if parent3d is Node3D:
		xform = parent3d.global_transform.affine_inverse() * xform
	changes["transform"] = var_to_str(xform)  # local, in the text form PropertyPath reads back as a Transform3D
	if distance + radius > cam.far:
		changes["far"] = ceilf(distance + radius * 2.0)
	var done: Variant = _set_checked(c.step, cam, changes, "camera.frame", "frame %s" % cam.name)
	if done is BridgeError:
		return done
	var seen := _visibility_3d(cam, box, aspect)
	return {"path": BridgeSceneAccess.path_of(cam), "position": BridgeSceneEdit.tidy(cam.global_position),
			"looking_at": center,
			"distance": BridgeSceneEdit.tidy(distance), "framed": box, "all_in_view": seen == "inside"}


func _in_view(c: BridgeCall) -> Variant:
	var p := c.params
	var cam: Variant = p.node_path
	var targets: Variant = _targets(p, cam)
	if targets is BridgeError:
		return targets
	var view := _viewport_size()
	var out: Array = []
	for node: Node in targets:
		var entry := {"path": BridgeSceneAccess.path_of(node)}
		if cam is Camera3D:
			var box: AABB = BridgeSpatialQuery.bounds_3d(node).aabb
			entry["visibility"] = _visibility_3d(cam, box, _aspect())
			entry["screen"] = _screen_3d(cam, box.get_center(), view)
		else:
			var rect: Rect2 = BridgeSpatialQuery.bounds_2d(node).rect
			var shown := Rect2(cam.global_position - view / cam.zoom / 2.0, view / cam.zoom)
			entry["visibility"] = "inside" if shown.encloses(rect) else ("partly" if shown.intersects(rect) else "outside")
			entry["screen"] = (rect.get_center() - shown.position) * cam.zoom
		out.append(entry)
	return {"camera": BridgeSceneAccess.path_of(cam), "viewport": view, "nodes": out}


func _limit_to(c: BridgeCall) -> Variant:
	var p := c.params
	var cam: Node = p.node_path
	if not cam is Camera2D:
		return c.invalid("%s is a Camera3D: limits belong to Camera2D" % BridgeSceneAccess.path_of(cam), {"param": "node_path"})
	var node: Node = p.bounds_of
	if not node is CanvasItem:
		return c.invalid("%s is not a 2D node" % BridgeSceneAccess.path_of(node), {"param": "bounds_of"})
	var rect: Rect2 = BridgeSpatialQuery.bounds_2d(node).rect.grow(p.margin)
	var limited: Variant = _set_checked(c.step, cam, {"limit_left": floori(rect.position.x), "limit_top": floori(rect.position.y),
			"limit_right": ceili(rect.end.x), "limit_bottom": ceili(rect.end.y)}, "camera.limit_to", "limit %s to %s" % [cam.name, node.name])
	if limited is BridgeError:
		return limited
	return {"path": BridgeSceneAccess.path_of(cam), "limit_left": cam.limit_left, "limit_top": cam.limit_top,
			"limit_right": cam.limit_right, "limit_bottom": cam.limit_bottom}


## Sets a camera's properties (path → JSON value) as one undoable action, each read back first
## (PropertyPath.plan): a value the camera does not keep, such as a zero zoom, is refused with the
## engine's own message and nothing changes. True, or the BridgeError.
func _set_checked(undo_step: RefCounted, cam: Node, props: Dictionary, method: String, action_name: String) -> Variant:
	var planned: Variant = BridgePropertyPath.plan(cam, props, method)
	if planned is BridgeError:
		return planned
	BridgePropertyPath.commit(undo_step, planned, action_name)
	return true


## Turns every other camera of the same kind in the scene off, on the action; returns their paths.
func _others_off(ur: EditorUndoRedoManager, cam: Node) -> Array:
	var prop := "current" if cam is Camera3D else "enabled"
	var out: Array = []
	for other: Node in BridgeSceneAccess.root().find_children("*", cam.get_class(), true, false):
		if other != cam and other.get(prop) and (other.owner == BridgeSceneAccess.root() or other == BridgeSceneAccess.root()):
			ur.add_do_property(other, prop, false)
			ur.add_undo_property(other, prop, true)
			out.append(BridgeSceneAccess.path_of(other))
	return out


func _targets(p: Dictionary, cam: Node) -> Variant:
	var dim := BridgeSpatialQuery.dimension(cam)
	if p.has("nodes"):  # kind "nodes" with no default: left out means every object, given must not be empty
		var nodes: Array = p.nodes
		if nodes.is_empty():
			return BridgeError.invalid("'nodes' is empty: give at least one node path, or leave it out for every object",
					{"param": "nodes"})
		for node: Node in nodes:
			if BridgeSpatialQuery.dimension(node) != dim:
				return BridgeError.invalid("%s is not a %dD node like the camera" % [BridgeSceneAccess.path_of(node), dim], {"param": "nodes"})
		return nodes
	var all: Array = []
	for node: Node in BridgeSceneAccess.root().find_children("*", "GeometryInstance3D" if dim == 3 else "CanvasItem", true, false):
		if node.owner == BridgeSceneAccess.root() and (dim == 3 or node is Sprite2D or node is Polygon2D or node is TileMapLayer
				or node is MeshInstance2D or node is AnimatedSprite2D or _world_control(node)):
			all.append(node)
	if all.is_empty():
		return BridgeError.failed("the scene has no %s objects to look at; give nodes" % ("3D" if dim == 3 else "2D"))
	return all


## A Control drawn in the world (placeholder art such as a ColorRect under a body), not a HUD on a
## CanvasLayer nor a part of a bigger Control.
static func _world_control(node: Node) -> bool:
	return node is Control and not node.get_parent() is Control and node.get_canvas_layer_node() == null


func _point(p: Dictionary) -> Variant:
	if p.has("target"):
		var t: Node = p.target
		if not t is Node3D:
			return BridgeError.invalid("target %s is not a Node3D" % BridgeSceneAccess.path_of(t), {"param": "target"})
		return BridgeSpatialQuery.bounds_3d(t).aabb.get_center()
	return BridgeSpatialQuery.to_vector(p.point, "point", 3)


## "inside", "partly" or "outside" the camera's view of the project's window shape.
func _visibility_3d(cam: Camera3D, box: AABB, aspect: float) -> String:
	var inside := 0
	for i in 8:
		if _sees(cam, box.get_endpoint(i), aspect):
			inside += 1
	if inside == 8:
		return "inside"
	return "partly" if inside > 0 or _sees(cam, box.get_center(), aspect) else "outside"


func _sees(cam: Camera3D, point: Vector3, aspect: float) -> bool:
	var local := cam.global_transform.affine_inverse() * point
	var depth := -local.z
	if depth < cam.near - 0.0001 or depth > cam.far:
		return false
	var half_h := tan(deg_to_rad(cam.fov) / 2.0) * depth if cam.projection != Camera3D.PROJECTION_ORTHOGONAL else cam.size / 2.0
	var half_w := half_h * aspect
	return absf(local.x) <= half_w * 1.0001 and absf(local.y) <= half_h * 1.0001


func _screen_3d(cam: Camera3D, point: Vector3, view: Vector2) -> Variant:
	var local := cam.global_transform.affine_inverse() * point
	var depth := -local.z
	if depth <= 0.0:
		return null
	var half_h := tan(deg_to_rad(cam.fov) / 2.0) * depth if cam.projection != Camera3D.PROJECTION_ORTHOGONAL else cam.size / 2.0
	var half_w := half_h * view.x / view.y
	return Vector2((local.x / half_w + 1.0) / 2.0 * view.x, (1.0 - local.y / half_h) / 2.0 * view.y).round()


func _viewport_size() -> Vector2:
	return Vector2(ProjectSettings.get_setting("display/window/size/viewport_width", 1152),
			ProjectSettings.get_setting("display/window/size/viewport_height", 648))


func _aspect() -> float:
	var v := _viewport_size()
	return v.x / v.y
