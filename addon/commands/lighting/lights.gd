@tool
extends "../../core/command_group.gd"
## lighting.*: lights placed and aimed in one step (3D sun, omni, spot; 2D point and directional with a
## generated light texture), GI probes sized to what they must cover, the 2D scene tint, 2D occluders
## from a node's shape, and a review of every light. One undo step per change.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")

const LIGHTS := {"directional": "DirectionalLight3D", "omni": "OmniLight3D", "spot": "SpotLight3D",
		"point_2d": "PointLight2D", "directional_2d": "DirectionalLight2D"}
const PROBES := {"voxel_gi": "VoxelGI", "reflection_probe": "ReflectionProbe", "lightmap_gi": "LightmapGI"}


func commands() -> Array:
	return [
		{
			"method": "lighting.add_light",
			"summary": "Add a light aimed in one step: 3D directional (sun), omni or spot with colour, energy, range, angle and shadows; or a 2D point light (with a generated radial texture) or directional light.",
			"params": [
				choice("type", LIGHTS.keys(), "Light kind"),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", null),
				opt("position", "Array", "Local position, [x, y, z] or [x, y]", null, {"items": "float"}),
				node_param("target", "3D: node to point the light at", false),
				vector_param("point", "3D: point to aim at", false, 3),
				vector_param("rotation_degrees", "3D: rotation instead of aiming, e.g. [-50, 30, 0] for a sun", false, 3),
				opt("color", "Color", "Light colour", "#ffffff"),
				opt("energy", "float", "Brightness", 1.0, {"min": 0.0}),
				opt("range", "float", "Omni/spot reach in metres; 2D point light radius in pixels"),
				opt("spot_angle", "float", "Spot cone half-angle in degrees", null, {"min": 0.0, "max": 180.0}),
				opt("shadows", "bool", "Cast shadows", true),
			],
			"example": {"type": "directional", "name": "KeySun", "rotation_degrees": [-50, 30, 0], "energy": 1.2},
			"example_scene": "res://scenes/level_3d.tscn",
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "color": "Color", "energy": "float", "position": "Vector2|Vector3",
					"direction?": "Vector3", "shadows?": "bool"},
			"handler": _add_light,
		},
		{
			"method": "lighting.add_probe",
			"summary": "Add a VoxelGI, ReflectionProbe or LightmapGI sized and centered to cover the bounds of given nodes (the level), with a margin.",
			"params": [
				choice("type", PROBES.keys(), "Probe kind"),
				nodes_param("cover", "Nodes whose bounds the probe must cover", true, "Node3D").merged({"what": "a 3D node"}),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", null),
				opt("margin", "float", "Metres added on every side", 1.0, {"min": 0.0}),
			],
			"example": {"type": "reflection_probe", "cover": ["/root/Level3D/Floor", "/root/Level3D/Crate"]},
			"example_scene": "res://scenes/level_3d.tscn",
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "position": "Vector3", "covers": "any", "size?": "Vector3"},
			"handler": _add_probe,
		},
		{
			"method": "lighting.canvas_modulate",
			"idempotent": true,
			"summary": "Tint the whole 2D scene (night, dusk) with the scene's one CanvasModulate: added if missing, updated if present.",
			"params": [req("color", "Color", "Tint, e.g. '#404070' for night")],
			"example": {"color": "#6070a0"},
			"undo": "scene",
			"returns": {"path": "string", "color": "Color", "added": "bool", "previous?": "Color"},
			"needs_scene": true,
			"handler": _canvas_modulate,
		},
		{
			"method": "lighting.occluder_2d",
			"summary": "Add a LightOccluder2D that casts 2D shadows, its polygon taken from a node's collision shape or bounds, or given as points.",
			"params": [
				node_param("node_path", "2D node to add the occluder under (its shape or bounds give the polygon)", true, null, "Node2D"),
				opt("polygon", "Array", "Points [[x, y], …] in the node's space instead", null, {"items": ["float"]}),
				new_name_param("name", "Node name", "LightOccluder2D", "node_path"),
			],
			"example": {"node_path": "/root/Main/Player"},
			"undo": "scene",
			"returns": {"path": "string", "polygon": ["Vector2"]},
			"handler": _occluder_2d,
		},
		{
			"method": "lighting.describe",
			"summary": "Every light in the scene with kind, colour, energy, range, shadows and where it points, plus the environment's ambient light and any GI nodes.",
			"params": [],
			"example": {},
			"example_scene": "res://scenes/level_3d.tscn",
			"read_only": true,
			"returns": {"count": "int", "lights": [{"path": "string", "type": "string", "color": "Color", "visible": "bool", "energy": "float",
					"shadows": "bool", "position": "Vector2|Vector3", "direction?": "Vector3", "range?": "float", "spot_angle?": "float"}],
					"gi": [{"path": "string", "type": "string"}], "environment": "Dictionary", "canvas_modulate": "Color|null"},
			"needs_scene": true,
			"handler": _describe,
		},
	]


func _add_light(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var cls: String = LIGHTS[p.type]
	var dim := 3 if cls.ends_with("3D") else 2
	var light: Node = BridgeSceneEdit.make(cls, p.get("name", ""))
	var err: Variant = _configure(light, parent, p, dim)
	if err is BridgeError:
		light.free()
		return err
	BridgeSceneEdit.add(c.step, "add %s" % cls, parent, light)
	var out := {"path": BridgeSceneAccess.path_of(light), "type": cls, "color": light.get(_color_prop(light)),
			"energy": light.get("light_energy" if dim == 3 else "energy"), "position": light.global_position}
	if dim == 3:
		out["direction"] = BridgeSceneEdit.tidy(-light.global_basis.z)
		out["shadows"] = light.shadow_enabled
	return out


func _configure(light: Node, parent: Node, p: Dictionary, dim: int) -> Variant:
	if p.has("position"):
		var pos: Variant = BridgeSpatialQuery.to_vector(p.position, "position", dim)
		if pos is BridgeError:
			return pos
		light.position = pos
	light.set(_color_prop(light), p.color)
	if dim == 2:
		# refuse what a 2D light would silently ignore
		for key: String in ["target", "point", "rotation_degrees", "spot_angle"]:
			if p.has(key):
				return BridgeError.invalid("%s is for 3D lights; a %s is placed by position only" % [key, light.get_class()],
						{"param": key})
		if p.has("range") and not light is PointLight2D:
			return BridgeError.invalid("a DirectionalLight2D has no range", {"param": "range"})
		light.energy = p.energy
		light.shadow_enabled = p.shadows
		if light is PointLight2D:
			var size := int(p.get("range", 256.0)) * 2
			if size < 2:
				return BridgeError.invalid("'range' must be at least 1 pixel for a 2D point light", {"param": "range"})
			var tex := GradientTexture2D.new()
			tex.fill = GradientTexture2D.FILL_RADIAL
			tex.fill_from = Vector2(0.5, 0.5)
			tex.fill_to = Vector2(1.0, 0.5)
			tex.width = size
			tex.height = size
			var g := Gradient.new()
			g.set_color(0, Color.WHITE)
			g.set_color(1, Color(1, 1, 1, 0))
			tex.gradient = g
			light.texture = tex
		return null
	light.light_energy = p.energy
	light.shadow_enabled = p.shadows
	if p.has("range"):
		if light is DirectionalLight3D:
			return BridgeError.invalid("a directional light has no range", {"param": "range"})
		light.set("omni_range" if light is OmniLight3D else "spot_range", p.range)
	if p.has("spot_angle"):
		if not light is SpotLight3D:
			return BridgeError.invalid("spot_angle is for spot lights", {"param": "spot_angle"})
		light.spot_angle = p.spot_angle
	if p.has("rotation_degrees"):
		light.rotation_degrees = p.rotation_degrees
	elif p.has("target") or p.has("point"):
		var aim: Variant
		if p.has("target"):
			var t: Node = p.target
			if not t is Node3D:
				return BridgeError.invalid("target %s is not a Node3D" % BridgeSceneAccess.path_of(t),
						{"param": "target"})
			aim = BridgeSpatialQuery.bounds_3d(t).aabb.get_center()
		else:
			aim = p.point
		var parent_xform: Transform3D = parent.global_transform if parent is Node3D else Transform3D.IDENTITY
		var at: Vector3 = parent_xform * light.position
		if at.is_equal_approx(aim):
			return BridgeError.invalid("the light sits on the point it should aim at; give a position", {"param": "position"})
		var up := Vector3.UP if absf((aim - at).normalized().dot(Vector3.UP)) < 0.999 else Vector3.FORWARD
		light.basis = (parent_xform.basis.inverse() * Transform3D(Basis.IDENTITY, at).looking_at(aim, up).basis).orthonormalized()
	elif light is DirectionalLight3D:
		light.rotation_degrees = Vector3(-50, 30, 0)  # a readable default sun, not straight down the -Z axis
	return null


func _add_probe(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var nodes: Array = p.cover
	var box: AABB
	for i in nodes.size():
		var b: AABB = BridgeSpatialQuery.bounds_3d(nodes[i]).aabb
		box = b if i == 0 else box.merge(b)
	box = box.grow(p.margin)
	var cls: String = PROBES[p.type]
	var probe: Node3D = BridgeSceneEdit.make(cls, p.get("name", ""))
	var parent_xform: Transform3D = parent.global_transform if parent is Node3D else Transform3D.IDENTITY
	# world-aligned, like the box it must cover, whatever the parent's rotation or scale
	probe.transform = parent_xform.affine_inverse() * Transform3D(Basis.IDENTITY, box.get_center())
	if probe is VoxelGI:
		probe.size = box.size
	elif probe is ReflectionProbe:
		probe.size = box.size
	BridgeSceneEdit.add(c.step, "add %s" % cls, parent, probe)
	var out := {"path": BridgeSceneAccess.path_of(probe), "type": cls, "position": probe.global_position, "covers": box}
	if "size" in probe:
		out["size"] = probe.size
	return out


func _canvas_modulate(c: BridgeCall) -> Variant:
	var p := c.params
	var root: Node = BridgeSceneAccess.root()
	var existing: Array = root.find_children("*", "CanvasModulate", true, false)
	if not existing.is_empty():
		var modulate: CanvasModulate = existing[0]
		var previous := modulate.color
		BridgeSceneEdit.set_properties(c.step, "tint scene", [[modulate, "color", p.color]])
		return {"path": BridgeSceneAccess.path_of(modulate), "color": modulate.color, "previous": previous,
				"added": false}
	var node := CanvasModulate.new()
	node.name = "CanvasModulate"
	node.color = p.color
	BridgeSceneEdit.add(c.step, "add CanvasModulate", root, node)
	return {"path": BridgeSceneAccess.path_of(node), "color": node.color, "added": true}


func _occluder_2d(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node2D = p.node_path
	var points := PackedVector2Array()
	if p.has("polygon"):
		for v: Variant in p.polygon:
			var pt: Variant = BridgeSpatialQuery.to_vector(v, "polygon", 2)
			if pt is BridgeError:
				return pt
			points.append(pt)
		if points.size() < 3:
			return c.invalid("'polygon' needs at least 3 points", {"param": "polygon"})
	else:
		var b := BridgeSpatialQuery.bounds_2d(node, "collision")
		if b.found == 0:
			b = BridgeSpatialQuery.bounds_2d(node, "visual")
		if b.found == 0:
			return c.failed("%s has no shape or visible bounds to take a polygon from; give polygon" % BridgeSceneAccess.path_of(node))
		var local: Rect2 = node.get_global_transform().affine_inverse() * b.rect
		points = PackedVector2Array([local.position, Vector2(local.end.x, local.position.y), local.end,
				Vector2(local.position.x, local.end.y)])
	var occluder := LightOccluder2D.new()
	occluder.name = p.name if p.name != "" else "LightOccluder2D"
	var poly := OccluderPolygon2D.new()
	poly.polygon = points
	occluder.occluder = poly
	BridgeSceneEdit.add(c.step, "add LightOccluder2D", node, occluder)
	return {"path": BridgeSceneAccess.path_of(occluder), "polygon": Array(points)}


func _describe(_c: BridgeCall) -> Variant:
	var root: Node = BridgeSceneAccess.root()
	var lights: Array = []
	for light: Node in root.find_children("*", "Light3D", true, false) + root.find_children("*", "Light2D", true, false):
		var entry := {"path": BridgeSceneAccess.path_of(light), "type": light.get_class(), "color": light.get(_color_prop(light)),
				"visible": light.is_visible_in_tree()}
		if light is Light3D:
			entry.merge({"energy": light.light_energy, "shadows": light.shadow_enabled, "position": light.global_position,
					"direction": BridgeSceneEdit.tidy(-light.global_basis.z)})
			if light is OmniLight3D:
				entry["range"] = light.omni_range
			elif light is SpotLight3D:
				entry.merge({"range": light.spot_range, "spot_angle": light.spot_angle})
		else:
			entry.merge({"energy": light.energy, "shadows": light.shadow_enabled, "position": light.global_position})
		lights.append(entry)
	var gi: Array = []
	for cls: String in PROBES.values():
		for node: Node in root.find_children("*", cls, true, false):
			gi.append({"path": BridgeSceneAccess.path_of(node), "type": cls})
	var env: Dictionary = {}
	var worlds: Array = root.find_children("*", "WorldEnvironment", true, false)
	if root is WorldEnvironment:
		worlds.push_front(root)
	if not worlds.is_empty() and worlds[0].environment != null:
		var e: Environment = worlds[0].environment
		env = {"path": BridgeSceneAccess.path_of(worlds[0]), "ambient_source": e.ambient_light_source,
				"ambient_color": e.ambient_light_color, "ambient_energy": e.ambient_light_energy}
	var modulate: Array = root.find_children("*", "CanvasModulate", true, false)
	return {"count": lights.size(), "lights": lights, "gi": gi, "environment": env,
			"canvas_modulate": modulate[0].color if not modulate.is_empty() else null}


static func _color_prop(light: Node) -> String:
	return "light_color" if light is Light3D else "color"
