@tool
extends RefCounted
## Base of every command group file: one group per file, each command declared as docs + example +
## handler side by side. `commands()` returns the declarations; the router checks parameters from them.
##
## A declaration: {method, summary, params: [param specs], example: {…}, handler: Callable,
##   read_only: bool, destructive: bool, needs: "" | "game", timeout_ms: int, returns?: shape}
## `returns` (optional) is the result's fixed shape, e.g. {"path": "string", "saved": "bool",
##   "nodes": [{"name": "string", "type": "string"}], "note?": "string"}: type names as for params,
##   "a|b" alternatives, "x?" for a field that may be absent. It becomes the command's `output_schema`
##   (core/schema.gd), the outputSchema of its MCP tool. Declare it only when every success has that shape.
## A param spec: {name, type, description, required?, default?, min?, max?, values? (enum), writes_path?}
## Types: string int float bool NodePath Vector2 Vector3 Color Array Dictionary any enum.

const BridgeError := preload("bridge_error.gd")

## The BridgeServer node: router, discovery and the EditorPlugin.
var server: Node


func _init(p_server: Node = null) -> void:
	server = p_server


## Every group overrides this.
func commands() -> Array:
	return []


## One line on what the group is for (the CLI topic's description, `engine.commands`' groups). One file
## of each group says it; the others leave it empty.
func group_summary() -> String:
	return ""


## A required parameter.
static func req(name: String, type: String, description: String, extra: Dictionary = {}) -> Dictionary:
	var spec := {"name": name, "type": type, "required": true, "description": description}
	spec.merge(extra)
	return spec


## An optional parameter; `default` is what the handler sees when it is omitted (null: no default).
static func opt(name: String, type: String, description: String, default: Variant = null, extra: Dictionary = {}) -> Dictionary:
	var spec := {"name": name, "type": type, "required": false, "description": description}
	if default != null:
		spec["default"] = default
	spec.merge(extra)
	return spec


## An enum parameter (required when default is null).
static func choice(name: String, values: Array, description: String, default: Variant = null) -> Dictionary:
	var spec := {"name": name, "type": "enum", "values": values, "required": default == null, "description": description}
	if default != null:
		spec["default"] = default
	return spec
