@tool
extends "../../core/command_group.gd"
## tilemap.*, the layer: add a TileMapLayer (with a TileSet from a file or cut from an atlas), describe it,
## and read its painted cells back.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeTileAtlas := preload("lib/tile_atlas.gd")


func commands() -> Array:
	return [
		{
			"method": "tilemap.layer_create",
			"summary": "Add a TileMapLayer with a TileSet from a file, or one cut from an atlas texture, or none yet.",
			"params": [
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: TileMapLayer, made unique)"),
				opt("tileset", "string", "TileSet resource file to use, e.g. res://tiles/ground.tres"),
				opt("texture", "string", "Or: an atlas image to cut into a new TileSet"),
				opt("tile_size", "Vector2", "Tile size when cutting a texture", [16, 16]),
				opt("position", "Vector2", "Layer position", [0, 0]),
				opt("z_index", "int", "Draw order among siblings", 0),
			],
			"example": {"parent": "/root/Main", "name": "Ground", "texture": "res://art/tiles.png", "tile_size": [16, 16]},
			"example_setup": [BridgeTileAtlas.SETUP_ATLAS, BridgeTileAtlas.SETUP_FREE_GROUND],
			"returns": {"path": "string", "name": "string", "tileset?": BridgeTileAtlas.TILESET},
			"undo": "scene",
			"handler": _layer_create,
		},
		{
			"method": "tilemap.info",
			"summary": "Describe a TileMapLayer: its TileSet (tile size, sources and their tiles, terrain sets), painted cell count and used rect.",
			"params": [node_param("node_path", "TileMapLayer", true, null, "TileMapLayer"), BridgeTileAtlas.TILE_COORDS_PARAM],
			"example": {"node_path": "/root/Main/Ground"},
			"example_setup": BridgeTileAtlas.SETUP,
			"read_only": true,
			"returns": {"path": "string", "tileset": "Dictionary|null", "cell_count": "int",
					"used_rect": BridgeTileAtlas.RECT, "enabled": "bool"},
			"handler": _info,
		},
		{
			"method": "tilemap.get_cells",
			"summary": "Read painted cells back (source, atlas coords, alternative, terrain), optionally inside a rectangle or of one source.",
			"params": [
				node_param("node_path", "TileMapLayer", true, null, "TileMapLayer"),
				opt("from", "Vector2", "One corner cell of the rectangle to read (with to)"),
				opt("to", "Vector2", "Opposite corner cell (inclusive)"),
				opt("source_id", "int", "Only cells painted from this source"),
				opt("limit", "int", "At most this many cells", 1000, {"min": 1, "max": 100000}),
			],
			"example": {"node_path": "/root/Main/Ground", "from": [0, 0], "to": [9, 3]},
			"example_setup": BridgeTileAtlas.SETUP + [{"method": "tilemap.set_cells", "params": {"node_path": "/root/Main/Ground",
					"cells": [[0, 0], [1, 0]], "atlas": [1, 0]}}],
			"read_only": true,
			"returns": {"path": "string", "count": "int", "truncated": "bool", "used_rect": BridgeTileAtlas.RECT,
					"cells": [{"cell": "Vector2", "source_id": "int", "atlas": "Vector2", "alternative": "int", "terrain?": "int"}]},
			"handler": _get_cells,
		},
	]


func _layer_create(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	if p.has("tileset") and p.has("texture"):
		return c.invalid("give tileset or texture, not both", {"param": "texture"})
	var ts: TileSet = null
	if p.has("tileset"):
		var res: Resource = load(p.tileset) if ResourceLoader.exists(p.tileset) else null
		if not res is TileSet:
			return c.not_found("no TileSet at %s" % p.tileset, {"param": "tileset"})
		ts = res
	elif p.has("texture"):
		var tex: Variant = await BridgeTileAtlas.load_texture(p.texture, server)
		if tex is BridgeError:
			return tex
		var source: Variant = BridgeTileAtlas.atlas(tex, Vector2i(p.tile_size), Vector2i.ZERO, Vector2i.ZERO, true)
		if source is BridgeError:
			return source
		ts = TileSet.new()
		ts.tile_size = Vector2i(p.tile_size)
		ts.add_source(source, 0)
	var layer := TileMapLayer.new()
	layer.tile_set = ts
	layer.position = p.position
	layer.z_index = p.z_index
	var path := BridgeSceneEdit.add(c.step, "add TileMapLayer", parent, layer, p.name)
	var out := {"path": path, "name": str(layer.name)}
	if ts:
		out["tileset"] = BridgeTileAtlas.describe(ts)  # its tiles' coords: tilemap.info tile_coords
	return out


func _info(c: BridgeCall) -> Variant:
	var p := c.params
	var layer: TileMapLayer = p.node_path
	return {"path": BridgeSceneAccess.path_of(layer), "tileset": BridgeTileAtlas.describe(layer.tile_set, p.tile_coords) if layer.tile_set else null,
			"cell_count": layer.get_used_cells().size(), "used_rect": layer.get_used_rect(), "enabled": layer.enabled}


func _get_cells(bc: BridgeCall) -> Variant:
	var p := bc.params
	var layer: TileMapLayer = p.node_path
	if p.has("from") != p.has("to"):
		return bc.invalid("give both from and to, or neither", {"param": "to"})
	var cells: Array = layer.get_used_cells_by_id(p.source_id) if p.has("source_id") else layer.get_used_cells()
	if p.has("from"):
		var box := Rect2i(Vector2i(p.from), Vector2i.ZERO).expand(Vector2i(p.to))
		box.size += Vector2i.ONE
		cells = cells.filter(func(c: Vector2i) -> bool: return box.has_point(c))
	cells.sort_custom(func(a: Vector2i, b: Vector2i) -> bool: return a.y < b.y or (a.y == b.y and a.x < b.x))
	var out: Array = []
	for c: Vector2i in cells.slice(0, p.limit):
		var entry := {"cell": c, "source_id": layer.get_cell_source_id(c), "atlas": layer.get_cell_atlas_coords(c),
				"alternative": layer.get_cell_alternative_tile(c)}
		var td: TileData = layer.get_cell_tile_data(c)
		if td and td.terrain_set >= 0:
			entry["terrain"] = td.terrain
		out.append(entry)
	return {"path": BridgeSceneAccess.path_of(layer), "count": cells.size(), "truncated": cells.size() > p.limit, "cells": out,
			"used_rect": layer.get_used_rect()}
