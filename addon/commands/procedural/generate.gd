@tool
extends "../../core/command_group.gd"
## procedural.*, generated content: a noise texture resource (FastNoiseLite inside a NoiseTexture2D,
## saved as .tres) and a seeded room-and-corridor dungeon, returned as a map and optionally painted into
## a TileMapLayer as one undo step. Same seed, same result.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")

const NOISE_TYPES := {"simplex": FastNoiseLite.TYPE_SIMPLEX, "simplex_smooth": FastNoiseLite.TYPE_SIMPLEX_SMOOTH,
		"perlin": FastNoiseLite.TYPE_PERLIN, "cellular": FastNoiseLite.TYPE_CELLULAR, "value": FastNoiseLite.TYPE_VALUE,
		"value_cubic": FastNoiseLite.TYPE_VALUE_CUBIC}


## The sweeps' TileMapLayer for procedural.dungeon's example: two 16 px tiles, floor (0, 0) and wall (1, 0).
const TILES_SETUP := """var t := TileMapLayer.new()
t.name = "Tiles"
var ts := TileSet.new()
var src := TileSetAtlasSource.new()
src.texture = ImageTexture.create_from_image(Image.create(32, 16, false, Image.FORMAT_RGBA8))
src.texture_region_size = Vector2i(16, 16)
src.create_tile(Vector2i(0, 0))
src.create_tile(Vector2i(1, 0))
ts.add_source(src, 0)
t.tile_set = ts
scene.add_child(t)
t.owner = scene
return str(scene.get_path_to(t))"""


func commands() -> Array:
	return [
		{
			"method": "procedural.noise_texture",
			"summary": "Save a NoiseTexture2D (seeded FastNoiseLite: type, frequency, octaves; seamless, normal map) as a .tres, with the generated image's value range read back.",
			"params": [
				file_param("path", "Resource file to write, e.g. res://textures/clouds.tres", ["tres"], false),
				opt("size", "Vector2", "Width and height in pixels", [256, 256]),
				opt("seed", "int", "Noise seed", 0),
				choice("noise", NOISE_TYPES.keys(), "FastNoiseLite type", "simplex_smooth"),
				opt("frequency", "float", "Noise frequency (smaller: larger features)", 0.01, {"min": 0.0001, "max": 10.0}),
				opt("octaves", "int", "Fractal octaves (1: no fractal detail)", 3, {"min": 1, "max": 9}),
				opt("seamless", "bool", "Tileable edges", false),
				opt("as_normal_map", "bool", "Generate a normal map instead of a height map", false),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://textures/clouds.tres", "size": [128, 128], "seed": 4, "noise": "perlin", "seamless": true, "overwrite": true},
			"returns": {"path": "string", "size": ["int"], "noise": "string", "seed": "int", "frequency": "float", "octaves": "int",
					"seamless": "bool", "as_normal_map": "bool", "values": {"min": "float", "max": "float", "mean": "float"}},
			"undo": "none",
			"handler": _noise_texture,
		},
		{
			"method": "procedural.dungeon",
			"summary": "Seeded rooms-and-corridors dungeon on a grid (rooms never overlap, all connected); returns rooms and a text map, and paints floors/wall tiles into a TileMapLayer if given (one undo step).",
			"params": [
				opt("size", "Vector2", "Grid width and height in cells", [48, 32]),
				opt("rooms", "int", "Rooms to try to place", 8, {"min": 1, "max": 200}),
				opt("room_size", "Vector2", "Smallest and largest room side, in cells", [4, 9]),
				opt("seed", "int", "Random seed", 0),
				# no "" default: the router would read it as the scene root; omitted means only the layout
				node_param("tilemap", "A TileMapLayer to paint into (cells from its origin; none: only return the layout)", false, null, "TileMapLayer"),
				opt("floor_tile", "Vector2", "Atlas coordinates of the floors tile", [0, 0]),
				opt("wall_tile", "Vector2", "Atlas coordinates of the wall tile ([-1, -1]: no walls)", [-1, -1]),
				opt("source_id", "int", "TileSet source id of those tiles", 0, {"min": 0}),
			],
			"example": {"size": [40, 24], "rooms": 6, "seed": 7, "tilemap": "/root/Main/Tiles", "wall_tile": [1, 0]},
			# a TileMapLayer with a floor and a wall tile to paint into
			"example_setup": [{"method": "editor.run_script", "params": {"code": TILES_SETUP}}],
			# painting is the scene's undo step; without a tilemap nothing changes (undoable: false)
			"answer_size": "the rooms it placed, each a rectangle (rooms says how many to try)",
			"returns": {"size": ["int"], "seed": "int", "rooms": [{"x": "int", "y": "int", "w": "int", "h": "int"}], "corridors": "int",
					"floor_cells": "int", "wall_cells": "int", "map": ["string"], "painted": "bool", "tilemap?": "string", "used_cells?": "int"},
			"undo": "scene",
			"handler": _dungeon,
		},
	]


func _noise_texture(c: BridgeCall) -> Variant:
	var p := c.params
	var w := int(p.size.x)
	var h := int(p.size.y)
	if w < 1 or h < 1 or w > 4096 or h > 4096:
		return c.invalid("size must be 1..4096 on each side, got %dx%d" % [w, h], {"param": "size"})
	var noise := FastNoiseLite.new()
	noise.noise_type = NOISE_TYPES[p.noise]
	noise.seed = p.seed
	noise.frequency = p.frequency
	noise.fractal_octaves = p.octaves
	noise.fractal_type = FastNoiseLite.FRACTAL_FBM if p.octaves > 1 else FastNoiseLite.FRACTAL_NONE
	var tex := NoiseTexture2D.new()
	tex.width = w
	tex.height = h
	tex.seamless = p.seamless
	tex.as_normal_map = p.as_normal_map
	tex.noise = noise
	DirAccess.make_dir_recursive_absolute(p.path.get_base_dir())
	var err := ResourceSaver.save(tex, p.path)
	if err != OK:
		return c.failed("saving %s failed: %s" % [p.path, error_string(err)])
	EditorInterface.get_resource_filesystem().update_file(p.path)
	var saved := ResourceLoader.load(p.path, "", ResourceLoader.CACHE_MODE_REPLACE) as NoiseTexture2D
	if saved == null or saved.noise == null:
		return c.failed("%s did not load back as a NoiseTexture2D" % p.path)
	# the texture renders on a thread; the same noise sampled here gives the values it holds
	var image := saved.noise.get_seamless_image(w, h) if p.seamless else saved.noise.get_image(w, h)
	var lo := 1.0
	var hi := 0.0
	var sum := 0.0
	var step := maxi(1, int(sqrt(float(w * h) / 4096.0)))
	var n := 0
	for y in range(0, h, step):
		for x in range(0, w, step):
			var v := image.get_pixel(x, y).r
			lo = minf(lo, v)
			hi = maxf(hi, v)
			sum += v
			n += 1
	return {"path": p.path, "size": [saved.width, saved.height], "noise": NOISE_TYPES.find_key(saved.noise.noise_type), "seed": saved.noise.seed,
			"frequency": saved.noise.frequency, "octaves": saved.noise.fractal_octaves, "seamless": saved.seamless,
			"as_normal_map": saved.as_normal_map, "values": {"min": snappedf(lo, 0.001), "max": snappedf(hi, 0.001), "mean": snappedf(sum / n, 0.001)}}


func _dungeon(bc: BridgeCall) -> Variant:
	var p := bc.params
	var w := int(p.size.x)
	var h := int(p.size.y)
	var lo := int(p.room_size.x)
	var hi := int(p.room_size.y)
	if w < 5 or h < 5 or w * h > 250000:
		return bc.invalid("size must be at least [5, 5] and at most 250000 cells", {"param": "size"})
	if lo < 2 or hi < lo or hi > mini(w, h) - 2:
		return bc.invalid("room_size must be [min, max] with 2 <= min <= max <= %d" % (mini(w, h) - 2), {"param": "room_size"})
	var layer: TileMapLayer = p.get("tilemap")
	if layer:
		var checked: Variant = _check_tiles(layer, p)
		if checked is BridgeError:
			return checked
	var rng := RandomNumberGenerator.new()
	rng.seed = p.seed
	var rooms: Array[Rect2i] = []
	for attempt: int in p.rooms * 30:
		if rooms.size() >= p.rooms:
			break
		var size := Vector2i(rng.randi_range(lo, hi), rng.randi_range(lo, hi))
		var rect := Rect2i(Vector2i(rng.randi_range(1, w - size.x - 1), rng.randi_range(1, h - size.y - 1)), size)
		if not rooms.any(func(r: Rect2i) -> bool: return r.grow(1).intersects(rect)):
			rooms.append(rect)
	var floors := {}
	for r: Rect2i in rooms:
		for y in range(r.position.y, r.end.y):
			for x in range(r.position.x, r.end.x):
				floors[Vector2i(x, y)] = true
	var corridors := 0
	for i in range(1, rooms.size()):  # each room joins the previous one: an L-shaped corridor, all connected
		var a := rooms[i - 1].get_center()
		var b := rooms[i].get_center()
		var corner := Vector2i(b.x, a.y) if rng.randf() < 0.5 else Vector2i(a.x, b.y)
		for seg: Array in [[a, corner], [corner, b]]:
			var from: Vector2i = seg[0]
			var to: Vector2i = seg[1]
			var d := (to - from).sign()
			var c := from
			floors[c] = true
			while c != to:
				c += d
				floors[c] = true
		corridors += 1
	var walls := {}
	for c: Vector2i in floors:
		for dy: int in [-1, 0, 1]:
			for dx: int in [-1, 0, 1]:
				var n := c + Vector2i(dx, dy)
				if not floors.has(n) and n.x >= 0 and n.y >= 0 and n.x < w and n.y < h:
					walls[n] = true
	var rows: Array = []
	for y in h:
		var row := ""
		for x in w:
			row += "." if floors.has(Vector2i(x, y)) else ("#" if walls.has(Vector2i(x, y)) else " ")
		rows.append(row)
	var out := {"size": [w, h], "seed": p.seed, "rooms": rooms.map(func(r: Rect2i) -> Dictionary:
			return {"x": r.position.x, "y": r.position.y, "w": r.size.x, "h": r.size.y}),
			"corridors": corridors, "floor_cells": floors.size(), "wall_cells": walls.size(), "map": rows, "painted": false}
	if layer:
		_paint(bc.step, layer, floors, walls if p.wall_tile.x >= 0 else {}, p, w, h)
		out.painted = true
		out.tilemap = BridgeSceneAccess.path_of(layer)
		out.used_cells = layer.get_used_cells().size()
	return out


static func _check_tiles(layer: TileMapLayer, p: Dictionary) -> Variant:
	if layer.tile_set == null or not layer.tile_set.has_source(p.source_id):
		return BridgeError.invalid("%s has no TileSet source %d" % [BridgeSceneAccess.path_of(layer), p.source_id], {"param": "source_id"})
	var source: TileSetSource = layer.tile_set.get_source(p.source_id)
	for key: String in ["floor_tile", "wall_tile"]:
		var coords := Vector2i(p[key])
		if key == "wall_tile" and coords.x < 0:
			continue
		if not source.has_tile(coords):
			return BridgeError.not_found("source %d has no tile at %s (%s)" % [p.source_id, coords, key], {"param": key})
	return null


## One undo step: the painted rectangle's previous cells come back on undo.
static func _paint(undo_step: RefCounted, layer: TileMapLayer, floors: Dictionary, walls: Dictionary, p: Dictionary, w: int, h: int) -> void:
	var before: Array = []
	for y in h:
		for x in w:
			var c := Vector2i(x, y)
			before.append([c, layer.get_cell_source_id(c), layer.get_cell_atlas_coords(c), layer.get_cell_alternative_tile(c)])
	var ur := BridgeSceneAccess.action(undo_step, "paint dungeon")
	for y in h:
		for x in w:
			var c := Vector2i(x, y)
			if floors.has(c):
				ur.add_do_method(layer, "set_cell", c, p.source_id, Vector2i(p.floor_tile))
			elif walls.has(c):
				ur.add_do_method(layer, "set_cell", c, p.source_id, Vector2i(p.wall_tile))
			else:
				ur.add_do_method(layer, "erase_cell", c)
	for b: Array in before:
		ur.add_undo_method(layer, "set_cell", b[0], b[1], b[2], b[3])
	ur.commit_action()
