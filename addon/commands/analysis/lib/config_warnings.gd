@tool
extends RefCounted
## A scene's configuration warnings as the editor itself computes them. Node.get_configuration_warnings() is
## not callable from scripts (only the _get_configuration_warnings() virtual a script may define and
## update_configuration_warnings() are bound): a call logs "Nonexistent function" per node, or "Attempt to call
## a method on a placeholder instance" for a node whose script is not a tool script. So the open scene's warnings
## are read where the editor shows them, its Scene dock: each node's warning button, whose tooltip lists
## exactly what the editor computed (the engine's own checks, a tool script's, the transformed-root one). A scene
## not open runs no engine check the editor shows; what can be told for it is what its @tool scripts'
## _get_configuration_warnings() say (a script not in tool mode runs nothing in the editor).

## SceneTreeEditor::BUTTON_WARNING (the same 5 from 4.3 to 4.7).
const WARNING_BUTTON := 5
## The bullet before each warning in that button's tooltip ("Node configuration warning:\n•  …").
const BULLET := "•  "


## {absolute node path: PackedStringArray of warnings} of every node of the edited scene the Scene dock shows
## with a warning, or null when the dock is not there to read.
static func of_open_scene() -> Variant:
	var editor := _scene_tree_editor()
	if editor == null:
		return null
	if editor.has_method("_update_tree"):
		editor.call("_update_tree")  # what changed since its last (deferred) refresh, now
	var trees := editor.find_children("*", "Tree", true, false)
	if trees.is_empty():
		return null
	var tree := trees[0] as Tree
	var out := {}
	var stack: Array[TreeItem] = []
	if tree.get_root() != null:
		stack.append(tree.get_root())
	while not stack.is_empty():
		var item: TreeItem = stack.pop_back()
		var button := item.get_button_by_id(0, WARNING_BUTTON)
		var path: Variant = item.get_metadata(0)
		if button >= 0 and path is NodePath:
			out[str(path)] = parse(item.get_button_tooltip_text(0, button))
		for child in item.get_children():
			stack.append(child)
	return out


## The warnings of a warning button's tooltip: the header line dropped, each bullet's text as the node gave it.
static func parse(tooltip: String) -> PackedStringArray:
	var out := PackedStringArray()
	var parts := tooltip.split(BULLET)
	for i in range(1, parts.size()):
		var text := parts[i].strip_edges().replace("\n    ", "\n")
		if text != "":
			out.append(text)
	return out


## What the node's @tool script says (its _get_configuration_warnings()); empty for a node without one. Nothing
## else runs: a script not in tool mode is a placeholder in the editor, and calling into it logs an error.
static func of_script(node: Node) -> PackedStringArray:
	var attached: Variant = node.get_script()
	if not attached is Script:
		return PackedStringArray()
	var script: Script = attached
	if not script.is_tool() or not script.can_instantiate() or not node.has_method("_get_configuration_warnings"):
		return PackedStringArray()
	var said: Variant = node.call("_get_configuration_warnings")
	if said is PackedStringArray:
		return said
	if said is Array:
		return PackedStringArray(said)
	return PackedStringArray()


## The Scene dock's node tree: the SceneTreeEditor in the same window as its SceneTreeDock (the dock's dialogs,
## e.g. Reparent, hold SceneTreeEditors of their own, each in a window of its own).
static func _scene_tree_editor() -> Control:
	for dock: Node in EditorInterface.get_base_control().find_children("*", "SceneTreeDock", true, false):
		for editor: Node in dock.find_children("*", "SceneTreeEditor", true, false):
			if editor is Control and editor.get_window() == dock.get_window():
				return editor as Control
	return null
