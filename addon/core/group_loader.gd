@tool
extends RefCounted
## Finds every command group file and registers it with the router, so adding a group is adding a file.
##
## Where groups come from, in this order (the order of engine.commands and of the catalog):
## 1. Built-in groups: `<addon>/commands/<group>/*.gd`. The core folders come first, in CORE_ORDER, then
##    every other folder alphabetically; inside a folder, files alphabetically. Each folder's index.json
##    states the group's summary and toolset (core/group_index.gd). Every .gd file directly in
##    a group folder is a group file (extends core/command_group.gd). A group's private helpers live in
##    its own `lib/` subfolder (`commands/<group>/lib/`), which is never registered; what several groups
##    share lives in the addon's lib/ (test/unit/addon-layout.test.ts holds both rules).
## 2. Project-local groups: `res://bridge_commands/*.gd` (alphabetically), registered with source
##    "project" by core/local_commands.gd, which also reloads them live; packs install their files there.

const BridgeSettings := preload("settings.gd")
const BridgeDeclarationCache := preload("declaration_cache.gd")
const BridgeRouter := preload("router.gd")
const BridgeGroupIndex := preload("group_index.gd")
## The base every group extends, loaded by path: it names core/bridge_server.gd (the groups' `server`), which
## loads this file, so a preload here would close a cycle.
const COMMAND_GROUP := "core/command_group.gd"

## The groups a newcomer meets first, listed first (core/group_index.gd holds the list).
const CORE_ORDER: Array[String] = BridgeGroupIndex.CORE_ORDER


## Registers the built-in groups; the project's own come from core/local_commands.gd. With a cache that
## matches the addon (core/declaration_cache.gd) only their declarations are registered: each script loads
## on its command's first call or in an idle frame (router.registry.load_next_deferred()).
static func register_all(router: BridgeRouter, server: Node) -> void:
	router.registry.load_group = func(path: String) -> bool: return register_file(router, server, path, "builtin", false)
	# each group's summary comes from its folder's index.json (core/group_index.gd), cached or not
	var index := BridgeGroupIndex.read_all(BridgeSettings.addon_dir().path_join("commands"))
	for name: String in index:
		router.registry.set_group_summary(name, str(index[name].summary))
	var cached: Array = BridgeDeclarationCache.read()
	if not cached.is_empty():
		for group: Dictionary in cached:
			router.registry.register_deferred(group)
		return
	var files := builtin_files()
	for path in files:
		register_file(router, server, path, "builtin")
	# the project's cache is written from these once the editor is up (core/declaration_cache.gd)
	BridgeDeclarationCache.note_missing(server, files)


## Registers one group file. A file that does not load (a parse error) or is not a group is skipped and
## recorded in the router's load errors (engine.commands shows them), so one broken file never takes
## the other groups down with it. The engine's own message and line are in the editor's output.
static func register_file(router: BridgeRouter, server: Node, path: String, source: String,
		notify: bool = true) -> bool:
	var script := load(path) as GDScript
	if script == null or not script.can_instantiate():
		router.registry.record_load_error(path, "the script does not compile (the editor's output has the engine's error and line)")
		return false
	var instance: Object = script.new(server)
	if not is_group(instance):
		router.registry.record_load_error(path, "not a command group: it must extend the addon's core/command_group.gd")
		return false
	router.registry.register_group(instance as RefCounted, source, notify)
	return true


## True for an instance of a script extending core/command_group.gd.
static func is_group(instance: Object) -> bool:
	return instance != null and is_instance_of(instance, load(BridgeSettings.addon_dir().path_join(COMMAND_GROUP)))


## Every built-in group file, in registration order.
static func builtin_files() -> Array[String]:
	var root := BridgeSettings.addon_dir().path_join("commands")
	var folders := Array(DirAccess.get_directories_at(root))
	folders.sort()
	var ordered: Array[String] = []
	for name in CORE_ORDER:
		if name in folders:
			ordered.append(name)
	for name: String in folders:
		if not name in CORE_ORDER:
			ordered.append(name)
	var out: Array[String] = []
	for folder in ordered:
		out.append_array(_scripts_in(root.path_join(folder)))
	return out


static func _scripts_in(dir: String) -> Array[String]:
	var out: Array[String] = []
	if not DirAccess.dir_exists_absolute(dir):
		return out
	var files := Array(DirAccess.get_files_at(dir))
	files.sort()
	for file: String in files:
		# an exported or packed project lists compiled scripts as .gdc / remapped names
		if file.get_extension() == "gd":
			out.append(dir.path_join(file))
	return out
