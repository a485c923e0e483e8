@tool
extends "../../core/command_group.gd"
## navigation.*: navigation regions with their mesh settings, baking a region's navigation mesh from the
## geometry under it (undoable), path queries on the baked meshes in the editor, agents and links, and a
## review of every navigation node.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")
const BridgeLayerBits := preload("../../core/layer_bits.gd")
const BridgeCompat := preload("../../core/compat.gd")

## How many physics frames a path query waits for its private map to synchronise.
const SYNC_FRAMES := 60

const LEVEL := "res://scenes/level_3d.tscn"
const VEC := "Vector2|Vector3"
## The demo level's floor under a region (the add_region example), baked (the bake example).
const REGION := {"method": "navigation.add_region", "params": {"parent": "/root/Level3D", "name": "Nav",
		"adopt": ["/root/Level3D/Floor"]}}
const BAKE := {"method": "navigation.bake", "params": {"node_path": "/root/Level3D/Nav"}}


func commands() -> Array:
	return [
		{
			"method": "navigation.add_region",
			"summary": "Add a NavigationRegion3D with a NavigationMesh sized for an agent (radius, height, climb, slope), or a NavigationRegion2D with an outline; optionally move existing geometry under it so baking sees it.",
			"params": [
				choice("dimension", ["3d", "2d"], "3D region (baked from meshes/colliders) or 2D region (from an outline)", "3d"),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", "NavigationRegion"),
				opt("agent_radius", "float", "3D: agent radius in metres", 0.5, {"min": 0.0}),
				opt("agent_height", "float", "3D: agent height", 1.5, {"min": 0.0}),
				opt("agent_max_climb", "float", "3D: highest step", 0.25, {"min": 0.0}),
				opt("agent_max_slope", "float", "3D: steepest walkable slope in degrees", 45.0, {"min": 0.0, "max": 90.0}),
				opt("outline", "Array", "2D: outline points [[x, y], …] of the walkable area", null, {"items": ["float"]}),
				# kind "nodes" without a default: left out, nothing is adopted; given, it must not be empty
				opt("adopt", "Array", "Existing nodes to move under the region (keeping their place) so it bakes from them", null, {"kind": "nodes"}),
				layers_param("navigation_layers", "navigation", "Navigation layers: mask, numbers or names", "dimension", 1),
			],
			"example": {"parent": "/root/Level3D", "name": "Nav", "adopt": ["/root/Level3D/Floor"]},
			"example_scene": LEVEL,
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "adopted": ["string"], "navigation_layers": "Array"},
			"handler": _add_region,
		},
		{
			"method": "navigation.bake",
			"idempotent": true,
			"summary": "Bake a navigation region's mesh from the geometry (meshes and static colliders) under it, as one undo step; reports polygons and the walkable bounds.",
			"params": [node_param("node_path", "NavigationRegion3D or NavigationRegion2D", true, null,
					["NavigationRegion3D", "NavigationRegion2D"]).merged({"what": "a NavigationRegion3D/2D"})],
			"example": {"node_path": "/root/Level3D/Nav"},
			"example_scene": LEVEL,
			"example_setup": [REGION],
			"undo": "scene",
			# 3D bakes report the walkable bounds too
			"returns": {"path": "string", "polygons": "int", "vertices": "int", "bounds?": "Dictionary|null"},
			"timeout_ms": 60000,
			"handler": _bake,
		},
		{
			"method": "navigation.query_path",
			"summary": "Find a path between two points on the scene's baked navigation meshes (3D or 2D) in the editor: the points, its length, and where the ends snapped to the mesh.",
			"params": [
				vector_param("from", "Start, [x, y, z] or [x, y]"),
				vector_param("to", "Goal", true, "from"),
				layers_param("navigation_layers", "navigation", "Only regions on these layers (default: all)", "from"),
				opt("optimize", "bool", "String-pull the corridor into a short path", true),
			],
			"example": {"from": [-3, 0, -3], "to": [3, 0, 3]},
			"example_scene": LEVEL,
			"needs_scene": true,
			"example_setup": [REGION, BAKE],
			"read_only": true,
			"returns": {"found": "bool", "reaches_goal": "bool", "points": [VEC], "length": "float", "start_on_mesh": VEC,
					"goal_on_mesh": VEC},
			"timeout_ms": 30000,
			"handler": _query_path,
		},
		{
			"method": "navigation.add_agent",
			"summary": "Give a character a NavigationAgent2D/3D with its radius, height, speeds, path distances, avoidance and layers in one step.",
			"params": [
				node_param("node_path", "The character (a Node3D or Node2D) to get the agent"),
				new_name_param("name", "Node name", "NavigationAgent", "node_path"),
				opt("radius", "float", "Avoidance radius", null, {"min": 0.0}),
				opt("height", "float", "3D agent height", null, {"min": 0.0}),
				opt("max_speed", "float", "Maximum speed", null, {"min": 0.0}),
				opt("path_desired_distance", "float", "Distance at which a path point counts as reached", null, {"min": 0.0}),
				opt("target_desired_distance", "float", "Distance at which the target counts as reached", null, {"min": 0.0}),
				opt("avoidance", "bool", "Avoid other agents", false),
				layers_param("navigation_layers", "navigation", "Layers the agent paths on", "node_path", 1),
			],
			"example": {"node_path": "/root/Main/Player", "radius": 16.0, "max_speed": 200.0},
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "radius": "float", "max_speed": "float", "avoidance": "bool",
					"navigation_layers": "int"},
			"handler": _add_agent,
		},
		{
			"method": "navigation.add_link",
			"summary": "Add a NavigationLink2D/3D joining two points (a jump, a ladder, a gap), one-way or both ways.",
			"params": [
				vector_param("from", "Start point (global), [x, y, z] or [x, y]"),
				vector_param("to", "End point (global)", true, "from"),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", "NavigationLink"),
				opt("bidirectional", "bool", "Usable both ways", true),
			],
			"example": {"from": [0, 0, 0], "to": [0, 2, 3], "parent": "/root/Level3D"},
			"example_scene": LEVEL,
			"undo": "scene",
			"returns": {"path": "string", "from": VEC, "to": VEC, "bidirectional": "bool"},
			"handler": _add_link,
		},
		{
			"method": "navigation.describe",
			"summary": "Every navigation region, agent, link and obstacle in the scene: bake state (polygons), agent settings, layers by number and name.",
			"params": [],
			"example": {},
			"example_scene": LEVEL,
			"example_setup": [REGION],
			"needs_scene": true,
			"read_only": true,
			"returns": {"count": "int", "nodes": [{"path": "string", "type": "string"}]},
			"handler": _describe,
		},
	]


func _add_region(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var dim := 3 if p.dimension == "3d" else 2
	var layers: int = p.navigation_layers
	var adopt: Array = p.get("adopt", [])
	if p.has("adopt") and adopt.is_empty():
		return c.invalid("'adopt' is empty: give at least one node path, or leave it out", {"param": "adopt"})
	for node: Node in adopt:
		if node == BridgeSceneAccess.root() or BridgeSpatialQuery.dimension(node) != dim or node.is_ancestor_of(parent):
			return c.invalid("cannot adopt %s under a %dD region in %s" % [BridgeSceneAccess.path_of(node), dim,
					BridgeSceneAccess.path_of(parent)], {"param": "adopt"})
	var region: Node = BridgeSceneEdit.make("NavigationRegion3D" if dim == 3 else "NavigationRegion2D", p.name)
	region.navigation_layers = layers
	if dim == 3:
		var mesh := NavigationMesh.new()
		mesh.agent_radius = p.agent_radius
		mesh.agent_height = p.agent_height
		mesh.agent_max_climb = p.agent_max_climb
		mesh.agent_max_slope = p.agent_max_slope
		region.navigation_mesh = mesh
	else:
		var poly := NavigationPolygon.new()
		if p.has("outline"):
			var points := PackedVector2Array()
			for v: Variant in p.outline:
				var pt: Variant = BridgeSpatialQuery.to_vector(v, "outline", 2)
				if pt is BridgeError:
					region.free()
					return pt
				points.append(pt)
			if points.size() < 3:
				region.free()
				return c.invalid("'outline' needs at least 3 points", {"param": "outline"})
			poly.add_outline(points)
		region.navigation_polygon = poly
	var ur := BridgeSceneAccess.action(c.step, "add %s" % region.get_class())
	BridgeSceneEdit.add_to_action(ur, parent, region)
	for node: Node in adopt:
		var old_parent := node.get_parent()
		var owners := BridgeSceneAccess.owner_pairs(node)
		ur.add_do_method(old_parent, "remove_child", node)
		ur.add_do_method(region, "add_child", node, true)
		BridgeSceneAccess.add_owner_ops(ur, owners, false)
		ur.add_do_method(node, "set_global_transform", node.global_transform if dim == 3 else node.get_global_transform())
		ur.add_undo_method(region, "remove_child", node)
		ur.add_undo_method(old_parent, "add_child", node, true)
		ur.add_undo_method(old_parent, "move_child", node, node.get_index())
		BridgeSceneAccess.add_owner_ops(ur, owners, true)
		ur.add_undo_method(node, "set_transform", node.transform)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(region), "type": region.get_class(), "adopted": adopt.map(func(n: Node) -> String:
			return BridgeSceneAccess.path_of(n)), "navigation_layers": BridgeLayerBits.decode(region.navigation_layers, "%dd_navigation" % dim)}


func _bake(c: BridgeCall) -> Variant:
	var p := c.params
	var region: Node = p.node_path
	if region is NavigationRegion3D:
		if region.navigation_mesh == null:
			return c.failed("%s has no NavigationMesh; make the region with navigation.add_region" % BridgeSceneAccess.path_of(region))
		var mesh: NavigationMesh = region.navigation_mesh.duplicate()
		var source := NavigationMeshSourceGeometryData3D.new()
		NavigationServer3D.parse_source_geometry_data(mesh, source, region)
		if not source.has_data():
			return c.failed("nothing under %s to bake from: put meshes or static colliders under it (navigation.add_region adopt)" %
					BridgeSceneAccess.path_of(region))
		NavigationServer3D.bake_from_source_geometry_data(mesh, source)
		if mesh.get_polygon_count() == 0:
			return c.failed("the bake found geometry but no walkable polygons: the surfaces may be too small for agent_radius %s or too steep" %
					mesh.agent_radius)
		BridgeSceneEdit.set_properties(c.step, "bake %s" % region.name, [[region, "navigation_mesh", mesh]])
		return {"path": BridgeSceneAccess.path_of(region), "polygons": mesh.get_polygon_count(), "vertices": mesh.get_vertices().size(),
				"bounds": _points_box(mesh.get_vertices())}
	if region is NavigationRegion2D:
		if region.navigation_polygon == null:
			return c.failed("%s has no NavigationPolygon" % BridgeSceneAccess.path_of(region))
		var poly: NavigationPolygon = region.navigation_polygon.duplicate()
		var source := NavigationMeshSourceGeometryData2D.new()
		NavigationServer2D.parse_source_geometry_data(poly, source, region)
		NavigationServer2D.bake_from_source_geometry_data(poly, source)
		if poly.get_polygon_count() == 0:
			return c.failed("the bake made no polygons: give the region an outline (navigation.add_region outline)")
		BridgeSceneEdit.set_properties(c.step, "bake %s" % region.name, [[region, "navigation_polygon", poly]])
		return {"path": BridgeSceneAccess.path_of(region), "polygons": poly.get_polygon_count(), "vertices": poly.get_vertices().size()}
	return c.invalid("%s is a %s, not a NavigationRegion3D/2D" % [BridgeSceneAccess.path_of(region),
			region.get_class()],
			{"param": "node_path"})


func _query_path(c: BridgeCall) -> Variant:
	var p := c.params
	var root: Node = BridgeSceneAccess.root()
	var from: Variant = p.from
	var dim := 3 if from is Vector3 else 2
	var to: Variant = p.to
	var layers: int = p.get("navigation_layers", 0xFFFFFFFF)
	var nav_server: Object = NavigationServer3D if dim == 3 else NavigationServer2D
	var regions: Array = root.find_children("*", "NavigationRegion3D" if dim == 3 else "NavigationRegion2D", true, false)
	if root.is_class("NavigationRegion3D" if dim == 3 else "NavigationRegion2D"):
		regions.push_front(root)
	# A private map of the scene's baked regions: the editor does not keep the world's map synchronised.
	var map: RID = nav_server.map_create()
	BridgeCompat.navigation_map_sync(nav_server, map)
	var rids: Array[RID] = []
	for region: Node in regions:
		var mesh: Resource = region.navigation_mesh if dim == 3 else region.navigation_polygon
		if mesh == null or mesh.get_polygon_count() == 0 or not (region.navigation_layers & layers):
			continue
		if dim == 3:
			nav_server.map_set_cell_size(map, mesh.cell_size)
			nav_server.map_set_cell_height(map, mesh.cell_height)
		else:
			nav_server.map_set_cell_size(map, mesh.cell_size)
		var rid: RID = nav_server.region_create()
		nav_server.region_set_map(rid, map)
		nav_server.region_set_transform(rid, region.global_transform if dim == 3 else region.get_global_transform())
		if dim == 3:
			nav_server.region_set_navigation_mesh(rid, mesh)
		else:
			nav_server.region_set_navigation_polygon(rid, mesh)
		rids.append(rid)
	if rids.is_empty():
		nav_server.free_rid(map)
		return c.failed("no baked %dD navigation region on those layers in the scene: bake one with navigation.bake" % dim)
	nav_server.map_set_active(map, true)
	nav_server.set_active(true)
	var frames := 0
	# the first iteration can come before the regions join the map: wait for a path-ready one
	var path: Variant = PackedVector3Array() if dim == 3 else PackedVector2Array()
	while frames < SYNC_FRAMES:
		await (Engine.get_main_loop() as SceneTree).physics_frame
		frames += 1
		if nav_server.map_get_iteration_id(map) >= 2 or (nav_server.map_get_iteration_id(map) > 0 and not nav_server.map_get_regions(map).is_empty()
				and nav_server.map_get_closest_point_owner(map, from).is_valid()):
			break
	path = nav_server.map_get_path(map, from, to, p.optimize, layers)
	var start: Variant = nav_server.map_get_closest_point(map, from)
	var goal: Variant = nav_server.map_get_closest_point(map, to)
	for rid in rids:
		nav_server.free_rid(rid)
	nav_server.free_rid(map)
	if frames >= SYNC_FRAMES:
		return c.failed("the navigation server did not synchronise the path map in %d physics frames" % SYNC_FRAMES)
	var length := 0.0
	for i in range(1, path.size()):
		length += path[i - 1].distance_to(path[i])
	var reaches: bool = path.size() > 0 and path[path.size() - 1].distance_to(goal) < 0.01
	return {"found": path.size() > 0, "reaches_goal": reaches, "points": Array(path).map(BridgeSceneEdit.tidy),
			"length": BridgeSceneEdit.tidy(length), "start_on_mesh": BridgeSceneEdit.tidy(start), "goal_on_mesh": BridgeSceneEdit.tidy(goal)}


func _add_agent(c: BridgeCall) -> Variant:
	var p := c.params
	var owner_node: Node = p.node_path
	var dim := BridgeSpatialQuery.dimension(owner_node)
	if dim == 0 or owner_node is Control:
		return c.invalid("%s is a %s: an agent belongs under a Node3D or Node2D character" % [
				BridgeSceneAccess.path_of(owner_node), owner_node.get_class()], {"param": "node_path"})
	if dim == 2 and p.has("height"):
		return c.invalid("height is for 3D agents", {"param": "height"})
	var layers: int = p.navigation_layers
	var agent: Node = BridgeSceneEdit.make("NavigationAgent3D" if dim == 3 else "NavigationAgent2D", p.name)
	for key: String in ["radius", "height", "max_speed", "path_desired_distance", "target_desired_distance"]:
		if p.has(key):
			agent.set(key, p[key])
	agent.avoidance_enabled = p.avoidance
	agent.navigation_layers = layers
	BridgeSceneEdit.add(c.step, "add %s" % agent.get_class(), owner_node, agent)
	return {"path": BridgeSceneAccess.path_of(agent), "type": agent.get_class(), "radius": agent.radius, "max_speed": agent.max_speed,
			"avoidance": agent.avoidance_enabled, "navigation_layers": agent.navigation_layers}


func _add_link(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var from: Variant = p.from
	var dim := 3 if from is Vector3 else 2
	var to: Variant = p.to
	var link: Node = BridgeSceneEdit.make("NavigationLink3D" if dim == 3 else "NavigationLink2D", p.name)
	var xform: Variant = (parent.global_transform if parent is Node3D else Transform3D.IDENTITY) if dim == 3 else \
			(parent.get_global_transform() if parent is CanvasItem else Transform2D.IDENTITY)
	# start/end are in the link's own space, which turns and scales with the parent
	link.position = xform.affine_inverse() * ((from + to) / 2.0)
	link.start_position = xform.affine_inverse() * from - link.position
	link.end_position = xform.affine_inverse() * to - link.position
	link.bidirectional = p.bidirectional
	BridgeSceneEdit.add(c.step, "add %s" % link.get_class(), parent, link)
	return {"path": BridgeSceneAccess.path_of(link), "from": link.get_global_start_position(), "to": link.get_global_end_position(),
			"bidirectional": link.bidirectional}


func _describe(_c: BridgeCall) -> Variant:
	var root: Node = BridgeSceneAccess.root()
	var out: Array = []
	for cls: String in ["NavigationRegion3D", "NavigationRegion2D", "NavigationAgent3D", "NavigationAgent2D", "NavigationLink3D",
			"NavigationLink2D", "NavigationObstacle3D", "NavigationObstacle2D"]:
		for node: Node in root.find_children("*", cls, true, false):
			var kind := "%s_navigation" % ("3d" if cls.ends_with("3D") else "2d")
			var entry := {"path": BridgeSceneAccess.path_of(node), "type": cls}
			if "navigation_layers" in node:
				entry["navigation_layers"] = BridgeLayerBits.decode(node.navigation_layers, kind)
			if node is NavigationRegion3D or node is NavigationRegion2D:
				var mesh: Resource = node.navigation_mesh if node is NavigationRegion3D else node.navigation_polygon
				entry["baked_polygons"] = mesh.get_polygon_count() if mesh != null else 0
			elif node is NavigationAgent3D or node is NavigationAgent2D:
				entry.merge({"radius": node.radius, "max_speed": node.max_speed, "avoidance": node.avoidance_enabled})
			out.append(entry)
	return {"count": out.size(), "nodes": out}


static func _points_box(points: PackedVector3Array) -> Variant:
	if points.is_empty():
		return null
	var box := AABB(points[0], Vector3.ZERO)
	for v in points:
		box = box.expand(v)
	return {"position": box.position, "size": box.size}  # an AABB has no JSON form of its own
