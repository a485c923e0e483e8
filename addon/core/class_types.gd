@tool
extends RefCounted
## The one resolver of a class name a command is given (core/value_kinds.gd kind "class"): an engine class or
## a project's class_name script, @tool or not. Scripts are made as the editor's own Create dialogs make them:
## the native base instantiated, the script attached. Script.can_instantiate() is false in the editor for any
## script that is not @tool, so asking it refused every plain class_name resource and node.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")


## {name, native, script (null for an engine class), path} when `type` is `base` or inherits it (and, when
## `creatable`, can be made); else a BridgeError naming the parameter `param` with a did-you-mean.
static func find(type: String, base: String, creatable: bool, param: String) -> Variant:
	if ClassDB.class_exists(type):
		if not _inherits(type, base):
			return BridgeError.invalid("'%s' is not %s class" % [type, _a(base)], {"param": param, "type": type, "base": base})
		if creatable and not ClassDB.can_instantiate(type):
			return BridgeError.invalid("'%s' cannot be created (it is abstract); name one of its subclasses" % type,
					{"param": param, "type": type})
		return {"name": type, "native": type, "script": null, "path": ""}
	var entry := global_class(type)
	if not entry.is_empty():
		var script: Script = load(entry.path)
		if script == null:
			return BridgeError.failed("the class_name %s (%s) does not load; editor.errors says why" % [type, entry.path],
					{"param": param, "type": type, "path": entry.path})
		var native := str(script.get_instance_base_type())
		if not _inherits(native, base):
			return BridgeError.invalid("'%s' (%s) extends %s, not %s" % [type, entry.path, native, base],
					{"param": param, "type": type, "base": base})
		if creatable and (entry.get("is_abstract", false) or not ClassDB.can_instantiate(native)):
			return BridgeError.invalid("'%s' (%s) cannot be created (it is abstract)" % [type, entry.path],
					{"param": param, "type": type})
		return {"name": type, "native": native, "script": script, "path": entry.path}
	var guess := BridgeParams.did_you_mean(type, names(base))
	return BridgeError.invalid("unknown %s type '%s': neither an engine class nor a project class_name%s" % [base, type,
			" (did you mean '%s'?)" % guess if guess else ""], {"param": param, "type": type, "suggestion": guess})


## A new object of a class `find` accepted as creatable: the native base with the script attached.
static func instantiate(found: Dictionary) -> Object:
	var obj: Object = ClassDB.instantiate(found.native)
	if found.script != null:
		obj.set_script(found.script)
	return obj


## A new object of `type` (which must be `base` or inherit it), or a BridgeError: find + instantiate.
static func make(type: String, base: String, param: String = "type") -> Variant:
	var found: Variant = find(type, base, true, param)
	return instantiate(found) if found is Dictionary else found


## Whether `obj` is of `type`: an engine class (subclasses too) or a class_name its script is or extends.
static func is_of(obj: Object, type: String) -> bool:
	if obj == null:
		return false
	if ClassDB.class_exists(type):
		return obj.is_class(type)
	var script: Variant = obj.get_script()
	while script is Script:
		if str(script.get_global_name()) == type:
			return true
		script = script.get_base_script()
	return false


## The project's class_name entry for `type` ({class, base, path, ...}), or {}.
static func global_class(type: String) -> Dictionary:
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if str(entry["class"]) == type:
			return entry
	return {}


## Every class name `base` accepts: engine classes and the project's class_names (for did-you-mean).
static func names(base: String) -> Array:
	var out: Array = Array(ClassDB.get_inheriters_from_class(base))
	out.append(base)
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		out.append(str(entry["class"]))
	out.sort()  # a did-you-mean tie goes to the first by name (CharacterBody2D before 3D), whatever ClassDB's order
	return out


static func _inherits(cls: String, base: String) -> bool:
	return cls == base or ClassDB.is_parent_class(cls, base)


static func _a(word: String) -> String:
	return ("an " if word.substr(0, 1).to_upper() in ["A", "E", "I", "O", "U"] else "a ") + word
