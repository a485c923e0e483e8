@tool
extends "../../core/command_group.gd"
## scene2d.*: put a Node2D class or a saved scene into a 2D scene with position, rotation (degrees),
## scale and draw order in one step, and add a sprite from an image sized to the pixels you want (with
## sheet frames or a region). One undo step each.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")
const BridgePlacedNode := preload("../../lib/placed_node.gd")


func commands() -> Array:
	return [
		{
			"method": "scene2d.place",
			"summary": "Add a Node2D class or instance a .tscn at a global position with rotation (degrees), scale and z_index in one step.",
			"params": [
				class_param("type", "Node2D", "A Node2D class (e.g. Marker2D, Polygon2D) or a scene file res://….tscn",
						true, true, true),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", null),
				opt("position", "Vector2", "Global position in pixels", [0, 0]),
				opt("rotation_degrees", "float", "Rotation in degrees (clockwise, as 2D +Y is down)", 0.0),
				opt("scale", "Vector2", "Scale", [1, 1]),
				opt("z_index", "int", "Draw order among siblings' z", 0),
				properties_param("properties", "More properties, coerced like node.set"),
			],
			"example": {"type": "Marker2D", "parent": "/root/Main", "name": "Spawn", "position": [100, 250], "rotation_degrees": 90,
					"properties": {"gizmo_extents": 20}},
			# a CanvasItem's z_index stays within -4096..4096
			"example_refused": {"properties": {"z_index": 99999}},
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "scene": "string|null", "position": "Vector2", "rotation_degrees": "float",
					"scale": "Vector2", "z_index": "int"},
			"handler": _place,
		},
		{
			"method": "scene2d.add_sprite",
			"summary": "Add a Sprite2D from an image, scaled to a size in pixels if given, with sprite-sheet frames or a region, at a global position.",
			"params": [
				file_param("texture", "Image, res://….png", [], true, true, "Texture2D", "image"),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", null),
				opt("position", "Vector2", "Global position", [0, 0]),
				opt("size", "Vector2", "Displayed size in pixels (sets scale; keeps the image's frame or region)"),
				opt("hframes", "int", "Sheet columns", 1, {"min": 1}),
				opt("vframes", "int", "Sheet rows", 1, {"min": 1}),
				opt("frame", "int", "Frame to show", 0, {"min": 0}),
				opt("region", "Array", "Part of the image, [x, y, width, height]", null, {"items": "float"}),
				opt("centered", "bool", "Origin at the image center (else the top-left corner)", true),
			],
			"example": {"texture": "res://icon.svg", "parent": "/root/Main", "name": "Logo", "position": [64, 64], "size": [32, 32]},
			"example_setup": [
				{"method": "project.write_file", "params": {"path": "res://icon.svg", "content":
						"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"128\"><rect width=\"128\" height=\"128\" fill=\"#36c\"/></svg>"}},
				{"method": "project.scan", "params": {}},
			],
			"undo": "scene",
			"returns": {"path": "string", "texture": "string", "image_size": "Vector2", "scale": "Vector2",
					"bounds": {"position": "Vector2", "size": "Vector2"}},
			"handler": _add_sprite,
		},
	]


func _place(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var made: Variant = BridgePlacedNode.make(p.type, p.get("name", ""), 2)
	if made is BridgeError:
		return made
	var node: Node2D = made.node
	var err: Variant = BridgeSceneEdit.set_all(node, p.get("properties", {}), "scene2d.place")
	if err:
		node.free()
		return err
	node.z_index = p.z_index
	var global := Transform2D(deg_to_rad(p.rotation_degrees), p.scale, 0.0, p.position)
	node.transform = _parent_xform(parent).affine_inverse() * global
	var ur := BridgeSceneAccess.action(c.step, "place %s" % p.type.get_file())
	BridgeSceneEdit.add_to_action(ur, parent, node)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(),
			"scene": p.type if made.instanced else null,
			"position": BridgeSceneEdit.tidy(node.global_position), "rotation_degrees": BridgeSceneEdit.tidy(node.global_rotation_degrees),
			"scale": BridgeSceneEdit.tidy(node.global_scale), "z_index": node.z_index}


func _add_sprite(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var sprite := Sprite2D.new()
	sprite.name = p.get("name", "") if p.get("name", "") != "" else "Sprite2D"
	sprite.texture = load(p.texture)
	sprite.centered = p.centered
	sprite.hframes = p.hframes
	sprite.vframes = p.vframes
	if p.frame >= p.hframes * p.vframes:
		sprite.free()
		return c.invalid("frame %d is out of range: the sheet has %d frames" % [p.frame, p.hframes * p.vframes],
				{"param": "frame"})
	sprite.frame = p.frame
	if p.has("region"):
		var r: Array = p.region
		if r.size() != 4 or not r.all(func(x: Variant) -> bool: return x is int or x is float) or r[2] <= 0 or r[3] <= 0:
			sprite.free()
			return c.invalid("'region' must be [x, y, width, height] with a positive size", {"param": "region"})
		sprite.region_enabled = true
		sprite.region_rect = Rect2(r[0], r[1], r[2], r[3])
	var shown: Vector2 = sprite.get_rect().size
	var scale := Vector2.ONE
	if p.has("size"):
		if p.size.x <= 0 or p.size.y <= 0:
			sprite.free()
			return c.invalid("'size' must be positive", {"param": "size"})
		scale = p.size / shown
	var global := Transform2D(0.0, scale, 0.0, p.position)
	sprite.transform = _parent_xform(parent).affine_inverse() * global
	BridgeSceneEdit.add(c.step, "add Sprite2D", parent, sprite)
	var rect: Rect2 = BridgeSpatialQuery.bounds_2d(sprite, "visual").rect
	return {"path": BridgeSceneAccess.path_of(sprite), "texture": p.texture, "image_size": sprite.texture.get_size(),
			"scale": BridgeSceneEdit.tidy(sprite.global_scale), "bounds": rect}


static func _parent_xform(parent: Node) -> Transform2D:
	return parent.get_global_transform() if parent is CanvasItem else Transform2D.IDENTITY
