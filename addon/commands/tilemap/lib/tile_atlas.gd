@tool
extends RefCounted
## TileSet building blocks the tilemap commands share: a texture loaded (and imported first when the
## image was just written), an atlas source cut into tiles, a TileSet described for a result, and the
## check that a (source, atlas coords, alternative) names a real tile. `preload("lib/tile_atlas.gd")`.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeScan := preload("../../../lib/filesystem_scan.gd")

const IMAGE_EXTENSIONS := ["png", "jpg", "jpeg", "webp", "svg", "bmp", "tga"]

## Result shapes (the commands' `returns`): describe()'s TileSet, and a layer's used rect.
const TILESET := {"tile_size": "Vector2", "path": "string", "patterns": "int",
		"sources": [{"id": "int", "type": "string", "tiles": "int", "texture?": "string", "grid_size?": "Vector2",
				"tile_coords?": ["Vector2"]}],
		"terrain_sets": [{"id": "int", "mode": "string", "terrains": [{"id": "int", "name": "string", "color": "Color"}]}]}
const RECT := {"position": "Vector2", "size": "Vector2"}
## The param (an opt() spec) that asks describe() for every tile's atlas coords.
const TILE_COORDS_PARAM := {"name": "tile_coords", "type": "bool", "required": false, "default": false,
		"description": "List each tile's coords"}

## example_setup steps for the tilemap examples in the demo project: the atlas the examples name
## (res://art/tiles.png, four 16x16 tiles in a row, the last one transparent, written through the
## editor), the demo's Ground (a StaticBody2D) renamed out of the way, and the examples' layer.
const SETUP_ATLAS := {"method": "editor.run_script", "params": {"allow_unsafe_editor_io": true, "code":
		"var img := Image.create(64, 16, false, Image.FORMAT_RGBA8)\n" +
		"for i in 3:\n\timg.fill_rect(Rect2i(i * 16, 0, 16, 16), [Color(\"#3a7d2c\"), Color(\"#8b5a2b\"), Color(\"#777777\")][i])\n" +
		"DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(\"res://art\"))\n" +
		"return img.save_png(ProjectSettings.globalize_path(\"res://art/tiles.png\"))"}}
const SETUP_FREE_GROUND := {"method": "node.rename", "params": {"node_path": "/root/Main/Ground", "new_name": "Floor"}}
const SETUP_LAYER := {"method": "tilemap.layer_create", "params": {"parent": "/root/Main", "name": "Ground",
		"texture": "res://art/tiles.png", "tile_size": [16, 16]}}
const SETUP := [SETUP_ATLAS, SETUP_FREE_GROUND, SETUP_LAYER]


## The Texture2D at `path`; an image just written that the editor has not imported yet is imported first
## (a scan of res://, awaited on `server`'s frames). Call it with await.
static func load_texture(path: String, server: Node, param: String = "texture") -> Variant:
	if not path.begins_with("res://"):
		return BridgeError.invalid("'%s' must be a res:// path to an image, got '%s'" % [param, path], {"param": param})
	if not ResourceLoader.exists(path) and FileAccess.file_exists(path) and path.get_extension().to_lower() in IMAGE_EXTENSIONS:
		# the shared scan waits as long as a busy machine needs (a 20 s limit of its own failed at load 8–13)
		var scanned: Variant = await BridgeScan.scan_and_wait(server)
		if scanned is BridgeError:
			return scanned
		if not ResourceLoader.exists(path):  # the scan saw the image but its import has not run yet: run it now
			EditorInterface.get_resource_filesystem().reimport_files(PackedStringArray([path]))
	if not ResourceLoader.exists(path):
		return BridgeError.not_found("no texture at %s" % path, {"param": param, "path": path})
	var tex: Resource = load(path)
	if not tex is Texture2D:
		return BridgeError.invalid("%s is a %s, not a texture" % [path, tex.get_class() if tex else "resource that failed to load"],
				{"param": param, "path": path})
	return tex


## A new atlas source over `texture` cut into `tile_size` cells (after `margins`, between `separation`),
## with a tile for every cell; cells that are fully transparent are skipped when `skip_empty`.
static func atlas(texture: Texture2D, tile_size: Vector2i, margins: Vector2i, separation: Vector2i, skip_empty: bool) -> Variant:
	if tile_size.x <= 0 or tile_size.y <= 0:
		return BridgeError.invalid("tile_size must be positive, got %s" % tile_size, {"param": "tile_size"})
	var size := Vector2i(texture.get_size())
	var grid := Vector2i(Vector2(size - 2 * margins + separation) / Vector2(tile_size + separation))
	if grid.x <= 0 or grid.y <= 0:
		return BridgeError.invalid("the %dx%d texture holds no %dx%d tile (margins %s)" % [size.x, size.y, tile_size.x,
				tile_size.y, margins], {"param": "tile_size"})
	var source := TileSetAtlasSource.new()
	source.texture = texture
	source.margins = margins
	source.separation = separation
	source.texture_region_size = tile_size
	var image: Image = texture.get_image() if skip_empty else null
	if image and image.is_compressed():
		image.decompress()
	for y in grid.y:
		for x in grid.x:
			var region := Rect2i(margins + Vector2i(x, y) * (tile_size + separation), tile_size)
			if image and image.get_region(region).is_invisible():
				continue
			source.create_tile(Vector2i(x, y))
	if source.get_tiles_count() == 0:
		return BridgeError.failed("every %dx%d cell of the texture is transparent: no tile to create" % [tile_size.x, tile_size.y])
	return source


## A TileSet's tile size, sources (their tile counts) and terrain sets, for results; every tile's atlas coords
## (`tile_coords`, one entry per tile: hundreds for a big atlas) only when asked (tilemap.info's TILE_COORDS_PARAM).
static func describe(ts: TileSet, tile_coords: bool = false) -> Dictionary:
	var sources: Array = []
	for i in ts.get_source_count():
		var id := ts.get_source_id(i)
		var src := ts.get_source(id)
		var entry := {"id": id, "type": src.get_class(), "tiles": src.get_tiles_count()}
		if src is TileSetAtlasSource:
			entry["texture"] = src.texture.resource_path if src.texture else ""
			entry["grid_size"] = src.get_atlas_grid_size()
			if tile_coords:
				entry["tile_coords"] = range(src.get_tiles_count()).map(func(t: int) -> Vector2i: return src.get_tile_id(t))
		sources.append(entry)
	var terrain_sets: Array = []
	for s in ts.get_terrain_sets_count():
		var terrains: Array = []
		for t in ts.get_terrains_count(s):
			terrains.append({"id": t, "name": ts.get_terrain_name(s, t), "color": ts.get_terrain_color(s, t)})
		terrain_sets.append({"id": s, "mode": ["match_corners_and_sides", "match_corners", "match_sides"][ts.get_terrain_set_mode(s)],
				"terrains": terrains})
	return {"tile_size": ts.tile_size, "path": ts.resource_path, "sources": sources, "terrain_sets": terrain_sets,
			"patterns": ts.get_patterns_count()}


## Null when the layer's TileSet has that tile, else the BridgeError saying what is missing.
static func check_tile(ts: TileSet, source_id: int, coords: Vector2i, alternative: int) -> Variant:
	if ts == null:
		return BridgeError.failed("the layer has no TileSet: make one with tilemap.tileset_create")
	if not ts.has_source(source_id):
		var ids := range(ts.get_source_count()).map(func(i: int) -> int: return ts.get_source_id(i))
		return BridgeError.not_found("the TileSet has no source %d; its sources: %s" % [source_id, ids], {"param": "source_id"})
	var src := ts.get_source(source_id)
	if not src.has_tile(coords):
		return BridgeError.not_found("source %d has no tile at atlas %s" % [source_id, coords], {"param": "atlas"})
	if not src.has_alternative_tile(coords, alternative):
		return BridgeError.not_found("tile %s of source %d has no alternative %d" % [coords, source_id, alternative],
				{"param": "alternative"})
	return null
