@tool
extends "../../core/command_group.gd"
## multiplayer.sync_property: the Replication panel's job on an existing MultiplayerSynchronizer: add a
## property, change its spawn flag or mode, or stop replicating it. One undo step (the whole config is
## swapped, so undo restores it exactly).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeMultiplayerGroup := preload("multiplayer.gd")


func commands() -> Array:
	return [
		{
			"method": "multiplayer.sync_property",
			"summary": "Add, change or remove one replicated property of an existing MultiplayerSynchronizer (spawn flag; mode always/on_change/never, or remove), one undo step.",
			"params": [
				node_param("node_path", "The MultiplayerSynchronizer", true, null, "MultiplayerSynchronizer"),
				req("property", "string", "Property of the synchronizer's root (\"position\") or of a node under it (\"Body:color\")"),
				choice("mode", ["always", "on_change", "never", "remove"], "Replication mode, or remove to stop replicating it", "always"),
				opt("spawn", "bool", "Sent when the node spawns on a peer", true),
			],
			"example": {"node_path": "Player/MultiplayerSynchronizer", "property": "velocity", "mode": "on_change"},
			"example_setup": [BridgeMultiplayerGroup.SYNC_SETUP],
			"returns": BridgeMultiplayerGroup.SYNCHRONIZER.merged({"changed": "string", "removed": "bool"}),
			"undo": "scene",
			"handler": _sync_property,
		},
	]


func _sync_property(c: BridgeCall) -> Variant:
	var p := c.params
	var sync: MultiplayerSynchronizer = p.node_path
	var root: Node = sync.get_node_or_null(sync.root_path)
	if root == null:
		return c.failed("%s's root_path '%s' points at no node" % [BridgeSceneAccess.path_of(sync), sync.root_path])
	var prop: String = p.property
	var owner_path := prop.get_slice(":", 0) if prop.contains(":") else "."
	var name := prop.get_slice(":", 1) if prop.contains(":") else prop
	var path := NodePath("%s:%s" % [owner_path, name])
	var old: SceneReplicationConfig = sync.replication_config
	var config: SceneReplicationConfig = old.duplicate(true) if old else SceneReplicationConfig.new()
	if p.mode == "remove":
		if not config.has_property(path):
			return c.not_found("%s does not replicate '%s'; multiplayer.info lists what it does" % [BridgeSceneAccess.path_of(sync), path],
					{"param": "property"})
		config.remove_property(path)
	else:
		var holder: Node = root.get_node_or_null(NodePath(owner_path))
		if holder == null:
			return c.not_found("%s has no node '%s'" % [BridgeSceneAccess.path_of(root), owner_path],
					{"param": "property"})
		var info: Variant = BridgeSceneAccess.property_info(holder, name)
		if info is BridgeError and BridgeMultiplayerGroup._script_declares(holder, name):
			info = null
		if info is BridgeError:
			return c.not_found("%s" % info.message, {"param": "property"})
		if not config.has_property(path):
			config.add_property(path)
		config.property_set_spawn(path, p.spawn)
		config.property_set_replication_mode(path, BridgeMultiplayerGroup.MODES[p.mode])
	var ur := BridgeSceneAccess.action(c.step, "sync property %s" % path)
	ur.add_do_property(sync, "replication_config", config)
	ur.add_undo_property(sync, "replication_config", old)
	ur.commit_action()
	var out := BridgeMultiplayerGroup._describe(sync)
	out.changed = str(path)
	out.removed = p.mode == "remove"
	return out
