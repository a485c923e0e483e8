@tool
extends "../../core/command_group.gd"
## engine.search: finds engine classes and members by name across the whole ClassDB. The index
## (every class and each member in the class that declares it) is built on the first search.

const KINDS := ["class", "property", "method", "signal", "constant"]

## Parallel arrays, one row per class or member: lower-case name, kind, class, name.
var _keys := PackedStringArray()
var _kinds := PackedStringArray()
var _classes := PackedStringArray()
var _names := PackedStringArray()


func commands() -> Array:
	return [
		{
			"method": "engine.search",
			"summary": "Search engine classes and their properties, methods, signals and constants by name; exact matches first.",
			"params": [
				req("query", "string", "Name or part of one, e.g. velocity"),
				choice("kind", ["all"] + KINDS, "Only this kind of match", "all"),
				opt("limit", "int", "At most this many results", 50, {"min": 1, "max": 1000}),
			],
			"example": {"query": "velocity", "kind": "property", "limit": 10},
			"read_only": true,
			"returns": {"query": "string", "kind": "string", "count": "int", "total": "int", "truncated": "bool",
					"results": [{"kind": "string", "class": "string", "name": "string"}]},
			"handler": _search,
		},
	]


func _search(c: BridgeCall) -> Variant:
	var p := c.params
	var q: String = p.query.strip_edges().to_lower()
	if q == "":
		return c.invalid("query is empty")
	if _keys.is_empty():
		_build_index()
	# One sort key per hit: rank (exact, prefix, substring), then name length, then index order.
	var hits := PackedInt64Array()
	for i in _keys.size():
		if p.kind != "all" and _kinds[i] != p.kind:
			continue
		var k := _keys[i]
		var at := k.find(q)
		if at >= 0:
			var rank := 0 if k == q else (1 if at == 0 else 2)
			hits.append((rank << 40) | (k.length() << 24) | i)
	hits.sort()
	var results: Array = []
	for key in hits.slice(0, p.limit):
		var i := key & 0xFFFFFF
		results.append({"kind": _kinds[i], "class": _classes[i], "name": _names[i]})
	var total := hits.size()
	return {"query": p.query, "kind": p.kind, "count": results.size(), "total": total, "truncated": total > results.size(), "results": results}


func _build_index() -> void:
	for c in ClassDB.get_class_list():
		_add("class", c, c)
		for prop: Dictionary in ClassDB.class_get_property_list(c, true):
			if not prop.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
				_add("property", c, prop.name)
		for m: Dictionary in ClassDB.class_get_method_list(c, true):
			_add("method", c, m.name)
		for s: Dictionary in ClassDB.class_get_signal_list(c, true):
			_add("signal", c, s.name)
		for k in ClassDB.class_get_integer_constant_list(c, true):
			_add("constant", c, k)


func _add(kind: String, cls: String, name: String) -> void:
	_keys.append(name.to_lower())
	_kinds.append(kind)
	_classes.append(cls)
	_names.append(name)
