@tool
extends RefCounted
## Base of every command group file: one group per file, each command declared as docs + example +
## handler side by side. `commands()` returns the declarations; the router checks parameters from them.
##
## A declaration: {method, summary, params: [param specs], example: {…}, handler: Callable,
##   read_only: bool, destructive: bool (the command loses data: MCP destructiveHint), idempotent?: bool
##   (a mutating command that changes nothing more when repeated with the same params; reads always are),
##   title?: String (a short human title; default "Group: command words"), needs: "" | "game" |
##   "editor_renderer" (an editor that draws: not --headless), timeout_ms: int, returns: shape,
##   undo: "scene" | "global" | "none" (every mutating command; see core/undo_scope.gd),
##   switches_scene?: bool (it changes which scene the editor edits: it runs alone, holding every turn, core/scheduler.gd),
##   moves_histories?: ["scene" | "global"] (the undo histories it moves without making a step of them, editor.undo/redo:
##   it holds those histories' turns instead of its scope's, core/scheduler.gd),
##   needs_scene?: bool (it works on the edited scene: refused with NO_SCENE when none is open, before the handler),
##   any_scene?: bool (it works on any open scene: the router gives it a `scene` parameter naming one, core/open_scenes.gd;
##   its handler reaches that scene only through the call, c.scene_root(), or its resolved nodes — never the edited root),
##   verdict?: String (the result's bool field that is a pass/fail verdict — test.run_scenario's "ok", runtime.replay's
##   "identical": the CLI exits 1 when it is false, as a test runner does; test/unit/verdicts.test.ts),
##   answer_size?: String (why this command's answer may be larger than the answer budget, 1 KB of compact JSON: every
##   other command answers a summary, its large parts behind a paging or detail parameter; the example sweep holds
##   each undeclared command's example answer to the budget, test/e2e/commands/sweeps.e2e.test.ts),
##   example_setup?: [{method, params}] (commands the sweeps run first so the example has what it names),
##   example_scene?: res:// path (the scene the sweeps open for the example), example_refused?: {…}
##   (params merged over the example whose property map the engine does not keep: the sweep expects a refusal)}
## `returns` (optional) is the result's fixed shape, e.g. {"path": "string", "saved": "bool",
##   "nodes": [{"name": "string", "type": "string"}], "note?": "string"}: type names as for params,
##   "a|b" alternatives, "x?" for a field that may be absent. It becomes the command's `output_schema`
##   (core/schema.gd), the outputSchema of its MCP tool. Declare it only when every success has that shape.
## A param spec: {name, type, description, required?, default?, min?, max?, values? (enum), writes_path?,
##   kind?: "node" | "nodes" | "new_name" | "properties" | "vector" | "layers" | "file" | "lookup" | "class" (resolved by the
##   router: core/param_kinds.gd, core/value_kinds.gd; made by the helpers below), class?, what?, parent?,
##   also?: [names people use for it, e.g. "look_at" for target], keys?: [the nested keys of an object
##   parameter, so a key given beside it is pointed inside it]} — both only feed the did-you-mean;
##   evaluates?: true for code this command runs (the router audits it: core/code_audit.gd), false for a
##   parameter whose name or text reads like code but that this command never runs (EVALUATES / NOT_RUN).
## Types: string int float bool NodePath Vector2 Vector3 Color Array Dictionary any enum.
## Names: docs/architecture.md's parameter glossary (node_path, parent, name, properties, path, …).

const BridgeError := preload("bridge_error.gd")
const BridgeServer := preload("bridge_server.gd")
## What every handler receives: `func _x(c: BridgeCall) -> Variant`, the call's resolved params in `c.params`.
const BridgeCall := preload("call.gd")
## A parameter's `extra` for code the command runs (GDScript bodies, expressions): the router audits it.
const EVALUATES := {"evaluates": true}
## A parameter's `extra` for text that looks like code but that this command never runs (a script it
## stores or checks, an expression the game evaluates later, a path, a name): the audit sweep's answer.
const NOT_RUN := {"evaluates": false}

## The BridgeServer node: router, discovery and the EditorPlugin (typed, so `server.router...` is checked).
var server: BridgeServer


func _init(p_server: BridgeServer = null) -> void:
	server = p_server


## Every group overrides this.
func commands() -> Array:
	return []


## One line on what the group is for (the CLI topic's description, `engine.commands`' groups), for a
## project-local group file. A built-in group states it in its folder's index.json instead
## (core/group_index.gd); its files leave this empty.
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


## A node of the edited scene, resolved by the router: the handler receives the Node. `cls` (a class
## name or a list) refuses other nodes. `default` "" is the scene root; null leaves it out when omitted.
static func node_param(name: String, description: String, required: bool = true, default: Variant = null, cls: Variant = null) -> Dictionary:
	var spec := req(name, "NodePath", description) if required else opt(name, "NodePath", description, default)
	spec["kind"] = "node"
	if cls != null:
		spec["class"] = cls
	return spec


## A list of nodes of the edited scene, resolved by the router: the handler receives an Array of Nodes.
## A required list must not be empty; `cls` as for node_param.
static func nodes_param(name: String, description: String, required: bool = true, cls: Variant = null) -> Dictionary:
	var spec := req(name, "Array", description) if required else opt(name, "Array", description, [])
	spec["kind"] = "nodes"
	if cls != null:
		spec["class"] = cls
	return spec


## The name of a node a command makes: valid, and free under the node parameter `parent` ("" keeps the default).
static func new_name_param(name: String, description: String, default: Variant = "", parent: String = "parent") -> Dictionary:
	var spec := opt(name, "string", description, default)
	spec["kind"] = "new_name"
	if parent != "parent":
		spec["parent"] = parent
	return spec


## A property map {property path: value}: coerced, set and read back by lib/property_path.gd (apply_new for
## an object being made, plan/commit for one that exists), so a value the engine does not keep is refused.
static func properties_param(name: String, description: String, required: bool = false, default: Variant = {}) -> Dictionary:
	var spec := req(name, "Dictionary", description) if required else opt(name, "Dictionary", description, default)
	spec["kind"] = "properties"
	return spec


## A point or vector, resolved by the router: the handler receives a Vector2 or Vector3. `dim` is 2 or 3, or
## the name of the parameter (a node, or a vector declared before this one) whose dimension it must have;
## 0 takes either.
static func vector_param(name: String, description: String, required: bool = true, dim: Variant = 0) -> Dictionary:
	var spec := req(name, "Array", description, {"items": "float"}) if required else opt(name, "Array", description, null, {"items": "float"})
	spec["kind"] = "vector"
	if dim is String:
		spec["dim_of"] = dim
	elif int(dim) != 0:
		spec["dim"] = int(dim)
	return spec


## A layer mask ("physics", "navigation" or "render" layers) as a mask, layer numbers 1..32, layer names or a
## list of them, resolved by the router: the handler receives the int mask. `dim` as for vector_param (which
## project setting names the layers: 2D or 3D). `default` is the mask the handler sees when it is omitted.
static func layers_param(name: String, layers: String, description: String, dim: Variant = 0, default: Variant = null) -> Dictionary:
	var spec := opt(name, "any", description, default)
	spec["kind"] = "layers"
	spec["layers"] = layers
	if dim is String:
		spec["dim_of"] = dim
	elif int(dim) != 0:
		spec["dim"] = int(dim)
	return spec


## A res:// file, resolved by the router: the handler receives the path, which ends in one of `extensions`
## (empty: any). `exists` true: a file that is there (loading as `cls` when given; `what` names it in the
## refusal, "no image at …"); false: a file to make, refused when it exists unless the parameter `overwrite`
## is true; null: either. A file it writes (exists false or null) is jailed.
static func file_param(name: String, description: String, extensions: Array, exists: Variant, required: bool = true, cls: String = "",
		what: String = "") -> Dictionary:
	var spec := req(name, "string", description) if required else opt(name, "string", description)
	spec["kind"] = "file"
	spec["extensions"] = extensions
	if exists != null:
		spec["exists"] = exists
	if cls != "":
		spec["class"] = cls
	if what != "":
		spec["what"] = what
	if exists != true:
		spec["writes_path"] = true
	return spec


## A class name: an engine class or a project class_name (@tool or not) that is `base` or inherits it, checked by
## the router (core/class_types.gd, the one resolver); the handler receives the name. `creatable`: the command
## makes one (abstract classes refused). `or_scene`: a res:// scene path is taken too (placed instead).
static func class_param(name: String, base: String, description: String, required: bool = true, creatable: bool = false,
		or_scene: bool = false, default: Variant = null) -> Dictionary:
	var spec := req(name, "string", description) if required else opt(name, "string", description, default)
	spec["kind"] = "class"
	spec["base"] = base
	if creatable:
		spec["creatable"] = true
	if or_scene:
		spec["or_scene"] = true
	return spec


## A name the group resolves itself (an animation of a player, an audio bus): its `lookups()[lookup]`
## turns the value into what the handler receives, or refuses it naming the parameter.
static func lookup_param(name: String, lookup: String, description: String, required: bool = true, default: Variant = null) -> Dictionary:
	var spec := req(name, "string", description) if required else opt(name, "string", description, default)
	spec["kind"] = "lookup"
	spec["lookup"] = lookup
	return spec


## The group's own lookups for parameters of kind "lookup": {name: Callable(value, param, params) → the
## resolved value or a BridgeError}.
func lookups() -> Dictionary:
	return {}


## An enum parameter (required when default is null).
static func choice(name: String, values: Array, description: String, default: Variant = null) -> Dictionary:
	var spec := {"name": name, "type": "enum", "values": values, "required": default == null, "description": description}
	if default != null:
		spec["default"] = default
	return spec
