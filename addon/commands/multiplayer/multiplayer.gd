@tool
extends "../../core/command_group.gd"
## multiplayer.*: scaffolding for Godot's high-level multiplayer. A MultiplayerSpawner with its spawnable
## scenes, a MultiplayerSynchronizer with a replication config (which properties, spawn/sync/watch), a
## description of either, and a peer script that hosts or joins over ENet and spawns a player per peer.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")

const MODES := {"always": SceneReplicationConfig.REPLICATION_MODE_ALWAYS, "on_change": SceneReplicationConfig.REPLICATION_MODE_ON_CHANGE,
		"never": SceneReplicationConfig.REPLICATION_MODE_NEVER}
## _describe's results.
const PROPERTIES := [{"property": "string", "spawn": "bool", "mode": "string"}]
const SPAWNER := {"path": "string", "type": "string", "scenes": ["string"], "spawn_path": "string", "spawn_limit": "int"}
const SYNCHRONIZER := {"path": "string", "type": "string", "root_path": "string", "properties": PROPERTIES,
		"replication_interval": "float", "delta_interval": "float"}
## The sweeps' setup for the commands that read or change the examples' synchronizer: the add_synchronizer example.
const SYNC_SETUP := {"method": "multiplayer.add_synchronizer", "params": {"node_path": "Player", "properties": ["position"]}}
const PEER_TEMPLATE := """extends Node
## Hosts or joins a game over ENet and spawns one player per peer under %s (made by multiplayer.peer_script).

const PORT := %d
const MAX_CLIENTS := %d
const PLAYER_SCENE := %s


func host(port: int = PORT) -> Error:
	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_server(port, MAX_CLIENTS)
	if err != OK:
		return err
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(_add_player)
	multiplayer.peer_disconnected.connect(_remove_player)
	_add_player(multiplayer.get_unique_id())
	return OK


func join(address: String = "127.0.0.1", port: int = PORT) -> Error:
	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_client(address, port)
	if err == OK:
		multiplayer.multiplayer_peer = peer
	return err


func leave() -> void:
	multiplayer.multiplayer_peer = OfflineMultiplayerPeer.new()


func _add_player(id: int) -> void:
	if PLAYER_SCENE == null:
		return
	var player: Node = PLAYER_SCENE.instantiate()
	player.name = str(id)
	player.set_multiplayer_authority(id)
	get_node(%s).add_child(player, true)


func _remove_player(id: int) -> void:
	var player := get_node(%s).get_node_or_null(str(id))
	if player:
		player.queue_free()
"""


func commands() -> Array:
	return [
		{
			"method": "multiplayer.add_spawner",
			"summary": "Add a MultiplayerSpawner that replicates instances of the listed scenes added under spawn_path (one undo step).",
			"params": [
				req("scenes", "Array", "Scene files it may spawn, e.g. [\"res://scenes/player.tscn\"]", {"items": "string"}),
				node_param("parent", "Where the spawner goes (default: the root)", false, ""),
				# no "" default: the router would read it as the root, and omitted means the spawner's parent
				node_param("spawn_path", "Node whose new children are replicated (default: the spawner's parent)", false),
				opt("spawn_limit", "int", "At most this many spawned at once (0: no limit)", 0, {"min": 0}),
				new_name_param("name", "Node name", "MultiplayerSpawner"),
			],
			"example": {"scenes": ["res://scenes/ui.tscn"], "parent": "/root/Main"},
			"returns": SPAWNER,
			"undo": "scene",
			"handler": _add_spawner,
		},
		{
			"method": "multiplayer.add_synchronizer",
			"summary": "Add a MultiplayerSynchronizer under a node replicating its listed properties (spawn, sync mode), with intervals (one undo step).",
			"params": [
				node_param("node_path", "Node whose properties are replicated (the synchronizer's root)"),
				req("properties", "Array", "Property names (\"position\", \"Body:color\" for a child) or {property, spawn, mode: always|on_change|never}", {"items": "any"}),
				opt("replication_interval", "float", "Seconds between syncs (0: every network frame)", 0.0, {"min": 0.0}),
				opt("delta_interval", "float", "Seconds between on_change deltas (0: every frame)", 0.0, {"min": 0.0}),
				new_name_param("name", "Node name", "MultiplayerSynchronizer", "node_path"),
			],
			"example": {"node_path": "Player", "properties": ["position", {"property": "health", "mode": "on_change"}]},
			"returns": SYNCHRONIZER,
			"undo": "scene",
			"handler": _add_synchronizer,
		},
		{
			"method": "multiplayer.info",
			"summary": "Describe a MultiplayerSpawner (scenes, spawn path, limit) or a MultiplayerSynchronizer (root, intervals, each property's spawn/mode).",
			"params": [node_param("node_path", "The spawner or synchronizer", true, null, ["MultiplayerSpawner", "MultiplayerSynchronizer"])],
			"example": {"node_path": "Player/MultiplayerSynchronizer"},
			"example_setup": [SYNC_SETUP],
			# a spawner's fields or a synchronizer's
			"returns": {"path": "string", "type": "string", "scenes?": ["string"], "spawn_path?": "string", "spawn_limit?": "int",
					"root_path?": "string", "properties?": PROPERTIES, "replication_interval?": "float", "delta_interval?": "float"},
			"read_only": true,
			"handler": _info,
		},
		{
			"method": "multiplayer.peer_script",
			"summary": "Write a network manager script (host/join/leave over ENet, one player spawned per peer) and check it compiles.",
			"params": [
				req("path", "string", "Script file to write, e.g. res://network/peer.gd", {"writes_path": true}),
				opt("player_scene", "string", "Scene spawned for each peer (none: spawn nothing)", ""),
				opt("players_path", "NodePath", "Where players go, relative to the node running the script", "."),
				opt("port", "int", "Default port", 7000, {"min": 1, "max": 65535}),
				opt("max_clients", "int", "Most clients a host accepts", 8, {"min": 1, "max": 4095}),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://network/peer.gd", "player_scene": "res://scenes/main.tscn"},
			"returns": {"path": "string", "methods": ["string"], "port": "int", "player_scene": "string", "lines": "int"},
			"undo": "none",
			"handler": _peer_script,
		},
	]


func _add_spawner(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	if p.scenes.is_empty():
		return c.invalid("scenes is empty; list the scene files it may spawn", {"param": "scenes"})
	for s: Variant in p.scenes:
		if not str(s).begins_with("res://") or not str(s).get_extension() in ["tscn", "scn"] or not ResourceLoader.exists(str(s)):
			return c.not_found("no scene file at '%s'" % s, {"param": "scenes"})
	var target: Node = p.get("spawn_path", parent)
	var spawner := MultiplayerSpawner.new()
	if p.name != "":
		spawner.name = p.name
	for s: Variant in p.scenes:
		spawner.add_spawnable_scene(str(s))
	spawner.spawn_limit = p.spawn_limit
	# the spawner is the parent's child: paths from it start at its parent
	spawner.spawn_path = NodePath("..") if target == parent else NodePath("../" + str(parent.get_path_to(target)))
	BridgeSceneEdit.add(c.step, "add MultiplayerSpawner", parent, spawner)
	return _describe(spawner)


func _add_synchronizer(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	if p.properties.is_empty():
		return c.invalid("properties is empty", {"param": "properties"})
	var config := SceneReplicationConfig.new()
	for entry: Variant in p.properties:
		var spec: Dictionary = entry if entry is Dictionary else {"property": str(entry)}
		var prop := str(spec.get("property", ""))
		var owner_path := prop.get_slice(":", 0) if prop.contains(":") else "."
		var name := prop.get_slice(":", 1) if prop.contains(":") else prop
		var holder: Node = node.get_node_or_null(NodePath(owner_path))
		if holder == null:
			return c.not_found("%s has no node '%s' (in '%s')" % [BridgeSceneAccess.path_of(node), owner_path, prop], {"param": "properties"})
		var info: Variant = BridgeSceneAccess.property_info(holder, name)
		if info is BridgeError and _script_declares(holder, name):
			info = null  # a plain script variable: not in the editor's property list, replicated all the same
		if info is BridgeError:
			return c.not_found("%s" % info.message, {"param": "properties"})
		var mode := str(spec.get("mode", "always"))
		if not MODES.has(mode):
			return c.invalid("mode must be always, on_change or never, got '%s'" % mode, {"param": "properties"})
		var path := NodePath("%s:%s" % [owner_path, name])
		if config.has_property(path):
			return c.invalid("'%s' is listed twice" % prop, {"param": "properties"})
		config.add_property(path)
		config.property_set_spawn(path, bool(spec.get("spawn", true)))
		config.property_set_replication_mode(path, MODES[mode])
	var sync := MultiplayerSynchronizer.new()
	if p.name != "":
		sync.name = p.name
	sync.root_path = NodePath("..")
	sync.replication_config = config
	sync.replication_interval = p.replication_interval
	sync.delta_interval = p.delta_interval
	BridgeSceneEdit.add(c.step, "add MultiplayerSynchronizer", node, sync)
	return _describe(sync)


func _info(c: BridgeCall) -> Variant:
	var p := c.params
	return _describe(p.node_path)


func _peer_script(c: BridgeCall) -> Variant:
	var p := c.params
	if p.path.get_extension() != "gd":
		return c.invalid("path must end in .gd", {"param": "path"})
	if FileAccess.file_exists(p.path) and not p.overwrite:
		return c.failed("%s exists; pass overwrite: true to replace it" % p.path, {"param": "path"})
	if p.player_scene != "" and (not p.player_scene.get_extension() in ["tscn", "scn"] or not ResourceLoader.exists(p.player_scene)):
		return c.not_found("no scene file at '%s'" % p.player_scene, {"param": "player_scene"})
	var scene_expr := 'preload("%s")' % p.player_scene if p.player_scene != "" else "null"
	var code := PEER_TEMPLATE % [p.players_path, p.port, p.max_clients, scene_expr, JSON.stringify(p.players_path), JSON.stringify(p.players_path)]
	var check := GDScript.new()
	check.source_code = code
	if check.reload() != OK:
		return c.failed("the generated script does not compile (a bug); nothing was written")
	var err := BridgeFileOps.write_text(p.path, code)  # a copy open in the editor takes the new text too
	if err != OK:
		return c.failed("cannot write %s: %s" % [p.path, error_string(err)])
	EditorInterface.get_resource_filesystem().update_file(p.path)
	var script := load(p.path) as Script
	var methods: Array = script.get_script_method_list().map(func(m: Dictionary) -> String: return m.name) if script else []
	return {"path": p.path, "methods": methods.filter(func(m: String) -> bool: return not m.begins_with("_")), "port": p.port,
			"player_scene": p.player_scene, "lines": code.split("\n").size()}


static func _script_declares(node: Node, property: String) -> bool:
	var script: Script = node.get_script()
	return script != null and script.get_script_property_list().any(func(d: Dictionary) -> bool: return d.name == property)


static func _describe(node: Node) -> Dictionary:
	if node is MultiplayerSpawner:
		var scenes: Array = []
		for i: int in node.get_spawnable_scene_count():
			scenes.append(node.get_spawnable_scene(i))
		return {"path": BridgeSceneAccess.path_of(node), "type": "MultiplayerSpawner", "scenes": scenes, "spawn_path": str(node.spawn_path),
				"spawn_limit": node.spawn_limit}
	var props: Array = []
	var config: SceneReplicationConfig = node.replication_config
	if config:
		for path: NodePath in config.get_properties():
			var mode: int = config.property_get_replication_mode(path)
			props.append({"property": str(path), "spawn": config.property_get_spawn(path), "mode": MODES.find_key(mode)})
	return {"path": BridgeSceneAccess.path_of(node), "type": "MultiplayerSynchronizer", "root_path": str(node.root_path), "properties": props,
			"replication_interval": node.replication_interval, "delta_interval": node.delta_interval}
