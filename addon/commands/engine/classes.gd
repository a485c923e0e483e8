@tool
extends "../../core/command_group.gd"
## engine.*: the engine itself — version, the command catalog, singletons and the live class API
## (ClassDB). Search lives in engine_search_commands.gd, doc text in engine_docs_commands.gd.

const BridgeParams := preload("../../core/params.gd")
const BridgeCompat := preload("../../core/compat.gd")
## engine.class_info's page: at most this many properties, methods and signals each (`offset` turns the page).
const CLASS_INFO_PAGE := 50
## engine.version's reply, built once per value of Compat.version() (a test fakes the version in a running
## editor: a new faked value is a new Dictionary there). Shared between calls: the router's JsonValue.to_json
## copies it into the reply, so no caller holds this one.
static var _version_reply := {}
static var _version_of := {}


func commands() -> Array:
	return [
		{
			"method": "engine.version",
			"summary": "Engine version (major, minor, patch, status, full string), the Godot versions bridge supports, and what is unavailable on this one (limits).",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"major": "int", "minor": "int", "patch": "int", "status": "string", "build": "string", "string": "string", "full": "string",
					"supported": {"floor": "string", "ceiling": "string", "range": "string"}, "in_range": "bool",
					"limits": [{"since": "string", "what": "string"}]},
			"handler": _version,
		},
		{
			"method": "engine.commands",
			"summary": "Every registered command with its parameter docs and JSON Schema, and the groups with their summaries.",
			"params": [
				opt("group", "string", "Only commands of this group, e.g. 'node'"),
				opt("offset", "int", "Skip this many (next_offset)", 0, {"min": 0}),
				opt("limit", "int", "At most this many", null, {"min": 1}),
			],
			"example": {"group": "engine", "limit": 2},
			"read_only": true,
			"answer_size": "the catalog: every command's parameter docs and JSON Schemas (a client's tool list, read once); page it with offset and limit, or give a group",
			# count: the commands on this page; total: all that matched; next_offset: where the next page starts
			"returns": {"count": "int", "total": "int", "next_offset?": "int", "commands": [{"method": "string", "summary": "string", "input_schema": "Dictionary"}], "groups": [{"name": "string", "summary": "string", "count": "int"}], "load_errors?": [{"path": "string", "error": "string"}]},
			"handler": _commands,
		},
		{
			"method": "engine.singletons",
			"summary": "Engine singletons (Input, OS, ProjectSettings, ...) with their classes.",
			"params": [],
			"example": {},
			"read_only": true,
			"answer_size": "every engine singleton with its class (a fixed list of about 40)",
			"returns": {"count": "int", "singletons": [{"name": "string", "class": "string"}]},
			"handler": _singletons,
		},
		{
			"method": "engine.classes",
			"summary": "Engine classes, sorted, optionally only those inheriting a class or containing a substring.",
			"params": [
				opt("inherits", "string", "Only classes that inherit this one, e.g. Node2D"),
				opt("filter", "string", "Only names containing this (case-insensitive)"),
				opt("instantiable_only", "bool", "Only classes that can be created", false),
				opt("limit", "int", "At most this many", 1000, {"min": 1, "max": 5000}),
			],
			"example": {"inherits": "CollisionObject2D"},
			"read_only": true,
			"returns": {"count": "int", "total": "int", "truncated": "bool", "classes": ["string"]},
			"handler": _classes,
		},
		{
			"method": "engine.class_info",
			"summary": "A class's parent chain, properties, method and signal signatures, constants and enums.",
			"params": [
				req("class", "string", "Class name, e.g. CharacterBody2D"),
				opt("inherited", "bool", "Also members of parent classes", false),
				opt("filter", "string", "Only names containing this (a|b: either), accessors too"),
				opt("offset", "int", "Next page: skip this many of each list", null, {"min": 0}),
			],
			"example": {"class": "CharacterBody2D"},
			"read_only": true,
			# total: each list's length before the page, and the accessors left out (a filter lists them)
			"answer_size": "a class's API: a page of up to 50 properties, methods and signals each (offset turns it, filter narrows it)",
			"returns": {"class": "string", "parents": ["string"], "instantiable": "bool",
					"properties": ["string"], "methods": ["string"], "signals": ["string"], "constants": "Dictionary", "enums": "Dictionary",
					"total": {"properties": "int", "methods": "int", "signals": "int", "accessors_left_out": "int"}, "truncated": "bool"},
			"handler": _class_info,
		},
		{
			"method": "engine.property_default",
			"summary": "A class's default value for one property, or for all its properties.",
			"params": [
				req("class", "string", "Class name, e.g. Sprite2D"),
				opt("property", "string", "Property name; omit for all"),
			],
			"example": {"class": "Sprite2D", "property": "centered"},
			"read_only": true,
			# one property (property, value) or all of them (count, defaults)
			"returns": {"class": "string", "property?": "string", "value?": "any", "count?": "int", "defaults?": "Dictionary"},
			"handler": _property_default,
		},
	]


func _version(_c: BridgeCall) -> Variant:
	var compat := BridgeCompat.version()
	if not is_same(compat, _version_of):
		var v := Engine.get_version_info()
		_version_reply = {"major": v.major, "minor": v.minor, "patch": v.patch, "status": v.status, "build": v.build,
				"string": "%d.%d.%d" % [v.major, v.minor, v.patch], "full": v.string,
				"supported": {"floor": BridgeCompat.FLOOR, "ceiling": BridgeCompat.CEILING,
						"range": BridgeCompat.supported_range()},
				"in_range": BridgeCompat.in_range(), "limits": BridgeCompat.limits()}
		_version_of = compat
	return _version_reply


func _commands(c: BridgeCall) -> Variant:
	var p := c.params
	var out: Array = []
	for doc: Dictionary in server.router.describe_all():
		if not p.has("group") or doc.method.begins_with(p.group + "."):
			out.append(doc)
	var groups: Array = server.router.registry.describe_groups().filter(
			func(g: Dictionary) -> bool: return not p.has("group") or g.name == p.group)
	var total := out.size()
	var end: int = mini(total, p.offset + p.limit) if p.has("limit") else total
	out = out.slice(p.offset, end)
	var reply := {"count": out.size(), "total": total, "commands": out, "groups": groups}
	if end < total:
		reply["next_offset"] = end
	if not server.router.registry.load_errors.is_empty():
		reply["load_errors"] = server.router.registry.load_errors
	return reply


func _singletons(_c: BridgeCall) -> Variant:
	var out: Array = []
	for name in Engine.get_singleton_list():
		var s := Engine.get_singleton(name)
		out.append({"name": name, "class": s.get_class() if s else ""})
	return {"count": out.size(), "singletons": out}


func _classes(bc: BridgeCall) -> Variant:
	var p := bc.params
	if p.has("inherits") and not ClassDB.class_exists(p.inherits):
		return unknown_class(p.inherits)
	var names: Array = []
	for c in ClassDB.get_class_list():
		if p.has("inherits") and (c == p.inherits or not ClassDB.is_parent_class(c, p.inherits)):
			continue
		if p.has("filter") and not c.containsn(p.filter):
			continue
		if p.instantiable_only and not ClassDB.can_instantiate(c):
			continue
		names.append(c)
	names.sort()
	return {"count": mini(names.size(), p.limit), "total": names.size(), "truncated": names.size() > p.limit,
			"classes": names.slice(0, p.limit)}


func _class_info(bc: BridgeCall) -> Variant:
	var p := bc.params
	var c: String = p.class
	if not ClassDB.class_exists(c):
		return unknown_class(c)
	var own: bool = not p.inherited
	var chain: Array = []
	var parent := ClassDB.get_parent_class(c)
	while parent != "":
		chain.append(parent)
		parent = ClassDB.get_parent_class(parent)
	var wanted := _member_test(p)
	var properties: Array = []
	var accessors := {}  # the getters and setters of the listed properties: the property stands for them
	var getters := {}  # getter name -> its return info, which names an enum property's enum
	for m: Dictionary in ClassDB.class_get_method_list(c):
		getters[m.name] = m.get("return", {})
	for prop: Dictionary in ClassDB.class_get_property_list(c, own):
		if prop.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			continue
		if wanted.call(prop.name):
			properties.append("%s: %s" % [prop.name, property_label(c, prop, getters)])
			for accessor: String in [BridgeCompat.property_getter(c, prop.name), BridgeCompat.property_setter(c, prop.name)]:  # "" before 4.4
				if accessor != "":
					accessors[accessor] = true
	var methods: Array = []
	var left_out := 0
	for m: Dictionary in ClassDB.class_get_method_list(c, own):
		if not wanted.call(m.name):
			continue
		if accessors.has(m.name) and not p.has("filter"):
			left_out += 1
			continue
		methods.append(signature(m))
	methods.sort()
	var signals: Array = []
	for s: Dictionary in ClassDB.class_get_signal_list(c, own):
		if wanted.call(s.name):
			signals.append(signature(s).trim_suffix(" -> void"))
	var enums := {}
	var in_enum := {}
	for e in ClassDB.class_get_enum_list(c, own):
		var keys: PackedStringArray = ClassDB.class_get_enum_constants(c, e, true)
		var shown := Array(keys).filter(func(k: String) -> bool: return wanted.call(e) or wanted.call(k))
		if not shown.is_empty():
			enums[e] = shown
		for k: String in keys:
			in_enum[k] = true
	var constants := {}
	for k in ClassDB.class_get_integer_constant_list(c, own):
		# an enum's keys are listed with their values, so a model can write both MotionMode and its numbers
		if wanted.call(k) or (in_enum.has(k) and enums.values().any(func(keys: Array) -> bool: return k in keys)):
			constants[k] = ClassDB.class_get_integer_constant(c, k)
	var total := {"properties": properties.size(), "methods": methods.size(), "signals": signals.size()}
	var offset: int = p.get("offset", 0)
	var page := func(list: Array) -> Array: return list.slice(offset, offset + CLASS_INFO_PAGE)
	var truncated: bool = total.values().any(func(n: int) -> bool: return n > offset + CLASS_INFO_PAGE)
	total["accessors_left_out"] = left_out
	return {"class": c, "parents": chain, "instantiable": ClassDB.can_instantiate(c),
			"properties": page.call(properties), "methods": page.call(methods), "signals": page.call(signals),
			"constants": constants, "enums": enums, "total": total, "truncated": truncated}


## Which member names a call asks for: all, or those containing its `filter` (case-insensitive; "a|b": either).
static func _member_test(p: Dictionary) -> Callable:
	if not p.has("filter"):
		return func(_name: String) -> bool: return true
	var parts: PackedStringArray = str(p.filter).split("|")
	return func(name: String) -> bool:
		for part: String in parts:
			if name.containsn(part):
				return true
		return false


func _property_default(bc: BridgeCall) -> Variant:
	var p := bc.params
	var c: String = p.class
	if not ClassDB.class_exists(c):
		return unknown_class(c)
	var names: Array = []
	for prop: Dictionary in ClassDB.class_get_property_list(c):
		if prop.usage & PROPERTY_USAGE_STORAGE or prop.usage & PROPERTY_USAGE_EDITOR:
			names.append(prop.name)
	if p.has("property"):
		if not p.property in names:
			var guess := BridgeParams.did_you_mean(p.property, names)
			return bc.not_found("%s has no property '%s'%s" % [c, p.property,
					" (did you mean '%s'?)" % guess if guess != "" else ""], {"class": c, "property": p.property, "suggestion": guess})
		return {"class": c, "property": p.property, "value": ClassDB.class_get_property_default_value(c, p.property)}
	var defaults := {}
	for n: String in names:
		defaults[n] = ClassDB.class_get_property_default_value(c, n)
	return {"class": c, "count": defaults.size(), "defaults": defaults}


static func unknown_class(name: String) -> RefCounted:
	var guess := BridgeParams.did_you_mean(name, Array(ClassDB.get_class_list()))
	return BridgeError.not_found("no engine class '%s'%s" % [name,
			" (did you mean '%s'?)" % guess if guess != "" else ""], {"class": name, "suggestion": guess})


## "int", "Node", "Array[String]" or "Variant" for a property/argument/return description.
static func type_label(info: Dictionary) -> String:
	var t: int = info.get("type", TYPE_NIL)
	if t == TYPE_OBJECT:
		return str(info.get("class_name", "Object")) if str(info.get("class_name", "")) != "" else "Object"
	if t == TYPE_ARRAY and info.get("hint", 0) == PROPERTY_HINT_ARRAY_TYPE:
		return "Array[%s]" % info.hint_string
	if t == TYPE_NIL:
		return "Variant" if info.get("usage", 0) & PROPERTY_USAGE_NIL_IS_VARIANT else "void"
	if t == TYPE_INT and info.get("usage", 0) & PROPERTY_USAGE_CLASS_IS_ENUM:
		return str(info.class_name)
	return type_string(t)


## A property's type; an enum or bitfield property by its enum's name (motion_mode: CharacterBody2D.MotionMode),
## which ClassDB's property list leaves as int but the getter's return type carries; else its names.
static func property_label(c: String, prop: Dictionary, getters: Dictionary) -> String:
	var label := type_label(prop)
	if label != "int" or not prop.get("hint", 0) in [PROPERTY_HINT_ENUM, PROPERTY_HINT_FLAGS]:
		return label
	var ret: Dictionary = getters.get(BridgeCompat.property_getter(c, prop.name), {})
	if ret.get("usage", 0) & (PROPERTY_USAGE_CLASS_IS_ENUM | PROPERTY_USAGE_CLASS_IS_BITFIELD) and str(ret.get("class_name", "")) != "":
		return str(ret.class_name)
	var kind := "enum" if prop.hint == PROPERTY_HINT_ENUM else "flags"
	return "int (%s: %s)" % [kind, str(prop.get("hint_string", "")).replace(",", ", ")]


## "name(arg: Type, ...) -> Return" for a ClassDB method or signal description.
static func signature(m: Dictionary) -> String:
	var args := PackedStringArray()
	for a: Dictionary in m.get("args", []):
		args.append("%s: %s" % [a.name, type_label(a)])
	if m.get("flags", 0) & METHOD_FLAG_VARARG:
		args.append("...")
	var s := "%s(%s)" % [m.name, ", ".join(args)]
	if m.has("return"):
		s += " -> " + type_label(m["return"])
	return s
