@tool
extends RefCounted
## Resource files for the resource.* commands: load one with a clear refusal, list its editable
## properties as JSON, and coerce a batch of JSON values against its declared property types.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")
const BridgeFileOps := preload("../../../lib/file_ops.gd")
const BridgePropertyPath := preload("../../../lib/property_path.gd")

## Extensions a resource can be saved to with ResourceSaver (text and binary).
const SAVE_EXTENSIONS := ["tres", "res"]


## The resource at a res:// path (the editor's cached instance when it is loaded), or a BridgeError.
static func load_at(path: String) -> Variant:
	if not path.begins_with("res://") and not path.begins_with("uid://"):
		return BridgeError.invalid("path must be a res:// or uid:// path, got '%s'" % path, {"param": "path"})
	if not ResourceLoader.exists(path):
		return BridgeFileOps.missing(path)
	var res: Resource = load(path)
	if res == null:
		return BridgeError.failed("%s does not load (editor.errors says why)" % path, {"path": path})
	return res


## {name: coerced value} for every JSON property, or the first BridgeError (unknown name, wrong type, read-only).
## Each value is tried and read back (PropertyPath.verified): one the engine does not keep is refused.
static func coerce_all(res: Resource, properties: Dictionary, method: String) -> Variant:
	var out: Variant = BridgePropertyPath.verified(res, properties, method,
			{"resource_path": "the path parameter", "script": "a script resource type"})
	if out is BridgeError:
		out.message = out.message.replace("; node.properties lists them", "; resource.inspect lists them")
	return out


## The editor-visible properties of a resource: [{name, type, value}], optionally filtered by name.
static func properties_json(res: Resource, filter: String = "") -> Array:
	var out: Array = []
	for info: Dictionary in res.get_property_list():
		if not info.usage & PROPERTY_USAGE_EDITOR or info.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			continue
		if filter != "" and not filter.to_lower() in str(info.name).to_lower():
			continue
		out.append({"name": info.name, "type": BridgeSceneAccess.type_name(info), "value": res.get(info.name)})
	return out


## Null when `path` is a place a resource can be saved (.tres/.res, and the class's own extensions), else why not.
static func bad_save_path(res: Resource, path: String) -> Variant:
	var ext := path.get_extension().to_lower()
	var allowed := Array(ResourceSaver.get_recognized_extensions(res))
	if not ext in allowed:
		return "a %s can be saved as %s, not .%s" % [res.get_class(), ", ".join(PackedStringArray(allowed.map(func(e: String) -> String: return "." + e))), ext]
	return null


## The keys whose value on `back` (the resource read back from disk) is not what was set: a setter changed
## it, or the engine does not save it in this state (ShaderMaterial.next_pass without a shader, say).
static func adjusted(values: Dictionary, back: Resource) -> Array:
	var out: Array = []
	for key: String in values:
		var now: Variant = back.get(key) if back else null
		var want: Variant = values[key]
		if typeof(now) != typeof(want) or (now == null) != (want == null):
			out.append(key)
		elif want is Resource:
			if not now is Resource or now.resource_path != want.resource_path or (want.resource_path == "" and now.get_class() != want.get_class()):
				out.append(key)
		elif not want is Object and now != want:
			out.append(key)
	return out
