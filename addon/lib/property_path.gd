@tool
extends RefCounted
## Property paths the way Godot spells them ("position", "position:x", "shape:size",
## "material:albedo_color") and writes proven by reading back: a value the engine clamps, rejects or
## ignores is refused with what the property accepts, and the object is left as it was.
## `const BridgePropertyPath := preload("../../lib/property_path.gd")`.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeJsonValue := preload("../core/json_value.gd")
const BridgeSceneAccess := preload("scene_access.gd")
const BridgeCoerce := preload("../core/value_coercion.gd")
const BridgeSavedDefaults := preload("saved_defaults.gd")

## The members a "position:x"-style path may index, by value type.
const MEMBERS := {
	TYPE_VECTOR2: ["x", "y"], TYPE_VECTOR2I: ["x", "y"], TYPE_VECTOR3: ["x", "y", "z"],
	TYPE_VECTOR3I: ["x", "y", "z"], TYPE_VECTOR4: ["x", "y", "z", "w"], TYPE_VECTOR4I: ["x", "y", "z", "w"],
	TYPE_QUATERNION: ["x", "y", "z", "w"], TYPE_COLOR: ["r", "g", "b", "a", "h", "s", "v"],
	TYPE_RECT2: ["position", "size", "end"], TYPE_RECT2I: ["position", "size", "end"],
	TYPE_AABB: ["position", "size", "end"], TYPE_TRANSFORM2D: ["x", "y", "origin"],
	TYPE_TRANSFORM3D: ["basis", "origin"], TYPE_BASIS: ["x", "y", "z"], TYPE_PLANE: ["normal", "d"],
}


## Where `path` lands on `node`: {object, property, keys, info, path}. `object.property` is what a write
## sets (the shape's own `size` for "shape:size"); `keys` index into its value ("x" of "position:x");
## `info` is the property-list entry of the addressed value. Or a BridgeError saying which part is wrong.
static func resolve(node: Object, path: String) -> Variant:
	var parts := path.split(":")
	var obj: Object = node
	var i := 0
	while i < parts.size() - 1:  # through object-valued properties: "shape:size" is the shape's size
		var step_info: Variant = BridgeSceneAccess.property_info(obj, parts[i])
		if step_info is BridgeError:
			return step_info
		var held: Variant = obj.get(parts[i])
		if step_info.type != TYPE_OBJECT and not held is Object:
			break
		if held == null:
			return BridgeError.failed("%s is empty: give it a %s first (e.g. {\"class\": \"%s\"}) to set %s" % [
					":".join(parts.slice(0,
							i + 1)), BridgeCoerce.type_name(step_info), BridgeCoerce.type_name(step_info), path],
					{"property": path})
		obj = held
		i += 1
	var info: Variant = BridgeSceneAccess.property_info(obj, parts[i])
	if info is BridgeError:
		if obj != node:
			info.message = "%s: %s" % [":".join(parts.slice(0, i)), info.message]
		return info
	var keys: Array = Array(parts.slice(i + 1))
	var value: Variant = obj.get(parts[i])
	for k: int in keys.size():
		var members: Array = MEMBERS.get(typeof(value), [])
		if not keys[k] in members:
			return BridgeError.not_found("%s is a %s: it has no '%s'%s" % [":".join(parts.slice(0, i + k + 1)),
					type_string(typeof(value)), keys[k], "" if members.is_empty() else " (it has %s)" % ", ".join(members)],
					{"property": path})
		value = value[keys[k]]
	var leaf: Dictionary = info if keys.is_empty() else {"name": path, "type": typeof(value)}
	return {"object": obj, "property": parts[i], "keys": keys, "info": leaf, "base_info": info, "path": path}


## The value `target` addresses now.
static func read(target: Dictionary) -> Variant:
	var value: Variant = target.object.get(target.property)
	for k: String in target.keys:
		value = value[k]
	return value


## The whole value to give `object.property` so that the addressed part becomes `value`.
static func whole(target: Dictionary, value: Variant) -> Variant:
	return _with(target.object.get(target.property), target.keys, value)


## Checks and tries writes of `props` (path → JSON value) on `node`, in order, and reads every one back:
## {targets, values, previous, changes: [[object, property, new, old]]} to commit as one action (changes
## is empty when every value was already held), or the first BridgeError. The
## objects are restored either way. `own` names properties other commands own (property → command).
static func plan(node: Object, props: Dictionary, method: String, own: Dictionary = {}) -> Variant:
	var targets: Array = []
	var values: Array = []
	var previous: Array = []
	for key: Variant in props:
		var target: Variant = resolve(node, str(key))
		if target is BridgeError:
			return target
		if target.object == node and own.has(target.property):
			return BridgeError.invalid("change %s with %s" % [target.property, own[target.property]],
					{"property": target.path})
		if target.base_info.usage & PROPERTY_USAGE_READ_ONLY:
			return BridgeError.failed("%s.%s is read-only; nothing was changed" % [
					BridgeSceneAccess.path_of(node) if node is Node else node.get_class(), target.path], {"property": target.path})
		var value: Variant = BridgeSceneAccess.coerce(props[key], target.info, node)
		if value is BridgeError:
			value.message = "%s; nothing was set" % value.message
			return value
		targets.append(target)
		values.append(value)
		previous.append(read(target))
	if targets.any(func(t: Dictionary) -> bool: return t.property == "script"):
		# trying a script and putting the old one back would reset the node's script variables: no trial
		var direct: Array = []
		for i in targets.size():
			if not same(previous[i], values[i]):
				var t: Dictionary = targets[i]
				direct.append([t.object, t.property, whole(t, values[i]), t.object.get(t.property)])
		return {"targets": targets, "values": values, "previous": previous, "changes": direct}
	var slots: Array = []  # [object, property, value before] per object property touched, first touch first
	for i in targets.size():
		var t: Dictionary = targets[i]
		if not slots.any(func(s: Array) -> bool: return s[0] == t.object and s[1] == t.property):
			slots.append([t.object, t.property, t.object.get(t.property)])
		_set_quietly(t.object, t.property, whole(t, values[i]))
	var changes: Array = []
	for s: Array in slots:
		var now: Variant = s[0].get(s[1])
		if not same(now, s[2]):
			changes.append([s[0], s[1], now, s[2]])
	var failure: Variant = null
	for i in targets.size():
		var held: Variant = read(targets[i])
		if failure == null and not same(held, values[i]):
			failure = _refused(targets[i], values[i], held, previous[i])
	for i in range(slots.size() - 1, -1, -1):
		_set_quietly(slots[i][0], slots[i][1], slots[i][2])
	if failure != null:
		return failure
	if not node is Node or BridgeSavedDefaults.in_saved_scene(node):
		for i in targets.size():
			_note_default(targets[i], values[i], method)
	return {"targets": targets, "values": values, "previous": previous, "changes": changes}


## The values a property map would give an existing object's own properties ({property: whole value}),
## each tried and read back by plan() (the object is left as it was), or the first BridgeError. For commands
## that write the values themselves (a resource file, a material shared by several nodes).
static func verified(obj: Object, props: Dictionary, method: String, own: Dictionary = {}) -> Variant:
	var planned: Variant = plan(obj, props, method, own)
	if planned is BridgeError:
		planned.data["param"] = "properties"
		return planned
	var out := {}
	for i: int in planned.targets.size():
		var t: Dictionary = planned.targets[i]
		if t.object == obj:
			out[t.property] = whole(t, planned.values[i]) if not out.has(t.property) else _with(out[t.property], t.keys, planned.values[i])
		else:
			out[str(t.path).get_slice(":", 0)] = obj.get(str(t.path).get_slice(":", 0))
	return out


## Applies a property map to an object that is being made (a node not yet in the tree, a new resource):
## each path resolved, coerced, set and read back in order. Null when every value was kept, else the
## BridgeError for the first one the engine did not keep (with the engine's reason when
## it is known); the caller drops the object, so nothing is half-applied. `own` as for plan().
static func apply_new(obj: Object, props: Dictionary, method: String, own: Dictionary = {}) -> Variant:
	for key: Variant in props:
		var target: Variant = resolve(obj, str(key))
		if target is BridgeError:
			target.data["param"] = "properties"
			return target
		if target.object == obj and own.has(target.property):
			return BridgeError.invalid("set %s with %s" % [target.property, own[target.property]],
					{"property": target.path, "param": "properties"})
		if target.base_info.usage & PROPERTY_USAGE_READ_ONLY:
			return BridgeError.failed("%s is read-only" % target.path, {"property": target.path, "param": "properties"})
		var value: Variant = BridgeSceneAccess.coerce(props[key], target.info, obj)
		if value is BridgeError:
			value.message = "%s; nothing was made" % value.message
			value.data["param"] = "properties"
			return value
		var before: Variant = read(target)
		_set_quietly(target.object, target.property, whole(target, value))
		var held: Variant = read(target)
		if not same(held, value):
			var refusal: RefCounted = _refused(target, value, held, before)
			refusal.message = refusal.message.replace("; nothing was changed", "; nothing was made")
			refusal.data["param"] = "properties"
			return refusal
		_note_default(target, value, method)
	return null


## Each path of `paths` (property map keys that resolve, as apply_new checked) → the value `obj` holds now:
## what a command that set them answers, read back rather than echoed.
static func values_of(obj: Object, paths: Array) -> Dictionary:
	var out := {}
	for key: Variant in paths:
		var target: Variant = resolve(obj, str(key))
		out[key] = read(target) if target is Dictionary else null
	return out


## Notes a verified value that equals the property's default: the saved file will leave it out (lib/saved_defaults.gd).
static func _note_default(target: Dictionary, value: Variant, method: String) -> void:
	if target.base_info.usage & PROPERTY_USAGE_STORAGE:
		var known: Array = BridgeSavedDefaults.default_of(target.object, target.property)
		var stored: Variant = whole(target, value)
		if not known.is_empty() and same(known[0], stored):
			BridgeSavedDefaults.note(target.object, target.property, target.path, value, method)


## Sets one property with the engine's error printing off. A trial write is a probe: when the engine
## refuses a value it logs an error (Camera2D: "Zoom level must be different from 0"), and that entry would
## land in the editor's Output and in editor.errors, the log users and agents read for their own bugs. The
## read-back tells whether the value was kept; _known_limit() says why for the refusals that log.
static func _set_quietly(obj: Object, property: String, value: Variant) -> void:
	var printing := Engine.print_error_messages
	Engine.print_error_messages = false
	obj.set(property, value)
	Engine.print_error_messages = printing


## Commits a plan's changes as one undoable action on the edited scene; false when there was nothing to do.
static func commit(undo_step: RefCounted, plan_result: Dictionary, action_name: String) -> bool:
	var changes: Array = plan_result.changes
	if changes.is_empty():
		return false
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	for c: Array in changes:
		ur.add_do_property(c[0], c[1], c[2])
	for i in range(changes.size() - 1, -1, -1):  # undo in reverse: dependent properties come back in order
		ur.add_undo_property(changes[i][0], changes[i][1], changes[i][3])
	ur.commit_action()
	return true


static func _refused(target: Dictionary, value: Variant, held: Variant, previous: Variant) -> RefCounted:
	var ignored := same(held, previous)
	var accepts := accepted(target.base_info)
	var msg := "%s: the engine %s %s (it holds %s)" % [target.path, "ignored" if ignored else "did not keep",
			_shown(value), _shown(held)]
	var why := _known_limit(target, value)
	if why != "":
		msg += "; the engine says: %s" % why
	if accepts != "":
		msg += "; it accepts %s" % accepts
	elif why == "" and ignored:
		msg += "; it may be read-only here or set by another property"
	var data := {"property": target.path, "requested": BridgeJsonValue.to_json(value), "engine_value": BridgeJsonValue.to_json(held),
			"accepts": accepts}
	if why != "":
		data["engine_message"] = why
	return BridgeError.failed(msg + "; nothing was changed", data)


## Why the engine refuses a value, said in its terms, for the limits its property hints do not state: the
## ones its setters enforce (they log the reason, which the quiet trial write keeps out of the log) and a
## Control never getting smaller than its combined minimum size. "" when none is known.
static func _known_limit(target: Dictionary, value: Variant) -> String:
	var obj: Object = target.object
	var prop: String = target.property
	if obj is Control and prop == "size":
		return "a %s is never smaller than its minimum size %s (its content and custom_minimum_size)" % [obj.get_class(), _shown(obj.get_combined_minimum_size())]
	if obj is Camera2D and prop == "zoom":
		return "Zoom level must be different from 0 (can be negative)."
	if prop in ["mass", "total_mass"] and (value is float or value is int) and float(value) <= 0.0:  # bodies' setters
		return "%s must be greater than 0" % prop
	return ""


## What a property's hint allows, for messages: "-4096..4096", "one of: Inherit, Nearest", or "".
static func accepted(info: Dictionary) -> String:
	var hint: int = info.get("hint", PROPERTY_HINT_NONE)
	var hs: String = info.get("hint_string", "")
	if hint == PROPERTY_HINT_RANGE and hs != "":
		var r := hs.split(",")
		if r.size() >= 2:
			return "%s..%s" % [r[0], r[1]] + (" (or greater)" if "or_greater" in r else "") + (" (or less)" if "or_less" in r else "")
	if hint == PROPERTY_HINT_ENUM and info.get("type", 0) == TYPE_INT:
		return "one of: " + ", ".join(PackedStringArray(BridgeCoerce._enum_values(info).keys()))
	if hint == PROPERTY_HINT_ENUM and hs != "":
		return "one of: " + hs.replace(",", ", ")
	return ""


## Equal as the engine stores it: numbers, vectors, colours and transforms within float precision.
static func same(a: Variant, b: Variant) -> bool:
	var a_num := (a is int or a is float) and not a is bool
	var b_num := (b is int or b is float) and not b is bool
	if a_num and b_num:
		return a == b if a is int and b is int else is_equal_approx(float(a), float(b))
	# an Object property set to null reads back as a null Object, not as Nil: both are "no object"
	if typeof(a) in [TYPE_NIL, TYPE_OBJECT] and typeof(b) in [TYPE_NIL, TYPE_OBJECT]:
		return a == b
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_VECTOR2, TYPE_VECTOR3, TYPE_VECTOR4, TYPE_COLOR, TYPE_RECT2, TYPE_TRANSFORM2D, TYPE_TRANSFORM3D, \
				TYPE_BASIS, TYPE_QUATERNION, TYPE_AABB, TYPE_PLANE:
			return a.is_equal_approx(b)
		TYPE_ARRAY:
			if a.size() != b.size():
				return false
			for i: int in a.size():
				if not same(a[i], b[i]):
					return false
			return true
	return a == b


static func _with(base: Variant, keys: Array, value: Variant) -> Variant:
	if keys.is_empty():
		return value
	var copy: Variant = base  # built-in values are copied on assignment
	copy[keys[0]] = _with(base[keys[0]], keys.slice(1), value)
	return copy


static func _shown(v: Variant) -> String:
	return JSON.stringify(BridgeJsonValue.to_json(v))
