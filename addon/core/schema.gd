@tool
extends RefCounted
## The one generator from parameter docs to JSON Schema. engine.commands, the HTTP MCP endpoint and
## (through the catalog) the CLI and `bridge serve` all use what it produces.


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
	if spec.has("description"):
		s["description"] = spec.description
	if spec.has("default"):
		s["default"] = spec.default
	if spec.has("min"):
		s["minimum"] = spec.min
	if spec.has("max"):
		s["maximum"] = spec.max
	return s


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
