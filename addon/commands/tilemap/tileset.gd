@tool
extends "../../core/command_group.gd"
## tilemap.*, the TileSet: cut a texture atlas into tiles (a new TileSet, or one more source of a layer's),
## and define terrains over its tiles for autotiled painting. Changes to a layer are undoable.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeTileAtlas := preload("lib/tile_atlas.gd")

const TERRAIN_MODES := ["match_corners_and_sides", "match_corners", "match_sides"]
## CellNeighbor names → values, for square tiles.
const BITS := {"right_side": 0, "bottom_right_corner": 3, "bottom_side": 4, "bottom_left_corner": 7, "left_side": 8,
		"top_left_corner": 11, "top_side": 12, "top_right_corner": 15}


func commands() -> Array:
	return [
		{
			"method": "tilemap.tileset_create",
			"summary": "Make a TileSet from a texture atlas cut into tiles of tile_size (transparent cells skipped); save it as .tres and/or give it to a TileMapLayer.",
			"params": [
				req("texture", "string", "Atlas image, e.g. res://art/tiles.png (imported first if just written)"),
				opt("tile_size", "Vector2", "Tile size in pixels", [16, 16]),
				opt("margins", "Vector2", "Pixels skipped at the atlas' left/top edges", [0, 0]),
				opt("separation", "Vector2", "Pixels between tiles", [0, 0]),
				opt("skip_empty", "bool", "Make no tile for fully transparent cells", true),
				opt("path", "string", "Save the TileSet here (.tres)", null, {"writes_path": true}),
				opt("overwrite", "bool", "Replace an existing file at path", false),
				node_param("node_path", "TileMapLayer that gets the TileSet (undoable)", false, null, "TileMapLayer"),
			],
			"example": {"texture": "res://art/tiles.png", "tile_size": [16, 16], "node_path": "/root/Main/Ground"},
			# a layer without a TileSet yet, so that the example's is new in the scene
			"example_setup": [BridgeTileAtlas.SETUP_ATLAS, BridgeTileAtlas.SETUP_FREE_GROUND,
					{"method": "tilemap.layer_create", "params": {"parent": "/root/Main", "name": "Ground"}}],
			"returns": BridgeTileAtlas.TILESET.merged({"node_path?": "string"}),
			# the TileSet given to a layer is a scene edit; a TileSet only saved to path is a file write
			"undo": "scene",
			"handler": _tileset_create,
		},
		{
			"method": "tilemap.add_atlas",
			"summary": "Add another texture atlas as a source of a layer's TileSet (tiles cut at the TileSet's tile size); returns its source id.",
			"params": [
				node_param("node_path", "TileMapLayer whose TileSet gets the source", true, null, "TileMapLayer"),
				req("texture", "string", "Atlas image"),
				opt("margins", "Vector2", "Pixels skipped at the atlas' left/top edges", [0, 0]),
				opt("separation", "Vector2", "Pixels between tiles", [0, 0]),
				opt("skip_empty", "bool", "Make no tile for fully transparent cells", true),
			],
			"example": {"node_path": "/root/Main/Ground", "texture": "res://art/tiles.png"},
			"example_setup": BridgeTileAtlas.SETUP,
			"returns": {"node_path": "string", "source_id": "int", "tiles": "int", "grid_size": "Vector2"},
			"undo": "scene",
			"handler": _add_atlas,
		},
		{
			"method": "tilemap.terrain_define",
			"summary": "Add a terrain (in a new or existing terrain set) and assign atlas tiles to it with their peering bits, so tilemap.paint_terrain can autotile.",
			"params": [
				node_param("node_path", "TileMapLayer whose TileSet gets the terrain", true, null, "TileMapLayer"),
				req("name", "string", "Terrain name, e.g. grass"),
				req("tiles", "Array", "Tiles: [{atlas: [x, y], bits?: ['right_side', 'bottom_side', …] (default: every bit of the mode)}]", {"items": "Dictionary"}),
				opt("source_id", "int", "Atlas source of the tiles", 0),
				opt("terrain_set", "int", "Terrain set to add to (default: a new one)", null, {"min": 0}),
				choice("mode", TERRAIN_MODES, "Mode of a new terrain set", "match_sides"),
				opt("color", "Color", "Terrain colour in the editor", "#4caf50"),
			],
			"example": {"node_path": "/root/Main/Ground", "name": "road", "tiles": [{"atlas": [0, 0], "bits": ["right_side"]},
					{"atlas": [1, 0], "bits": ["left_side", "right_side"]}, {"atlas": [2, 0], "bits": ["left_side"]}]},
			"example_setup": BridgeTileAtlas.SETUP,
			"answer_size": "each tile it was given, with the peering bits read back",
			"returns": {"node_path": "string", "terrain_set": "int", "terrain": "int", "name": "string", "mode": "string",
					"tiles": [{"terrain": "int", "bits": ["string"]}]},
			"undo": "scene",
			"handler": _terrain_define,
		},
	]


func _tileset_create(c: BridgeCall) -> Variant:
	var p := c.params
	if not p.has("path") and not p.has("node_path"):
		return c.invalid("give path (save it), node_path (a TileMapLayer gets it) or both",
				{"param": "path"})
	var layer: TileMapLayer = p.get("node_path")
	if p.has("path"):
		if not p.path.get_extension() in ["tres", "res"]:
			return c.invalid("path must end in .tres or .res", {"param": "path"})
		if FileAccess.file_exists(p.path) and not p.overwrite:
			return c.failed("%s already exists; pass overwrite: true to replace it" % p.path, {"path": p.path})
	var tex: Variant = await BridgeTileAtlas.load_texture(p.texture, server)
	if tex is BridgeError:
		return tex
	var tile_size := Vector2i(p.tile_size)
	var source: Variant = BridgeTileAtlas.atlas(tex, tile_size, Vector2i(p.margins), Vector2i(p.separation),
			p.skip_empty)
	if source is BridgeError:
		return source
	var ts := TileSet.new()
	ts.tile_size = tile_size
	ts.add_source(source, 0)
	if p.has("path"):
		var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(p.path.get_base_dir()))
		if err == OK:
			err = ResourceSaver.save(ts, p.path)
		if err != OK:
			return c.failed("could not write %s: %s" % [p.path, error_string(err)], {"path": p.path})
		EditorInterface.get_resource_filesystem().update_file(p.path)
		ts.take_over_path(p.path)
	var out := BridgeTileAtlas.describe(ts)  # its tiles' coords: tilemap.info tile_coords
	if layer != null:
		var ur := BridgeSceneAccess.action(c.step, "set TileSet of %s" % layer.name)
		ur.add_do_property(layer, "tile_set", ts)
		ur.add_undo_property(layer, "tile_set", layer.tile_set)
		ur.commit_action()
		if layer.tile_set != ts:
			return c.failed("%s did not take the TileSet" % BridgeSceneAccess.path_of(layer))
		out["node_path"] = BridgeSceneAccess.path_of(layer)
	return out


func _add_atlas(c: BridgeCall) -> Variant:
	var p := c.params
	var layer: TileMapLayer = p.node_path
	var ts: TileSet = layer.tile_set
	if ts == null:
		return c.failed("%s has no TileSet yet: make one with tilemap.tileset_create" % BridgeSceneAccess.path_of(layer))
	var tex: Variant = await BridgeTileAtlas.load_texture(p.texture, server)
	if tex is BridgeError:
		return tex
	var source: Variant = BridgeTileAtlas.atlas(tex, ts.tile_size, Vector2i(p.margins), Vector2i(p.separation),
			p.skip_empty)
	if source is BridgeError:
		return source
	var id := ts.get_next_source_id()
	var ur := BridgeSceneAccess.action(c.step, "add atlas to %s" % layer.name)
	ur.add_do_method(ts, "add_source", source, id)
	ur.add_do_reference(source)
	ur.add_undo_method(ts, "remove_source", id)
	ur.commit_action()
	if not ts.has_source(id):
		return c.failed("the TileSet did not take the source")
	return {"node_path": BridgeSceneAccess.path_of(layer), "source_id": id, "tiles": source.get_tiles_count(),
			"grid_size": source.get_atlas_grid_size()}


func _terrain_define(c: BridgeCall) -> Variant:
	var p := c.params
	var layer: TileMapLayer = p.node_path
	var ts: TileSet = layer.tile_set
	if ts == null:
		return c.failed("%s has no TileSet yet: make one with tilemap.tileset_create" % BridgeSceneAccess.path_of(layer))
	var new_set: bool = not p.has("terrain_set")
	var set_id: int = ts.get_terrain_sets_count() if new_set else p.terrain_set
	if not new_set and set_id >= ts.get_terrain_sets_count():
		return c.not_found("the TileSet has %d terrain sets; terrain_set %d does not exist (omit it for a new one)" % [
				ts.get_terrain_sets_count(), set_id], {"param": "terrain_set"})
	var mode: int = TERRAIN_MODES.find(p.mode) if new_set else ts.get_terrain_set_mode(set_id)
	if p.tiles.is_empty():
		return c.invalid("tiles is empty", {"param": "tiles"})
	var plan: Array = []  # [TileData, bits to set]
	for spec: Variant in p.tiles:
		var tile: Variant = _terrain_tile(ts, p.source_id, spec, mode)
		if tile is BridgeError:
			return tile
		plan.append(tile)
	var terrain_id: int = 0 if new_set else ts.get_terrains_count(set_id)
	var ur := BridgeSceneAccess.action(c.step, "define terrain %s" % p.name)
	if new_set:
		ur.add_do_method(ts, "add_terrain_set", set_id)
		ur.add_do_method(ts, "set_terrain_set_mode", set_id, mode)
	ur.add_do_method(ts, "add_terrain", set_id, terrain_id)
	ur.add_do_method(ts, "set_terrain_name", set_id, terrain_id, p.name)
	ur.add_do_method(ts, "set_terrain_color", set_id, terrain_id, p.color)
	for item: Array in plan:
		var td: TileData = item[0]
		ur.add_do_method(td, "set_terrain_set", set_id)
		ur.add_do_method(td, "set_terrain", terrain_id)
		for bit: int in item[1]:
			ur.add_do_method(td, "set_terrain_peering_bit", bit, terrain_id)
	# undo: tiles back to what they were, then the terrain (and the set) go away
	for item: Array in plan:
		var td: TileData = item[0]
		ur.add_undo_method(td, "set_terrain_set", -1)
		if td.terrain_set >= 0:
			ur.add_undo_method(td, "set_terrain_set", td.terrain_set)
			ur.add_undo_method(td, "set_terrain", td.terrain)
			for bit: int in BITS.values():
				if td.is_valid_terrain_peering_bit(bit):
					ur.add_undo_method(td, "set_terrain_peering_bit", bit, td.get_terrain_peering_bit(bit))
	if new_set:
		ur.add_undo_method(ts, "remove_terrain_set", set_id)
	else:
		ur.add_undo_method(ts, "remove_terrain", set_id, terrain_id)
	ur.commit_action()
	var tiles: Array = []
	for item: Array in plan:
		var td: TileData = item[0]
		var bits: Array = BITS.keys().filter(func(b: String) -> bool: return td.is_valid_terrain_peering_bit(BITS[b]) \
				and td.get_terrain_peering_bit(BITS[b]) == terrain_id)
		tiles.append({"terrain": td.terrain, "bits": bits})
	return {"node_path": BridgeSceneAccess.path_of(layer), "terrain_set": set_id, "terrain": terrain_id, "name": p.name,
			"mode": TERRAIN_MODES[mode], "tiles": tiles}


## [TileData, peering bit values] for one tile spec of terrain_define, or a BridgeError.
func _terrain_tile(ts: TileSet, source_id: int, spec: Variant, mode: int) -> Variant:
	if not spec is Dictionary or not spec.has("atlas"):
		return BridgeError.invalid("each tile is {atlas: [x, y], bits?: [...]}, got %s" % JSON.stringify(spec),
				{"param": "tiles"})
	var coords: Variant = BridgeParams.convert_value({"type": "Vector2"}, spec.atlas)
	if coords is BridgeError:
		return BridgeError.invalid("tile atlas %s" % coords.message, {"param": "tiles"})
	var bad: Variant = BridgeTileAtlas.check_tile(ts, source_id, Vector2i(coords), 0)
	if bad:
		return bad
	var src: TileSetSource = ts.get_source(source_id)
	if not src is TileSetAtlasSource:
		return BridgeError.invalid("source %d is not an atlas source" % source_id, {"param": "source_id"})
	var td: TileData = src.get_tile_data(Vector2i(coords), 0)
	var valid := func(bit: int) -> bool:
		var corner := bit in [3, 7, 11, 15]
		return mode == 0 or (mode == 1 and corner) or (mode == 2 and not corner)
	var bits: Array = []
	if spec.has("bits"):
		if not spec.bits is Array:
			return BridgeError.invalid("bits must be an array of names", {"param": "tiles"})
		for name: Variant in spec.bits:
			if not BITS.has(str(name)) or not valid.call(BITS[str(name)]):
				return BridgeError.invalid("'%s' is not a peering bit of %s; use %s" % [name,
						TERRAIN_MODES[mode], ", ".join(PackedStringArray(BITS.keys().filter(func(b: String) -> bool:
						return valid.call(BITS[b]))))], {"param": "tiles"})
			bits.append(BITS[str(name)])
	else:
		bits = BITS.values().filter(valid)
	return [td, bits]
