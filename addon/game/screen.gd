extends RefCounted
## Where nodes appear in the game's viewport, for runtime.ui and input.click_node: a Control drawn in the
## world moves with its canvas (a moved or zoomed Camera2D, a CanvasLayer's offset), so its global rect
## alone is not where it shows; a 3D node shows where the viewport's Camera3D projects it.


## The rect a Control covers in viewport coordinates: its own rect through its canvas transform (the
## bounding box of the four corners when it is rotated or scaled).
static func control_rect(c: Control) -> Rect2:
	var xf := c.get_global_transform_with_canvas()
	var corners := [Vector2.ZERO, Vector2(c.size.x, 0), c.size, Vector2(0, c.size.y)]
	var r := Rect2(xf * Vector2.ZERO, Vector2.ZERO)
	for corner: Vector2 in corners:
		r = r.expand(xf * corner)
	return r


## The viewport point to click for a node: a Control's centre, a 2D node's origin, a 3D node's origin
## projected by the viewport's camera. A String saying why there is none (hidden, behind the camera,
## no camera, not a node with a place on screen).
static func point_of(node: Node) -> Variant:
	if node is Control:
		if not node.is_visible_in_tree():
			return "%s is not visible" % node.get_path()
		return node.get_global_transform_with_canvas() * (node.size / 2.0)
	if node is Node2D:
		return node.get_global_transform_with_canvas().origin
	if node is Node3D:
		var camera: Camera3D = node.get_viewport().get_camera_3d()
		if camera == null:
			return "%s is a 3D node and its viewport has no current Camera3D to project it" % node.get_path()
		var at: Vector3 = node.global_position
		if camera.is_position_behind(at):
			return "%s is behind the camera %s" % [node.get_path(), camera.get_path()]
		return camera.unproject_position(at)
	return "%s is a %s; only Controls, 2D and 3D nodes have a place to click" % [node.get_path(), node.get_class()]
