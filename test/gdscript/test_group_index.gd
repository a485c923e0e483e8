extends "unit.gd"
## core/group_index.gd game_handlers(): the game's route table from the groups' index files (game/inspector.gd).

const GroupIndex := preload("res://addons/bridge/core/group_index.gd")


func _write(dir: String, group: String, data: Dictionary) -> void:
	DirAccess.make_dir_recursive_absolute(dir.path_join(group))
	var f := FileAccess.open(dir.path_join(group).path_join("index.json"), FileAccess.WRITE)
	f.store_string(JSON.stringify(data))
	f.close()


func test_routes_the_addons_game_methods_to_their_scripts() -> void:
	var routes := GroupIndex.game_handlers("res://addons/bridge/commands")
	eq(routes.get("runtime.get"), {"script": "nodes.gd", "group": "runtime"}, "runtime.get")
	eq(routes.get("input.click_node"), {"script": "input.gd", "group": "input"}, "input.click_node")
	ok(not routes.has("node.add"), "an editor-only command has no game route")


func test_keeps_the_first_claim_and_skips_what_names_no_script() -> void:
	var dir := "user://group_index_test_%d" % Time.get_ticks_usec()
	_write(dir, "alpha", {"summary": "a", "toolset": "a", "game": {"alpha.x": "one.gd", "alpha.bad": 3, "alpha.txt": "x.txt"}})
	_write(dir, "beta", {"summary": "b", "toolset": "b", "game": {"alpha.x": "two.gd", "beta.y": "two.gd"}})
	_write(dir, "gamma", {"summary": "none of its own", "toolset": "g"})
	var routes := GroupIndex.game_handlers(dir)
	eq(routes.get("alpha.x"), {"script": "one.gd", "group": "alpha"}, "a method two groups claim keeps the first")
	eq(routes.get("beta.y"), {"script": "two.gd", "group": "beta"}, "beta's own method")
	ok(not routes.has("alpha.bad") and not routes.has("alpha.txt"), "a value that names no .gd script is left out")
	eq(routes.size(), 2, "only the valid routes: %s" % routes)
	for group: String in ["alpha", "beta", "gamma"]:
		DirAccess.remove_absolute(dir.path_join(group).path_join("index.json"))
		DirAccess.remove_absolute(dir.path_join(group))
	DirAccess.remove_absolute(dir)
