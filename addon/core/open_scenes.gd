@tool
extends RefCounted
## The scenes open in the editor's tabs, and which undo history each one's edits go into: what lets a call
## work on an open scene that is not the edited one (a command declaring `any_scene`, core/registry.gd), so two
## clients on two scenes never wait for each other (core/scheduler.gd: a turn per history).
##
## The editor keeps every open scene's root, the edited one in the tree and the others out of it, each with its
## own undo history. EditorUndoRedoManager picks a history from an object: a node of the edited scene gives that
## scene's, any other node the global one. A built-in resource gives the history of the scene its path names
## ("res://level.tscn::…"), so an action of another open scene names a throwaway one as its context and fixes
## the history (force_fixed_history, 4.3): then every node of that scene joins that scene's history.
## Before 4.5 only the edited scene's root is reachable (EditorInterface.get_open_scene_roots is 4.5).

const BridgeCompat := preload("compat.gd")
const BridgeError := preload("bridge_error.gd")
## The sub-resource id of the context resource (never saved: it lives for one create_action).
const CONTEXT_ID := "bridge_history_context"


## The root of the open scene saved at `path` ("" or the edited scene's path: the edited root), or a BridgeError
## naming the open scenes (NO_SCENE with none open, NOT_FOUND for a scene that is not open).
static func root_for(path: String) -> Variant:
	var edited := EditorInterface.get_edited_scene_root()
	if path == "" or (edited != null and edited.scene_file_path == path):
		return edited if edited != null else no_scene()
	for root: Node in BridgeCompat.open_scene_roots():
		if root.scene_file_path == path:
			return root
	var open := Array(EditorInterface.get_open_scenes())
	if path in open:  # open, but its root is out of reach before 4.5
		return BridgeError.new(BridgeError.UNAVAILABLE, ("scene %s is open but not the edited one: working on it "
				+ "beside the edited scene needs Godot 4.5 or newer (this editor runs %s); make it the edited one with "
				+ "scene.open") % [path, BridgeCompat.version().string], {"param": "scene", "scene": path})
	return BridgeError.not_found("scene %s is not open in the editor (open: %s); open it with scene.open" % [path,
			", ".join(PackedStringArray(open)) if not open.is_empty() else "none"], {"param": "scene", "scene": path})


## The refusal of a call that needs a scene when none is open (core/scene_nodes.gd hands it on); a BridgeError
## typed by its engine class, since the game loads this file too (addon/game/inspector.gd).
static func no_scene() -> RefCounted:
	return BridgeError.new(BridgeError.NO_SCENE,
			"no scene is open in the editor; open one with scene.open or make one with scene.create")


## The root of the open scene `node` belongs to (the edited one, or another open scene's), or null for a node in
## none of them (one being made).
static func root_of(node: Node) -> Node:
	var edited := EditorInterface.get_edited_scene_root()
	var top := node
	while top != null:
		if top == edited:
			return top
		var parent := top.get_parent()
		if parent == null:
			break
		top = parent
	if top != null and not top.is_inside_tree() and top in BridgeCompat.open_scene_roots():
		return top
	return null


static func is_edited(root: Node) -> bool:
	return root != null and root == EditorInterface.get_edited_scene_root()


## What create_action takes as its context for an action on `object`: the object itself, or for the root of an
## open scene that is not the edited one a built-in resource of that scene (whose history the manager finds by
## path). `fixes` says whether the caller must call force_fixed_history() after create_action.
static func history_context(object: Object) -> Dictionary:
	var node := object as Node
	if node == null or is_edited(node) or node.scene_file_path == "" or node.is_inside_tree():
		return {"context": object, "fixes": false}
	var context := Resource.new()
	BridgeCompat.path_without_cache(context, "%s::%s" % [node.scene_file_path, CONTEXT_ID])
	return {"context": context, "fixes": true}


## The undo history id of an open scene's edits (the manager's id); -1 for none.
static func history_id(root: Node) -> int:
	if root == null:
		return -1
	var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
	var ctx: Dictionary = history_context(root)
	return ur.get_object_history_id(ctx.context)
