@tool
extends "../../core/command_group.gd"
## tilemap.*, painting a TileMapLayer: single cells, rectangles (filled or outlined), patterns (copied from
## the layer or written as rows), terrains (autotiled) and erasing. Each call is one undoable action over
## the layer's cell data; the tile is checked against the TileSet before anything is painted.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeTileAtlas := preload("lib/tile_atlas.gd")

const MAX_CELLS := 250000

## What every paint returns: the layer after the edit (_commit's fields).
const LAYER := {"path": "string", "cell_count": "int", "used_rect": BridgeTileAtlas.RECT}
const PAINTED := {"path": "string", "cell_count": "int", "used_rect": BridgeTileAtlas.RECT, "cells_painted": "int"}


func commands() -> Array:
	return [
		{
			"method": "tilemap.set_cells",
			"idempotent": true,
			"summary": "Paint one tile on a list of cells of a TileMapLayer.",
			"params": _layer_param() + [req("cells", "Array", "Cells as [[x, y], …]", {"items": ["int"]})] + _tile_params(),
			"example": {"node_path": "/root/Main/Ground", "cells": [[0, 0], [1, 0], [2, 0]], "atlas": [0, 0]},
			"example_setup": BridgeTileAtlas.SETUP,
			"returns": PAINTED,
			"undo": "scene",
			"handler": _set_cells,
		},
		{
			"method": "tilemap.fill_rect",
			"idempotent": true,
			"summary": "Paint a rectangle of cells (corners inclusive) with one tile, filled or as an outline (walls).",
			"params": _layer_param() + [
				req("from", "Vector2", "One corner cell, e.g. [0, 4]"),
				req("to", "Vector2", "Opposite corner cell, inclusive"),
			] + _tile_params() + [opt("outline", "bool", "Paint only the border cells", false)],
			"example": {"node_path": "/root/Main/Ground", "from": [0, 4], "to": [9, 5], "atlas": [1, 0]},
			"example_setup": BridgeTileAtlas.SETUP,
			"returns": PAINTED,
			"undo": "scene",
			"handler": _fill_rect,
		},
		{
			"method": "tilemap.pattern",
			"summary": "Paste a pattern at a cell: rows of atlas coords (null leaves a cell alone), or a rectangle copied from the layer itself; optionally kept in the TileSet's patterns.",
			"params": _layer_param() + [
				req("at", "Vector2", "Cell of the pattern's top-left corner"),
				opt("rows", "Array", "Rows top to bottom, each [[ax, ay] or null, …], painted from source_id", null, {"items": ["any"]}),
				opt("copy_from", "Array", "Or: the layer's own cells [x, y, width, height] to copy", null, {"items": "int"}),
				opt("source_id", "int", "Source of the atlas coords in rows", 0),
				opt("keep", "bool", "Also add the pattern to the TileSet's patterns", false),
			],
			"example": {"node_path": "/root/Main/Ground", "at": [12, 2], "rows": [[[0, 0], [1, 0]], [null, [1, 0]]]},
			"example_setup": BridgeTileAtlas.SETUP,
			"returns": LAYER.merged({"size": "Vector2", "cells_painted": "int", "pattern_index?": "int"}),
			"undo": "scene",
			"handler": _pattern,
		},
		{
			"method": "tilemap.paint_terrain",
			"summary": "Paint cells with a terrain so the engine picks matching tiles by their peering bits (connect: a region; path: a line through the cells in order).",
			"params": _layer_param() + [
				req("cells", "Array", "Cells as [[x, y], …]", {"items": ["int"]}),
				opt("terrain_set", "int", "Terrain set", 0, {"min": 0}),
				opt("terrain", "int", "Terrain in the set (-1 erases the terrain)", 0, {"min": -1}),
				choice("mode", ["connect", "path"], "connect (area, updates neighbours) or path (cells in order)", "connect"),
			],
			"example": {"node_path": "/root/Main/Ground", "cells": [[0, 8], [1, 8], [2, 8]], "terrain": 0},
			# the terrain tilemap.terrain_define's example defines
			"example_setup": BridgeTileAtlas.SETUP + [{"method": "tilemap.terrain_define", "params": {"node_path": "/root/Main/Ground",
					"name": "road", "tiles": [{"atlas": [0, 0], "bits": ["right_side"]}, {"atlas": [1, 0], "bits": ["left_side", "right_side"]},
					{"atlas": [2, 0], "bits": ["left_side"]}]}}],
			"returns": LAYER.merged({"cells_with_terrain": "int", "warning?": "string"}),
			"undo": "scene",
			"handler": _paint_terrain,
		},
		{
			"method": "tilemap.erase",
			"idempotent": true,
			"summary": "Erase cells of a TileMapLayer: a list, a rectangle, or all of them.",
			"params": _layer_param() + [
				opt("cells", "Array", "Cells as [[x, y], …]", null, {"items": ["int"]}),
				opt("from", "Vector2", "Or: one corner of a rectangle (with to)"),
				opt("to", "Vector2", "Opposite corner, inclusive"),
				opt("all", "bool", "Erase every painted cell", false),
			],
			"example": {"node_path": "/root/Main/Ground", "cells": [[2, 0]]},
			"example_setup": BridgeTileAtlas.SETUP + [{"method": "tilemap.set_cells", "params": {"node_path": "/root/Main/Ground",
					"cells": [[0, 0], [1, 0], [2, 0]], "atlas": [0, 0]}}],
			"destructive": true,
			"returns": LAYER.merged({"erased": "int"}),
			"undo": "scene",
			"handler": _erase,
		},
	]


func _layer_param() -> Array:
	return [node_param("node_path", "TileMapLayer to paint", true, null, "TileMapLayer")]


func _tile_params() -> Array:
	return [
		opt("source_id", "int", "TileSet source", 0, {"min": 0}),
		opt("atlas", "Vector2", "Atlas coords of the tile in the source", [0, 0]),
		opt("alternative", "int", "Alternative tile id", 0, {"min": 0}),
	]


func _set_cells(c: BridgeCall) -> Variant:
	var p := c.params
	var ctx: Variant = _tile_context(p)
	if ctx is BridgeError:
		return ctx
	var cells: Variant = _cells(p.cells, "cells")
	if cells is BridgeError:
		return cells
	return _paint(c.step, ctx[0], cells, ctx[1], "paint %d cells" % cells.size())


func _fill_rect(c: BridgeCall) -> Variant:
	var p := c.params
	var ctx: Variant = _tile_context(p)
	if ctx is BridgeError:
		return ctx
	var box := _box(p.from, p.to)
	if box.get_area() > MAX_CELLS:
		return c.invalid("%d cells is more than %d" % [box.get_area(), MAX_CELLS], {"param": "to"})
	var cells: Array = []
	for y in range(box.position.y, box.end.y):
		for x in range(box.position.x, box.end.x):
			if not p.outline or x in [box.position.x, box.end.x - 1] or y in [box.position.y, box.end.y - 1]:
				cells.append(Vector2i(x, y))
	return _paint(c.step, ctx[0], cells, ctx[1], "fill %dx%d cells" % [box.size.x, box.size.y])


func _pattern(bc: BridgeCall) -> Variant:
	var p := bc.params
	var layer: TileMapLayer = p.node_path
	if p.has("rows") == p.has("copy_from"):
		return bc.invalid("give rows or copy_from (one of them)", {"param": "rows"})
	if layer.tile_set == null:
		return bc.failed("%s has no TileSet: make one with tilemap.tileset_create" % BridgeSceneAccess.path_of(layer))
	var pattern: TileMapPattern
	if p.has("copy_from"):
		var r: Array = p.copy_from
		if not (r.size() == 4 and r.all(func(x: Variant) -> bool: return (x is int or x is float) and x == floorf(x))) \
				or r[2] < 1 or r[3] < 1:
			return bc.invalid("copy_from must be [x, y, width, height] with whole numbers, width and height >= 1",
					{"param": "copy_from"})
		var coords: Array[Vector2i] = []
		for y in range(int(r[1]), int(r[1] + r[3])):
			for x in range(int(r[0]), int(r[0] + r[2])):
				coords.append(Vector2i(x, y))
		pattern = layer.get_pattern(coords)
		if coords.all(func(c: Vector2i) -> bool: return layer.get_cell_source_id(c) == -1):
			return bc.failed("the cells %s of %s are all empty: nothing to copy" % [r,
					BridgeSceneAccess.path_of(layer)],
					{"param": "copy_from"})
	else:
		pattern = TileMapPattern.new()
		for y: int in p.rows.size():
			var row: Variant = p.rows[y]
			if not row is Array:
				return bc.invalid("row %d must be an array of [ax, ay] or null" % y, {"param": "rows"})
			for x: int in row.size():
				if row[x] == null:
					continue
				var atlas: Variant = BridgeParams.convert_value({"type": "Vector2"}, row[x])
				if atlas is BridgeError:
					return bc.invalid("rows[%d][%d] %s" % [y, x, atlas.message], {"param": "rows"})
				var bad: Variant = BridgeTileAtlas.check_tile(layer.tile_set, p.source_id, Vector2i(atlas), 0)
				if bad:
					return bad
				pattern.set_cell(Vector2i(x, y), p.source_id, Vector2i(atlas), 0)
		if pattern.is_empty():
			return bc.invalid("rows paint no cell", {"param": "rows"})
	var at := Vector2i(p.at)
	var before: PackedByteArray = layer.tile_map_data
	layer.set_pattern(at, pattern)
	var result := _commit(bc.step, layer, before, "paste pattern at %s" % at, [] if not p.keep else [pattern])
	result["size"] = pattern.get_size()
	result["cells_painted"] = pattern.get_used_cells().filter(func(c: Vector2i) -> bool: return pattern.get_cell_source_id(c) != -1).size()
	if p.keep:
		result["pattern_index"] = layer.tile_set.get_patterns_count() - 1
	return result


func _paint_terrain(bc: BridgeCall) -> Variant:
	var p := bc.params
	var layer: TileMapLayer = p.node_path
	var ts: TileSet = layer.tile_set
	if ts == null or p.terrain_set >= ts.get_terrain_sets_count():
		return bc.not_found("%s's TileSet has no terrain set %d: define one with tilemap.terrain_define" % [
				BridgeSceneAccess.path_of(layer), p.terrain_set], {"param": "terrain_set"})
	if p.terrain >= ts.get_terrains_count(p.terrain_set):
		return bc.not_found("terrain set %d has %d terrains; there is no terrain %d" % [p.terrain_set,
				ts.get_terrains_count(p.terrain_set), p.terrain], {"param": "terrain"})
	var cells: Variant = _cells(p.cells, "cells")
	if cells is BridgeError:
		return cells
	var typed: Array[Vector2i] = []
	typed.assign(cells)
	var before: PackedByteArray = layer.tile_map_data
	if p.mode == "path":
		layer.set_cells_terrain_path(typed, p.terrain_set, p.terrain)
	else:
		layer.set_cells_terrain_connect(typed, p.terrain_set, p.terrain)
	var out := _commit(bc.step, layer, before, "paint terrain on %d cells" % typed.size(), [])
	var painted: Array = typed.filter(func(c: Vector2i) -> bool:
		var td: TileData = layer.get_cell_tile_data(c)
		return (td != null and td.terrain == p.terrain) if p.terrain >= 0 else layer.get_cell_source_id(c) == -1)
	out["cells_with_terrain"] = painted.size()
	if painted.size() < typed.size() and p.terrain >= 0:
		out["warning"] = "%d of %d cells found no tile of that terrain matching their neighbours; add tiles with tilemap.terrain_define" % [
				typed.size() - painted.size(), typed.size()]
	return out


func _erase(bc: BridgeCall) -> Variant:
	var p := bc.params
	var layer: TileMapLayer = p.node_path
	var ways := int(p.has("cells")) + int(p.has("from") or p.has("to")) + int(p.all)
	if ways != 1:
		return bc.invalid("give exactly one of cells, from + to, or all: true", {"param": "cells"})
	var cells: Array = []
	if p.all:
		cells = layer.get_used_cells()
	elif p.has("cells"):
		var list: Variant = _cells(p.cells, "cells")
		if list is BridgeError:
			return list
		cells = list
	else:
		if not (p.has("from") and p.has("to")):
			return bc.invalid("a rectangle needs both from and to", {"param": "to"})
		var box := _box(p.from, p.to)
		cells = layer.get_used_cells().filter(func(c: Vector2i) -> bool: return box.has_point(c))
	var erased := cells.filter(func(c: Vector2i) -> bool: return layer.get_cell_source_id(c) != -1).size()
	var before: PackedByteArray = layer.tile_map_data
	for c: Vector2i in cells:
		layer.erase_cell(c)
	var out := _commit(bc.step, layer, before, "erase %d cells" % erased, [])
	out["erased"] = erased
	return out


## [layer, [source, atlas, alternative]] after checking the tile exists, or a BridgeError.
func _tile_context(p: Dictionary) -> Variant:
	var layer: TileMapLayer = p.node_path
	var bad: Variant = BridgeTileAtlas.check_tile(layer.tile_set, p.source_id, Vector2i(p.atlas), p.alternative)
	if bad:
		return bad
	return [layer, [p.source_id, Vector2i(p.atlas), p.alternative]]


func _paint(undo_step: RefCounted, layer: TileMapLayer, cells: Array, tile: Array, action_name: String) -> Dictionary:
	var before: PackedByteArray = layer.tile_map_data
	for c: Vector2i in cells:
		layer.set_cell(c, tile[0], tile[1], tile[2])
	var out := _commit(undo_step, layer, before, action_name, [])
	out["cells_painted"] = cells.filter(func(c: Vector2i) -> bool: return layer.get_cell_source_id(c) == tile[0] \
			and layer.get_cell_atlas_coords(c) == tile[1]).size()
	return out


## Records an edit already made on the layer as one action (its cell data before → after).
func _commit(undo_step: RefCounted, layer: TileMapLayer, before: PackedByteArray, action_name: String, keep_patterns: Array) -> Dictionary:
	var after: PackedByteArray = layer.tile_map_data
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	ur.add_do_property(layer, "tile_map_data", after)
	ur.add_undo_property(layer, "tile_map_data", before)
	for pattern: TileMapPattern in keep_patterns:
		ur.add_do_method(layer.tile_set, "add_pattern", pattern)
		ur.add_do_reference(pattern)
		ur.add_undo_method(layer.tile_set, "remove_pattern", layer.tile_set.get_patterns_count())
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(layer), "cell_count": layer.get_used_cells().size(), "used_rect": layer.get_used_rect()}


## The cells of a [[x, y], …] parameter as Vector2i, or a BridgeError naming the bad entry.
func _cells(list: Array, param: String) -> Variant:
	if list.is_empty():
		return BridgeError.invalid("'%s' is empty: give cells as [[x, y], …]" % param, {"param": param})
	if list.size() > MAX_CELLS:
		return BridgeError.invalid("'%s' has more than %d cells" % [param, MAX_CELLS], {"param": param})
	var out: Array = []
	for item: Variant in list:
		var v: Variant = BridgeParams.convert_value({"type": "Vector2"}, item)
		if v is BridgeError or Vector2(Vector2i(v)) != v:
			return BridgeError.invalid("'%s' entry %s is not a cell [x, y] of whole numbers" % [param, JSON.stringify(item)],
					{"param": param})
		out.append(Vector2i(v))
	return out


func _box(from: Vector2, to: Vector2) -> Rect2i:
	var box := Rect2i(Vector2i(from), Vector2i.ZERO).expand(Vector2i(to))
	box.size += Vector2i.ONE
	return box
