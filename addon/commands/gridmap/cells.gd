@tool
extends "../../core/command_group.gd"
## gridmap.*, cells: place an item (by id or name, with an orientation) on a list or box of cells, read
## cells back, and clear cells. Each edit is one undoable action over the GridMap's cell data.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")

const MAX_CELLS := 100000

## A GridMap at /root/Main/Grid with the meshlib_create example's library ("floor", "wall"), then the
## set_cells example's 4x4 floor.
const GRID := [{"method": "gridmap.create", "params": {"parent": "/root/Main", "name": "Grid"}},
		{"method": "gridmap.meshlib_create", "params": {"items": [{"name": "floor", "mesh": {"class": "BoxMesh", "size": [2, 0.2, 2]}},
				{"name": "wall", "mesh": {"class": "BoxMesh", "size": [2, 2, 0.2]}}], "node_path": "/root/Main/Grid"}}]
const FLOOR := {"method": "gridmap.set_cells", "params": {"node_path": "/root/Main/Grid", "item": "floor", "from": [0, 0, 0],
		"to": [3, 0, 3]}}


func commands() -> Array:
	return [
		{
			"method": "gridmap.set_cells",
			"idempotent": true,
			"summary": "Place one MeshLibrary item (id or name) with an orientation on a list of cells or a box of cells (corners inclusive).",
			"params": [
				node_param("node_path", "GridMap", true, null, "GridMap"),
				req("item", "any", "Item id (int) or name (string)"),
				opt("cells", "Array", "Cells [[x, y, z], …]", null, {"items": ["int"]}),
				opt("from", "Vector3", "Or: one corner of a box"),
				opt("to", "Vector3", "Opposite corner, inclusive"),
				opt("orientation", "int", "Orthogonal orientation index 0..23", 0, {"min": 0, "max": 23}),
			],
			"example": {"node_path": "/root/Main/Grid", "item": "floor", "from": [0, 0, 0], "to": [3, 0, 3]},
			"example_setup": GRID,
			"undo": "scene",
			"returns": {"path": "string", "cell_count": "int", "placed": "int", "item": "int"},
			"handler": _set_cells,
		},
		{
			"method": "gridmap.get_cells",
			"summary": "Read used cells back (item id and name, orientation), optionally of one item or inside a box, with the library's items.",
			"params": [
				node_param("node_path", "GridMap", true, null, "GridMap"),
				opt("item", "any", "Only this item (id or name)"),
				opt("from", "Vector3", "One corner of a box to read (with to)"),
				opt("to", "Vector3", "Opposite corner, inclusive"),
				opt("limit", "int", "At most this many cells", 1000, {"min": 1, "max": MAX_CELLS}),
			],
			"example": {"node_path": "/root/Main/Grid", "item": "floor"},
			"example_setup": GRID + [FLOOR],
			"read_only": true,
			"returns": {"path": "string", "count": "int", "truncated": "bool", "cells": [{"cell": "Vector3", "item": "int",
					"name": "string", "orientation": "int"}]},
			"handler": _get_cells,
		},
		{
			"method": "gridmap.clear",
			"idempotent": true,
			"summary": "Clear GridMap cells: a list, a box, or all.",
			"params": [
				node_param("node_path", "GridMap", true, null, "GridMap"),
				opt("cells", "Array", "Cells [[x, y, z], …]", null, {"items": ["int"]}),
				opt("from", "Vector3", "Or: one corner of a box (with to)"),
				opt("to", "Vector3", "Opposite corner, inclusive"),
				opt("all", "bool", "Clear every cell", false),
			],
			"example": {"node_path": "/root/Main/Grid", "cells": [[0, 0, 0]]},
			"example_setup": GRID + [FLOOR],
			"destructive": true,
			"undo": "scene",
			"returns": {"path": "string", "cell_count": "int", "cleared": "int"},
			"handler": _clear,
		},
	]


func _set_cells(bc: BridgeCall) -> Variant:
	var p := bc.params
	var grid: GridMap = p.node_path
	var item: Variant = _item(grid, p.item)
	if item is BridgeError:
		return item
	var cells: Variant = _cells(grid, p, false)
	if cells is BridgeError:
		return cells
	var orientation: int = p.orientation
	var before: Dictionary = grid.get("data")
	for c: Vector3i in cells:
		grid.set_cell_item(c, item, orientation)
	var out := _commit(bc.step, grid, before, "place %d cells" % cells.size())
	out["placed"] = cells.filter(func(c: Vector3i) -> bool: return grid.get_cell_item(c) == item).size()
	out["item"] = item
	return out


func _get_cells(bc: BridgeCall) -> Variant:
	var p := bc.params
	var grid: GridMap = p.node_path
	var cells: Array = []
	if p.has("item"):
		var item: Variant = _item(grid, p.item)
		if item is BridgeError:
			return item
		cells = grid.get_used_cells_by_item(item)
	else:
		cells = grid.get_used_cells()
	if p.has("from") or p.has("to"):
		if not (p.has("from") and p.has("to")):
			return bc.invalid("give both from and to", {"param": "to"})
		var box := _box(p.from, p.to)
		cells = cells.filter(func(c: Vector3i) -> bool: return box.has_point(Vector3(c) + Vector3(0.5, 0.5, 0.5)))
	cells.sort_custom(func(a: Vector3i, b: Vector3i) -> bool: return [a.y, a.z, a.x] < [b.y, b.z, b.x])
	var lib: MeshLibrary = grid.mesh_library
	var out: Array = []
	for c: Vector3i in cells.slice(0, p.limit):
		var id: int = grid.get_cell_item(c)
		out.append({"cell": c, "item": id, "name": lib.get_item_name(id) if lib and id in lib.get_item_list() else "",
				"orientation": grid.get_cell_item_orientation(c)})
	return {"path": BridgeSceneAccess.path_of(grid), "count": cells.size(), "truncated": cells.size() > p.limit,
			"cells": out}


func _clear(bc: BridgeCall) -> Variant:
	var p := bc.params
	var grid: GridMap = p.node_path
	var cells: Variant = _cells(grid, p, true)
	if cells is BridgeError:
		return cells
	var cleared: int = cells.filter(func(c: Vector3i) -> bool: return grid.get_cell_item(c) != GridMap.INVALID_CELL_ITEM).size()
	var before: Dictionary = grid.get("data")
	for c: Vector3i in cells:
		grid.set_cell_item(c, GridMap.INVALID_CELL_ITEM)
	var out := _commit(bc.step, grid, before, "clear %d cells" % cleared)
	out["cleared"] = cleared
	return out


## The item id for an id or a name in the GridMap's library, or a BridgeError listing the items.
func _item(grid: GridMap, v: Variant) -> Variant:
	var lib := grid.mesh_library
	if lib == null:
		return BridgeError.failed("%s has no MeshLibrary: make one with gridmap.meshlib_create" % BridgeSceneAccess.path_of(grid))
	var ids := lib.get_item_list()
	if (v is int or v is float) and not v is bool and v == floorf(v) and int(v) in ids:
		return int(v)
	if v is String:
		for id in ids:
			if lib.get_item_name(id) == v:
				return id
	var names := Array(ids).map(func(id: int) -> String: return "%d %s" % [id, lib.get_item_name(id)])
	return BridgeError.not_found("the MeshLibrary has no item %s; its items: %s" % [JSON.stringify(v), ", ".join(PackedStringArray(names))],
			{"param": "item"})


## The cells a command names (a list, a box, or all when allowed), or a BridgeError.
func _cells(grid: GridMap, p: Dictionary, allow_all: bool) -> Variant:
	var ways := int(p.has("cells")) + int(p.has("from") or p.has("to")) + int(p.get("all", false))
	if ways != 1:
		return BridgeError.invalid("give exactly one of cells, from + to%s" % (", or all: true" if allow_all else ""), {"param": "cells"})
	if p.get("all", false):
		return grid.get_used_cells()
	var out: Array = []
	if p.has("cells"):
		if p.cells.is_empty() or p.cells.size() > MAX_CELLS:
			return BridgeError.invalid("'cells' must hold 1..%d cells" % MAX_CELLS, {"param": "cells"})
		for item: Variant in p.cells:
			var v: Variant = BridgeParams.convert_value({"type": "Vector3"}, item)
			if v is BridgeError or Vector3(Vector3i(v)) != v:
				return BridgeError.invalid("'cells' entry %s is not a cell [x, y, z] of whole numbers" % JSON.stringify(item), {"param": "cells"})
			out.append(Vector3i(v))
		return out
	if not (p.has("from") and p.has("to")):
		return BridgeError.invalid("a box needs both from and to", {"param": "to"})
	var a := Vector3i(p.from)
	var b := Vector3i(p.to)
	var lo := Vector3i(mini(a.x, b.x), mini(a.y, b.y), mini(a.z, b.z))
	var hi := Vector3i(maxi(a.x, b.x), maxi(a.y, b.y), maxi(a.z, b.z))
	var size := hi - lo + Vector3i.ONE
	if size.x * size.y * size.z > MAX_CELLS:
		return BridgeError.invalid("the box holds more than %d cells" % MAX_CELLS, {"param": "to"})
	for y in range(lo.y, hi.y + 1):
		for z in range(lo.z, hi.z + 1):
			for x in range(lo.x, hi.x + 1):
				out.append(Vector3i(x, y, z))
	return out


func _box(from: Vector3, to: Vector3) -> AABB:
	var box := AABB(from, Vector3.ZERO).expand(to)
	box.size += Vector3.ONE
	return box


## Records an edit already made on the GridMap as one action (its cell data before → after).
func _commit(undo_step: RefCounted, grid: GridMap, before: Dictionary, action_name: String) -> Dictionary:
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	ur.add_do_property(grid, "data", grid.get("data"))
	ur.add_undo_property(grid, "data", before)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(grid), "cell_count": grid.get_used_cells().size()}
