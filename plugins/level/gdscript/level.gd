@tool
extends "res://addons/bridge/command_group.gd"
## level.*: build 2D levels from text. Installed into res://bridge_commands/ by the bridge-plugin-level pack
## (`bridge level install`); edit or delete this file freely, the editor reloads it live.

const CLEAR := [".", " "]  # map characters that leave a cell as it is


func group_summary() -> String:
	return "Levels from text: paint a TileMapLayer from a character map, scatter scenes on its surface"


func commands() -> Array:
	return [
		{
			"method": "level.paint_text",
			"summary": "Paint a TileMapLayer from a text map: one character per cell, rows top to bottom; the legend maps characters to atlas tiles ('.' and ' ' leave a cell, '-' erases).",
			"params": [
				req("node_path", "NodePath", "The TileMapLayer, e.g. /root/Main/Ground"),
				req("map", "string", "Rows separated by newlines, e.g. \"....\\n#..#\\n####\""),
				req("legend", "Dictionary", "Character -> atlas coords [x, y] in the source, e.g. {\"#\": [0, 0], \"=\": [1, 0]}"),
				opt("origin", "Vector2", "Cell of the map's top-left character", [0, 0]),
				opt("source", "int", "TileSet source id of the atlas", 0, {"min": 0}),
			],
			"example": {"node_path": "/root/Main/Ground", "map": "#..#\n####", "legend": {"#": [0, 0]}},
			"undo": "scene",
			"handler": _paint_text,
		},
		{
			"method": "level.scatter",
			"summary": "Place count instances of a scene on the walkable surface of a TileMapLayer (painted cells with an empty cell above), seeded and undoable.",
			"params": [
				req("node_path", "NodePath", "The TileMapLayer whose surface to use"),
				req("scene", "string", "Scene to instance, e.g. res://scenes/coin.tscn"),
				opt("count", "int", "How many to place (at most one per surface cell)", 3, {"min": 1, "max": 500}),
				opt("seed", "int", "Random seed: the same seed gives the same cells", 1),
				opt("parent", "NodePath", "Parent of the instances (default: the layer's parent)", ""),
				opt("name", "string", "Name prefix of the instances", "Scattered"),
			],
			"example": {"node_path": "/root/Main/Ground", "scene": "res://scenes/coin.tscn", "count": 2},
			"undo": "scene",
			"handler": _scatter,
		},
	]


## Handlers take the call: its undo step (the declaration's `undo`) names each edit's command and client in the
## editor's history, as the addon's own commands do.
func _paint_text(c: BridgeCall) -> Variant:
	var p := c.params
	var layer: Variant = _layer(p.node_path)
	if layer is BridgeError:
		return layer
	var source: TileSetAtlasSource = layer.tile_set.get_source(p.source) if layer.tile_set.has_source(p.source) else null
	if source == null:
		return BridgeError.invalid("level.paint_text: the TileSet has no atlas source %d" % p.source, {"param": "source"})
	var tiles := {}
	for key: Variant in p.legend:
		var coords: Variant = p.legend[key]
		if str(key).length() != 1 or not coords is Array or coords.size() != 2:
			return BridgeError.invalid("level.paint_text: legend entries map one character to [x, y], got %s: %s" % [key, coords], {"param": "legend"})
		var atlas := Vector2i(int(coords[0]), int(coords[1]))
		if not source.has_tile(atlas):
			return BridgeError.invalid("level.paint_text: legend '%s': the atlas has no tile at %s" % [key, atlas], {"param": "legend"})
		tiles[str(key)] = atlas
	var origin := Vector2i(p.origin)
	var changes: Array = []  # [cell, atlas (or null to erase)]
	var rows: PackedStringArray = str(p.map).replace("\r", "").split("\n")
	var width := 0
	for y in rows.size():
		width = maxi(width, rows[y].length())
		for x in rows[y].length():
			var ch := rows[y][x]
			if ch in CLEAR:
				continue
			if ch == "-":
				changes.append([origin + Vector2i(x, y), null])
			elif tiles.has(ch):
				changes.append([origin + Vector2i(x, y), tiles[ch]])
			else:
				return BridgeError.invalid("level.paint_text: '%s' (row %d, column %d) is not in the legend (%s)" % [ch, y + 1, x + 1,
						", ".join(tiles.keys())], {"param": "map", "row": y + 1, "column": x + 1})
	var ur := c.step.action("Bridge: level.paint_text", layer)
	var painted := 0
	for change: Array in changes:
		var cell: Vector2i = change[0]
		if change[1] == null:
			ur.add_do_method(layer, "erase_cell", cell)
		else:
			ur.add_do_method(layer, "set_cell", cell, p.source, change[1])
			painted += 1
		ur.add_undo_method(layer, "set_cell", cell, layer.get_cell_source_id(cell), layer.get_cell_atlas_coords(cell),
				layer.get_cell_alternative_tile(cell))
	ur.commit_action()
	return {"node_path": str(p.node_path), "painted": painted, "erased": changes.size() - painted, "size": [width, rows.size()],
			"origin": [origin.x, origin.y], "used_cells": layer.get_used_cells().size()}


func _scatter(c: BridgeCall) -> Variant:
	var p := c.params
	var layer: Variant = _layer(p.node_path)
	if layer is BridgeError:
		return layer
	if not ResourceLoader.exists(p.scene) or not p.scene.get_extension() in ["tscn", "scn"]:
		return BridgeError.not_found("level.scatter: no scene file '%s'" % p.scene, {"param": "scene"})
	var root := EditorInterface.get_edited_scene_root()
	var parent: Node = layer.get_parent() if str(p.parent) == "" else _node(p.parent)
	if parent == null:
		return BridgeError.not_found("level.scatter: no node '%s' in the edited scene" % p.parent, {"param": "parent"})
	var surface: Array[Vector2i] = []
	for cell: Vector2i in layer.get_used_cells():
		if layer.get_cell_source_id(cell + Vector2i.UP) == -1:
			surface.append(cell)
	if surface.is_empty():
		return BridgeError.failed("level.scatter: the layer has no surface cell (a painted cell with an empty cell above); paint it first")
	surface.sort()
	var rng := RandomNumberGenerator.new()
	rng.seed = p.seed
	for i in range(surface.size() - 1, 0, -1):  # seeded Fisher-Yates: the same seed, the same cells
		var j := rng.randi_range(0, i)
		var t := surface[i]
		surface[i] = surface[j]
		surface[j] = t
	var packed: PackedScene = load(p.scene)
	var probe := packed.instantiate()  # checked before the step's action starts: a refusal leaves no open action
	var is_2d := probe is Node2D
	probe.free()
	if not is_2d:
		return BridgeError.invalid("level.scatter: %s's root is not a Node2D" % p.scene, {"param": "scene"})
	var half := Vector2(0, layer.tile_set.tile_size.y / 2.0)
	var placed: Array = []
	var ur := c.step.action("Bridge: level.scatter", root)
	for cell: Vector2i in surface.slice(0, mini(p.count, surface.size())):
		var node: Node2D = packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
		node.name = "%s%d" % [p.name, placed.size() + 1]
		var top: Vector2 = layer.to_global(layer.map_to_local(cell) - half)
		node.position = parent.to_local(top) if parent is Node2D else top
		ur.add_do_method(parent, "add_child", node, true)
		ur.add_do_property(node, "owner", root)
		ur.add_do_reference(node)
		ur.add_undo_method(parent, "remove_child", node)
		placed.append({"node": node, "cell": [cell.x, cell.y], "position": [node.position.x, node.position.y]})
	ur.commit_action()
	for entry: Dictionary in placed:
		entry["name"] = str(entry.node.name)
		entry["path"] = str(root.get_path_to(entry.node))
		entry.erase("node")
	return {"placed": placed, "count": placed.size(), "surface_cells": surface.size()}


func _layer(path: NodePath) -> Variant:
	if EditorInterface.get_edited_scene_root() == null:
		return BridgeError.invalid("level: no scene is open in the editor; open one first")
	var node := _node(path)
	if not node is TileMapLayer:
		return BridgeError.not_found("level: '%s' is not a TileMapLayer of the edited scene" % path, {"param": "node_path"})
	if node.tile_set == null:
		return BridgeError.invalid("level: %s has no TileSet; give it one (tilemap.layer_create --texture)" % path, {"param": "node_path"})
	return node


## A node of the edited scene by path from its root, or by its path in the editor (/root/Main/...).
func _node(path: NodePath) -> Node:
	var root := EditorInterface.get_edited_scene_root()
	var text := str(path)
	var absolute := "/root/%s" % root.name
	if text == absolute or text == ".":
		return root
	if text.begins_with(absolute + "/"):
		text = text.substr(absolute.length() + 1)
	return root.get_node_or_null(text)
