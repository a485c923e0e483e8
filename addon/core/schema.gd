@tool
extends RefCounted
## The one generator from parameter docs to JSON Schema. engine.commands, the HTTP MCP endpoint and
## (through the catalog) the CLI and `bridge serve` all use what it produces; a command's `returns`
## shape becomes its result schema (the MCP outputSchema) here too.


static func for_command(specs: Array) -> Dictionary:
	var props := {}
	var required: Array = []
	for spec: Dictionary in specs:
		props[spec.name] = for_param(spec)
		if spec.get("required", false):
			required.append(spec.name)
	var schema := {"type": "object", "properties": props, "additionalProperties": false}
	if not required.is_empty():
		schema["required"] = required
	return schema


static func for_param(spec: Dictionary) -> Dictionary:
	var s := _type_schema(spec)
	if spec.get("type") == "Array":
		s["items"] = items_schema(spec.get("items", "string" if spec.get("kind") == "nodes" else "any"))
	if spec.get("kind") == "vector":  # [x, y] or [x, y, z]: the router checks the dimension a `dim_of` gives
		s["minItems"] = spec.get("dim", 2)
		s["maxItems"] = spec.get("dim", 3)
	if spec.has("description"):
		s["description"] = spec.description
	if spec.has("default"):
		s["default"] = spec.default
	if spec.has("min"):
		s["minimum"] = spec.min
	if spec.has("max"):
		s["maximum"] = spec.max
	return s


## A `returns` shape (command_group.gd) as JSON Schema: a type name as for params, "null", or
## alternatives "string|null"; a Dictionary of field → shape, where a field named "x?" may be absent and
## fields not named are allowed; a one-element Array [item shape] for a list.
## `depth` limits how far nested objects and lists are spelled out (-1: all the way); deeper ones are just
## "object" or "array"; `with_required` false leaves out which fields every result has. MCP clients get the
## top level of the shape without `required` (PUBLISHED_DEPTH): every tool declares one, and the full shape
## of 332 tools would weigh ~130 KB in tools/list; engine.commands' result_schema keeps the full shape,
## which the sweeps check every result against.
const PUBLISHED_DEPTH := 1


static func for_result(shape: Variant, depth: int = -1, with_required: bool = true) -> Dictionary:
	if depth == 0 and (shape is Array or shape is Dictionary):
		return {"type": "array" if shape is Array else "object"}
	if shape is Array:
		return {"type": "array", "items": for_result(shape[0], depth - 1, with_required)} if not shape.is_empty() else {"type": "array"}
	if shape is Dictionary:
		var props := {}
		var required: Array = []
		for key: String in shape:
			var field := key.trim_suffix("?")
			props[field] = for_result(shape[key], depth - 1, with_required)
			if not key.ends_with("?"):
				required.append(field)
		var schema := {"type": "object", "properties": props}
		if with_required and not required.is_empty():
			schema["required"] = required
		return schema
	var text := str(shape)
	if "|" in text:
		var any_of: Array = []
		for part in text.split("|"):
			any_of.append(for_result(part.strip_edges()))
		return {"anyOf": any_of}
	if text == "null":
		return {"type": "null"}
	return _type_schema({"type": text})


## An Array parameter's element schema from its declared `items`: a type name as for params ("any": any
## JSON value), or a one-element Array [inner] for a list of lists. Every array gets `items`: VS Code's
## Copilot and OpenAI's function calling refuse a schema with an array that has none. A list of nodes
## (kind "nodes") holds paths; an undeclared element (a project's own command) is any value.
static func items_schema(item: Variant) -> Dictionary:
	if item is Array:
		return {"type": "array", "items": items_schema(item[0] if not item.is_empty() else "any")}
	return _type_schema({"type": str(item)})


static func _type_schema(spec: Dictionary) -> Dictionary:
	var num := {"type": "number"}
	match spec.get("type", "any"):
		"string", "NodePath":
			return {"type": "string"}
		"int":
			return {"type": "integer"}
		"float":
			return {"type": "number"}
		"bool":
			return {"type": "boolean"}
		"enum":
			return {"type": "string", "enum": spec.get("values", [])}
		"Vector2":
			return {"type": "array", "items": num, "minItems": 2, "maxItems": 2}
		"Vector3":
			return {"type": "array", "items": num, "minItems": 3, "maxItems": 3}
		"Color":
			return {"anyOf": [{"type": "string"}, {"type": "array", "items": num, "minItems": 3, "maxItems": 4}]}
		"Array":
			return {"type": "array"}
		"Dictionary":
			return {"type": "object"}
	return {}
