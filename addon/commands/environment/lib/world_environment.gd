@tool
extends RefCounted
## The edited scene's WorldEnvironment and its Environment resource, for the environment.* commands:
## find it, and change several of its settings in one undoable step, reading them back.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")


## The WorldEnvironment a command names: `node` itself (the router has resolved node_path), or the scene's
## first one when `node` is the scene root (node_path's default "") and not one itself; or a BridgeError.
static func find(node: Node) -> Variant:
	if node is WorldEnvironment:
		return node
	var root := BridgeSceneAccess.root()
	if node != root:
		return BridgeError.invalid("%s is a %s, not a WorldEnvironment" % [BridgeSceneAccess.path_of(node),
				node.get_class()],
				{"param": "node_path"})
	var found: Array = root.find_children("*", "WorldEnvironment", true, false)
	if found.is_empty():
		return BridgeError.not_found("the scene has no WorldEnvironment; add one with environment.create")
	return found[0]


## The Environment of a WorldEnvironment, or a BridgeError when it has none.
static func environment_of(world: WorldEnvironment) -> Variant:
	if world.environment == null:
		return BridgeError.failed("%s has no Environment resource; environment.create makes one" % BridgeSceneAccess.path_of(world))
	return world.environment


## Sets `values` (property → value) on the environment in one undoable action; returns what it holds after.
static func apply(undo_step: RefCounted, action_name: String, env: Environment, values: Dictionary) -> Dictionary:
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	for key: String in values:
		ur.add_do_property(env, key, values[key])
	for key: String in values:
		ur.add_undo_property(env, key, env.get(key))
	ur.commit_action()
	var out := {}
	for key: String in values:
		out[key] = env.get(key)
	return out
