@tool
extends RefCounted
## Keeps NodePath properties pointing at the same nodes when a node is renamed, as the editor's own
## rename does: every NodePath (and Array of NodePaths) stored on a node of the edited scene that
## resolves into the renamed node's subtree is rewritten. Animation tracks are not rewritten.

const BridgeSceneAccess := preload("../../../lib/scene_access.gd")


## [{node, property, old, new}] for every stored NodePath value that must change when `renamed` becomes
## `new_name`. Computed on paths, before the rename, so the caller can put the changes in one action.
static func rewrites_for_rename(renamed: Node, new_name: String) -> Array[Dictionary]:
	var root := BridgeSceneAccess.root_of(renamed)
	var out: Array[Dictionary] = []
	if root == null:
		return out
	var old_prefix := _parts(root.get_path_to(renamed))
	var new_prefix := old_prefix.duplicate()
	if not new_prefix.is_empty():
		new_prefix[-1] = new_name
	for holder: Node in [root] + root.find_children("*", "", true, false):
		if holder != root and holder.owner != root:
			continue  # nodes of instanced scenes keep their own paths
		for prop: Dictionary in holder.get_property_list():
			if not prop.usage & PROPERTY_USAGE_STORAGE:
				continue
			var value: Variant = holder.get(prop.name)
			var changed: Variant = null
			if value is NodePath:
				changed = _rewritten(holder, value, root, old_prefix, new_prefix)
			elif value is Array and not value.is_empty() and value.all(func(v: Variant) -> bool: return v is NodePath):
				var items: Array = value.duplicate()
				var any := false
				for i in items.size():
					var one: Variant = _rewritten(holder, items[i], root, old_prefix, new_prefix)
					if one != null:
						items[i] = one
						any = true
				changed = items if any else null
			if changed != null:
				out.append({"node": holder, "property": prop.name, "old": value, "new": changed})
	return out


## The path from `holder` to the same target after the rename, or null when it does not change.
static func _rewritten(holder: Node, path: NodePath, root: Node, old_prefix: Array, new_prefix: Array) -> Variant:
	if path.is_empty() or path.is_absolute() or path.get_name_count() == 0:
		return null
	var target := holder.get_node_or_null(NodePath(_names_of(path)))
	if target == null:
		return null
	var target_parts := _renamed(_parts(root.get_path_to(target)), old_prefix, new_prefix)
	var holder_parts := _renamed(_parts(root.get_path_to(holder)), old_prefix, new_prefix)
	var common := 0
	while common < mini(target_parts.size(), holder_parts.size()) and target_parts[common] == holder_parts[common]:
		common += 1
	var rel: Array = []
	for i in holder_parts.size() - common:
		rel.append("..")
	rel.append_array(target_parts.slice(common))
	var text := "/".join(PackedStringArray(rel)) if not rel.is_empty() else "."
	var subnames := path.get_concatenated_subnames()
	var updated := NodePath(text + (":" + subnames if subnames != "" else ""))
	return updated if updated != path else null


static func _names_of(path: NodePath) -> String:
	var names: Array = []
	for i in path.get_name_count():
		names.append(path.get_name(i))
	return "/".join(PackedStringArray(names))


static func _parts(path: NodePath) -> Array:
	var text := str(path)
	return [] if text == "." or text == "" else Array(text.split("/"))


## `parts` with the renamed prefix replaced, when it lies inside the renamed subtree.
static func _renamed(parts: Array, old_prefix: Array, new_prefix: Array) -> Array:
	if old_prefix.is_empty() or parts.size() < old_prefix.size() or parts.slice(0, old_prefix.size()) != old_prefix:
		return parts
	return new_prefix + parts.slice(old_prefix.size())
