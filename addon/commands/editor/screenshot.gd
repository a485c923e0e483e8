@tool
extends "../../core/command_group.gd"
## editor.screenshot: a PNG of the editor's own 2D or 3D viewport (what the user sees of the edited scene),
## optionally with the view aimed at some nodes first. The editor needs a renderer: one started --headless
## draws nothing, so this needs a display (a desktop, or `bridge launch --xvfb` on a server; docs/frames.md).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")

const MAIN_SCREENS := {"2d": "2D", "3d": "3D"}


func commands() -> Array:
	return [
		{
			"method": "editor.screenshot",
			"summary": "A PNG of the editor's 2D or 3D viewport (MCP: image content; CLI: --out FILE.png), optionally aimed at nodes first; needs an editor with a display (bridge launch --xvfb).",
			"params": [
				choice("viewport", ["auto", "2d", "3d"], "auto: 3d when the edited scene's root is a Node3D, else 2d", "auto"),
				nodes_param("focus", "Aim the view at these nodes first (3D: the editor camera looks at their bounds from its current direction; 2D: the view is centred on them and zoomed to fit)", false),
				opt("index", "int", "Which 3D viewport when the editor shows several (0 is the first)", 0, {"min": 0, "max": 3}),
				opt("scale", "float", "Size factor, e.g. 0.5 for half size", 1.0, {"min": 0.05, "max": 1.0}),
				opt("path", "string", "Also write the PNG to this file (res:// or user://)", null, {"writes_path": true}),
			],
			"example": {"viewport": "2d", "focus": ["Player"], "scale": 0.5},
			"needs": "editor_renderer",
			"read_only": true,  # the view is editor state; the scene is not touched
			"returns": {"mime_type": "string", "width": "int", "height": "int", "viewport": "string", "image_base64": "string",
					"focused": ["string"], "saved?": "string", "camera?": {"position": "Vector3", "target?": "Vector3", "fov": "float"},
					"canvas_transform?": ["float"]},
			"handler": _screenshot,
		},
	]


func _screenshot(c: BridgeCall) -> Variant:
	var p := c.params
	if DisplayServer.get_name() == "headless":
		return c.failed(("the editor runs --headless and draws nothing; start it with a display: " +
				"bridge launch --xvfb on a server or in CI, or without --headless on a desktop (docs/frames.md)"),
				{"display_server": "headless"})
	var root := BridgeSceneAccess.root()
	var which: String = p.viewport
	if which == "auto":
		which = "3d" if root is Node3D else "2d"
	var focus: Array = p.get("focus", [])
	for n: Node in focus:
		if BridgeSpatialQuery.dimension(n) != (3 if which == "3d" else 2):
			return c.invalid("%s is a %s; the %s view can only aim at %s nodes" % [
					BridgeSceneAccess.path_of(n), n.get_class(), which, "3D" if which == "3d" else "2D"], {"param": "focus"})
	EditorInterface.set_main_screen_editor(MAIN_SCREENS[which])
	var tree := server.get_tree()
	for _i in 2:  # the main screen switch shows its viewport on the next frames
		await tree.process_frame
	var vp: SubViewport = EditorInterface.get_editor_viewport_3d(p.index) if which == "3d" else EditorInterface.get_editor_viewport_2d()
	if vp == null or not (vp.get_parent() as Control).is_visible_in_tree():
		return c.invalid("the editor shows no 3D viewport %d; use index 0 or split the view" % p.index,
				{"param": "index"})
	var out := {"mime_type": "image/png", "viewport": which, "focused": focus.map(func(n: Node) -> String: return BridgeSceneAccess.path_of(n))}
	if which == "3d":
		out["camera"] = _aim_3d(vp.get_camera_3d(), focus)
	else:
		out["canvas_transform"] = _aim_2d(vp, focus)
	# the editor redraws only when something changed (low-processor mode): draw now so the image is this view
	RenderingServer.force_draw(false)
	var image := vp.get_texture().get_image()
	if image == null or image.is_empty():
		return c.failed("the %s viewport gave no image (is the editor window minimised?)" % which)
	var scale: float = p.scale
	if not is_equal_approx(scale, 1.0):
		image.resize(maxi(1, roundi(image.get_width() * scale)), maxi(1, roundi(image.get_height() * scale)), Image.INTERPOLATE_BILINEAR)
	if p.get("path", "") != "":
		DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(str(p.path).get_base_dir()))
		var err := image.save_png(p.path)
		if err != OK:
			return c.failed("cannot write %s: %s" % [p.path, error_string(err)], {"param": "path"})
		out["saved"] = p.path
	out["width"] = image.get_width()
	out["height"] = image.get_height()
	out["image_base64"] = Marshalls.raw_to_base64(image.save_png_to_buffer())
	return out


## Points the editor camera at the nodes' combined bounds from its current direction, far enough that they
## fill about two thirds of its field of view. The editor keeps the view until its own camera moves (a user
## orbiting, or a focus command of the editor).
static func _aim_3d(camera: Camera3D, focus: Array) -> Dictionary:
	if focus.is_empty():
		return {"position": camera.global_position, "fov": camera.fov}
	var box: AABB = BridgeSpatialQuery.box_of(focus[0])
	for n: Node in focus.slice(1):
		box = box.merge(BridgeSpatialQuery.box_of(n))
	var target := box.get_center()
	var radius := maxf(box.size.length() / 2.0, 0.5)
	var distance := radius / sin(deg_to_rad(camera.fov) / 3.0)
	var back := camera.global_basis.z.normalized()
	var at := target + back * distance
	var up := Vector3.UP if absf(back.dot(Vector3.UP)) < 0.99 else Vector3.FORWARD
	camera.global_transform = Transform3D(Basis.IDENTITY, at).looking_at(target, up)
	camera.force_update_transform()  # transform changes reach the renderer at the end of the frame otherwise
	return {"position": at, "target": target, "fov": camera.fov}


## Centres the 2D view on the nodes' combined rect, zoomed so it fills about two thirds of the view; the
## canvas transform drawn with, [xx, xy, yx, yy, ox, oy] (screen = transform * world).
static func _aim_2d(vp: SubViewport, focus: Array) -> Array:
	if not focus.is_empty():
		var rect: Rect2 = BridgeSpatialQuery.box_of(focus[0])
		for n: Node in focus.slice(1):
			rect = rect.merge(BridgeSpatialQuery.box_of(n))
		var size := Vector2(vp.size)
		var zoom := minf(size.x / maxf(rect.size.x, 1.0), size.y / maxf(rect.size.y, 1.0)) * 0.66
		vp.global_canvas_transform = Transform2D(0.0, Vector2(zoom, zoom), 0.0, size / 2.0 - rect.get_center() * zoom)
	var t := vp.global_canvas_transform
	return [t.x.x, t.x.y, t.y.x, t.y.y, t.origin.x, t.origin.y]
