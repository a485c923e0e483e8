@tool
extends RefCounted
## Nodes of an open scene by path (the edited one unless a call names another: core/open_scenes.gd), and
## property-list entries by name: the lookups value coercion needs
## too, kept below scene_access.gd so that value_coercion.gd can use them without a preload cycle.
## Commands use them through scene_access.gd.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")
const BridgeOpenScenes := preload("open_scenes.gd")


## The edited scene's root, or null when no scene is open.
static func root() -> Node:
	return EditorInterface.get_edited_scene_root()


static func no_scene() -> RefCounted:
	return BridgeOpenScenes.no_scene()


## The root of the open scene `node` is in (core/open_scenes.gd), or null for a node in none (one being made).
static func root_of(node: Node) -> Node:
	return BridgeOpenScenes.root_of(node)


## The node at `path` in the scene of `in_root` (null: the edited scene), or a BridgeError (NO_SCENE, or
## NOT_FOUND with a did-you-mean). Accepts "/root/Main/Player", "Main/Player", "Player" (relative to the
## root), and "", "." or "/root/Main" for the root itself.
static func resolve(path: String, in_root: Node = null) -> Variant:
	var r := in_root if in_root != null else root()
	if r == null:
		return no_scene()
	var p := path.strip_edges().trim_suffix("/")
	var top := "/root/" + r.name
	if p in ["", ".", top]:
		return r
	var rel := p
	if p.begins_with("/"):
		if not p.begins_with(top + "/"):
			return BridgeError.not_found("no node at '%s': absolute paths in this scene start with %s" % [path, top],
					{"path": path})
		rel = p.substr(top.length() + 1)
	var node := _descendant(r, rel)
	if node == null and not p.begins_with("/") and rel.get_slice("/", 0) == r.name:
		rel = rel.substr(r.name.length() + 1)
		node = r if rel == "" else _descendant(r, rel)
	if node == null:
		return _missing(r, path, rel)
	return node


## The "/root/Main/Player" form of a node of an open scene (its own scene's root in front).
## A node that is not in a scene yet (being made) is named by its own name.
static func path_of(node: Node) -> String:
	var r := root_of(node)
	if r == null:
		return "/root/" + node.name if root() == null else "new %s '%s'" % [node.get_class(), node.name]
	if node == r:
		return "/root/" + r.name
	return "/root/%s/%s" % [r.name, r.get_path_to(node)]


## The property-list entry of `property` on `obj`, or a NOT_FOUND BridgeError with a did-you-mean.
static func property_info(obj: Object, property: String) -> Variant:
	var names: Array = []
	for info: Dictionary in obj.get_property_list():
		if info.name == property and not info.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			return info
		if info.usage & PROPERTY_USAGE_EDITOR:
			names.append(info.name)
	var guess := BridgeParams.did_you_mean(property, names)
	var what: String = path_of(obj) if obj is Node else obj.get_class()
	return BridgeError.not_found("%s (%s) has no property '%s'%s; node.properties lists them" % [what, obj.get_class(),
			property, " (did you mean '%s'?)" % guess if guess != "" else ""], {"property": property, "suggestion": guess})


static func _descendant(r: Node, rel: String) -> Node:
	if rel.begins_with("/") or ".." in rel.split("/"):
		return null  # never leave the edited scene
	return r.get_node_or_null(NodePath(rel))


## NOT_FOUND naming the path, with a did-you-mean among the children of its deepest existing ancestor.
static func _missing(r: Node, path: String, rel: String) -> RefCounted:
	var parent := r
	var parts := rel.split("/", false)
	var i := 0
	while i < parts.size() - 1 and parent.get_node_or_null(NodePath(parts[i])) != null and parts[i] != "..":
		parent = parent.get_node(NodePath(parts[i]))
		i += 1
	var names: Array = parent.get_children().map(func(c: Node) -> String: return str(c.name))
	var guess := BridgeParams.did_you_mean(parts[i] if i < parts.size() else rel, names)
	var msg := "no node at '%s' in the open scene %s" % [path, "/root/" + r.name]
	var data := {"path": path}
	if guess != "":
		var suggestion := path_of(parent) + "/" + guess
		msg += " (did you mean '%s'?)" % suggestion
		data["suggestion"] = suggestion
	elif not names.is_empty():
		msg += "; %s has children: %s" % [path_of(parent), ", ".join(PackedStringArray(names))]
	return BridgeError.not_found(msg, data)
