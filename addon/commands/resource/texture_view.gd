@tool
extends "../../core/command_group.gd"
## resource.texture_view: a texture (a file, or a node's) or a region of it as a zoomed PNG an agent can look
## at, with a numbered frame grid for sprite sheets, plus where it is opaque in numbers (bounds and extreme
## points, per frame). All on the CPU from the image's pixels, so it works in a --headless editor too.

const BridgeTextureImage := preload("lib/texture_image.gd")
const BridgeAlphaBounds := preload("lib/alpha_bounds.gd")
const BridgeSheetPicture := preload("lib/sheet_picture.gd")
const BridgeSceneAccess := preload("../../lib/scene_access.gd")

## The longest side auto zoom aims for, and the largest picture returned (an MCP image block stays readable).
const AUTO_SIDE := 512
const MAX_SIDE := 4096
const MAX_FRAMES := 1024


func commands() -> Array:
	return [
		{
			"method": "resource.texture_view",
			"summary": "A texture or region as a zoomed PNG with a numbered frame grid, opaque bounds and extreme points; works --headless.",
			"params": [
				file_param("path", "Image or texture file", [], true, false, "", "texture or image"),
				node_param("node_path", "Or a node's texture", false),
				opt("region", "Array", "[x, y, w, h]", null, {"items": "int"}),
				opt("hframes", "int", "Grid columns", null, {"min": 1}),
				opt("vframes", "int", "Grid rows", null, {"min": 1}),
				opt("cell_size", "Array", "Grid cell [w, h]", null, {"items": "int"}),
				opt("zoom", "int", "Scale (nearest); 0: auto", 0, {"min": 0, "max": 64}),
				opt("alpha_threshold", "float", "Opaque above this alpha", 0.0, {"min": 0.0, "max": 0.99}),
				choice("show", ["color", "alpha"], "alpha: alpha as grey", "color"),
			],
			"example": {"path": "res://disc.svg", "hframes": 2, "vframes": 2, "zoom": 2},
			"example_setup": [
				{"method": "project.write_file", "params": {"path": "res://disc.svg", "overwrite": true, "content":
						"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"><circle cx=\"32\" cy=\"32\" r=\"24\" fill=\"#36c\"/></svg>"}},
				{"method": "project.scan", "params": {}},
			],
			"read_only": true,
			"answer_size": "a grid's bounds and extreme points, one entry per frame asked for",
			# the fields an agent reads; the rest (texture, region, grid) is described in docs/frames.md
			"returns": {"image_base64": "string", "width": "int", "height": "int", "opaque_pixels": "int",
					"bounds": "Dictionary|null", "frames?": "Array"},
			"handler": _texture_view,
		},
	]


func _texture_view(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.get("node_path")
	if (node == null) == (str(p.get("path", "")) == ""):
		return c.invalid("give either path (a texture or image file) or node_path (a node with a texture), not %s" % ("both" if node else "neither"),
				{"param": "path"})
	var source: Variant = _from_node(c, node) if node else _from_file(c, p.path)
	if source is BridgeError:
		return source
	var image: Image = source.image
	var region: Variant = _region(c, p.get("region", source.get("region")), image.get_size())
	if region is BridgeError:
		return region
	var grid: Variant = _grid(c, p, source, region.size)
	if grid is BridgeError:
		return grid
	var zoom: int = p.zoom if p.zoom > 0 else clampi(floori(AUTO_SIDE / float(maxi(region.size.x, region.size.y))), 1, 16)
	if maxi(region.size.x, region.size.y) * zoom > MAX_SIDE:
		return c.invalid("zoom %d makes a %dx%d picture; the largest is %d px a side: use zoom %d or less, or a region" % [zoom,
				region.size.x * zoom, region.size.y * zoom, MAX_SIDE, maxi(1, floori(MAX_SIDE / float(maxi(region.size.x, region.size.y))))], {"param": "zoom"})
	var alpha_min := int(floor(float(p.alpha_threshold) * 255.0))
	var out := {"mime_type": "image/png", "zoom": zoom, "show": p.show, "texture": source.info,
			"region": _rect(region), "alpha_threshold": p.alpha_threshold}
	out.merge(BridgeAlphaBounds.measure(image, region, alpha_min))
	var picture := BridgeSheetPicture.draw(image.get_region(region), zoom, p.show == "alpha")
	if grid != null:
		var cell: Vector2i = grid.cell
		BridgeSheetPicture.grid(picture, cell * zoom)
		out["grid"] = {"hframes": grid.columns, "vframes": grid.rows, "cell_size": [cell.x, cell.y], "line_color": BridgeSheetPicture.LINE.to_html(false)}
		var frames: Array = []
		for row: int in grid.rows:
			for column: int in grid.columns:
				var rect := Rect2i(region.position + Vector2i(column, row) * cell, cell).intersection(region)
				var frame := {"frame": frames.size(), "rect": _rect(rect)}
				frame.merge(BridgeAlphaBounds.measure(image, rect, alpha_min))
				frames.append(frame)
		out["frames"] = frames
	out["width"] = picture.get_width()
	out["height"] = picture.get_height()
	out["image_base64"] = Marshalls.raw_to_base64(picture.save_png_to_buffer())
	return out


## The texture a node shows, with a sprite's own frame grid and region as defaults.
func _from_node(c: BridgeCall, node: Node) -> Variant:
	var texture: Variant = null
	if node is AnimatedSprite2D or node is AnimatedSprite3D:
		var frames: SpriteFrames = node.sprite_frames
		if frames and frames.has_animation(node.animation) and node.frame < frames.get_frame_count(node.animation):
			texture = frames.get_frame_texture(node.animation, node.frame)
	elif "texture" in node:
		texture = node.get("texture")
	elif "texture_normal" in node:
		texture = node.get("texture_normal")
	var named := BridgeSceneAccess.path_of(node)
	if not texture is Texture2D:
		return c.invalid("%s (%s) shows no 2D texture%s" % [named, node.get_class(), "" if texture == null else " (its texture is a %s)" % texture.get_class()],
				{"param": "node_path"})
	var read: Variant = BridgeTextureImage.of_texture(texture, named)
	if read is BridgeError:
		return read
	var source := {"image": read.image, "info": _info(texture, read, {"node": named})}
	if (node is Sprite2D or node is Sprite3D):
		if node.hframes > 1 or node.vframes > 1:
			source["frames"] = Vector2i(node.hframes, node.vframes)
		if node.region_enabled:
			source["region"] = [node.region_rect.position.x, node.region_rect.position.y, node.region_rect.size.x, node.region_rect.size.y]
	return source


## A texture resource, an Image resource, or an image file the editor does not import (in a .gdignore folder).
func _from_file(c: BridgeCall, path: String) -> Variant:
	var res: Resource = ResourceLoader.load(path) if ResourceLoader.exists(path) else null
	var read: Variant
	if res is Texture2D:
		read = BridgeTextureImage.of_texture(res, path)
	elif res is Image:
		read = {"image": BridgeTextureImage.rgba(res), "read_from": "texture"}
	elif res == null:
		read = BridgeTextureImage.of_file(path)
	else:
		return c.invalid("%s holds a %s, not a texture or an image" % [path, res.get_class()], {"param": "path"})
	if read is BridgeError:
		read.data["param"] = "path"
		return read
	return {"image": read.image, "info": _info(res, read, {"path": path})}


static func _info(res: Resource, read: Dictionary, where: Dictionary) -> Dictionary:
	var image: Image = read.image
	where.merge({"class": res.get_class() if res else "Image", "size": [image.get_width(), image.get_height()], "read_from": read.read_from})
	return where


func _region(c: BridgeCall, value: Variant, size: Vector2i) -> Variant:
	var whole := Rect2i(Vector2i.ZERO, size)
	if value == null:
		return whole
	if not (value is Array and value.size() == 4):
		return c.invalid("region must be [x, y, width, height], got %s" % JSON.stringify(value), {"param": "region"})
	var rect := Rect2i(int(value[0]), int(value[1]), int(value[2]), int(value[3]))
	if rect.size.x <= 0 or rect.size.y <= 0 or not whole.encloses(rect):
		return c.invalid("region [%d, %d, %d, %d] is not inside the %dx%d texture (or is empty)" % [rect.position.x, rect.position.y,
				rect.size.x, rect.size.y, size.x, size.y], {"param": "region"})
	return rect


## {columns, rows, cell: Vector2i} from hframes/vframes or cell_size (or the sprite's own frames), or null for none.
func _grid(c: BridgeCall, p: Dictionary, source: Dictionary, size: Vector2i) -> Variant:
	var by_frames := p.get("hframes") != null or p.get("vframes") != null
	if by_frames and p.get("cell_size") != null:
		return c.invalid("give hframes/vframes or cell_size, not both", {"param": "cell_size"})
	var cell: Vector2i
	if p.get("cell_size") != null:
		var value: Variant = p.cell_size
		if not (value is Array and value.size() == 2 and int(value[0]) >= 1 and int(value[1]) >= 1):
			return c.invalid("cell_size must be [width, height] in pixels, at least 1, got %s" % JSON.stringify(value), {"param": "cell_size"})
		cell = Vector2i(mini(int(value[0]), size.x), mini(int(value[1]), size.y))
	else:
		var frames: Vector2i = source.get("frames", Vector2i.ZERO)
		if by_frames:
			frames = Vector2i(p.hframes if p.get("hframes") != null else 1, p.vframes if p.get("vframes") != null else 1)
		if frames == Vector2i.ZERO:
			return null
		if frames.x > size.x or frames.y > size.y:
			return c.invalid("%dx%d frames do not fit a %dx%d image" % [frames.x, frames.y, size.x, size.y], {"param": "hframes"})
		cell = Vector2i(floori(size.x / float(frames.x)), floori(size.y / float(frames.y)))  # as Sprite2D slices: whole pixels, any remainder left out
	var columns := ceili(size.x / float(cell.x)) if p.get("cell_size") != null else floori(size.x / float(cell.x))
	var rows := ceili(size.y / float(cell.y)) if p.get("cell_size") != null else floori(size.y / float(cell.y))
	if columns * rows > MAX_FRAMES:
		return c.invalid("%d frames (%dx%d); at most %d: use a larger cell or a region" % [columns * rows, columns, rows, MAX_FRAMES], {"param": "cell_size"})
	return {"columns": columns, "rows": rows, "cell": cell}


static func _rect(r: Rect2i) -> Dictionary:
	return {"x": r.position.x, "y": r.position.y, "width": r.size.x, "height": r.size.y}
