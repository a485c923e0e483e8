@tool
extends RefCounted
## One command's undo step, owned by its call (core/call.gd) and opened by the router for every command that
## declares an undo scope (core/undo_scope.gd): every action the command makes, in the edited scene's history
## or the editor's global one, joins this one step, named by what it did, the command and the client that made
## it — "Bridge: set position of Player [node.set by claude-code]" — so editor.undo_history shows whose each
## step is and editor.undo can refuse another client's step.
##
## The step travels with its call: a handler passes `c.step` to every helper that makes actions
## (lib/scene_access.gd, lib/project_settings.gd, lib/text_step.gd, ...), so an action always joins the step of
## the call that made it, whichever other call is open meanwhile. This file is the only one that creates actions
## (test/unit/call-object.test.ts holds it).

const BridgeCompat := preload("compat.gd")
const BridgeOpenScenes := preload("open_scenes.gd")
const BridgeUndoStep := preload("undo_step.gd")  # this file: a step passed in is typed as one
const OWNER := "^(?<name>.*) \\[(?<command>[A-Za-z0-9_]+\\.[A-Za-z0-9_]+) by (?<client>[^\\]]*)\\]$"

static var _owner_re := RegEx.create_from_string(OWNER)

## "scene" or "global".
var scope: String
## The command and the client that made the step (the name says both).
var method: String
var client: String
## The step's action name, set by its first action (or fixed up front by batch.run); "" while it has none.
var name := ""
## The root of the scene a "scene" step edits (the call's: core/call.gd scene_root()); its actions go into that
## scene's history even while another scene is the edited one.
var scene: Node = null


func _init(p_scope: String, p_method: String, p_client: String) -> void:
	scope = p_scope
	method = p_method
	client = owner_of(p_client)


## A client's name as a step's name holds it (brackets would end the owner label early).
static func owner_of(client_name: String) -> String:
	return client_name.replace("[", "(").replace("]", ")")


## " [node.set by claude-code]": what every action name of this step ends with.
func owner_label() -> String:
	return " [%s by %s]" % [method, client]


## Names the step before its first action (batch.run: "Bridge: batch <label> #n"); returns the full name.
func fix_name(base: String) -> String:
	name = base + owner_label()
	return name


## Starts an action of this step on the history of `object` (the scene root: the scene's history; ProjectSettings,
## AudioServer, a resource: the global one). The first action names the step; later ones merge into it
## (MERGE_ALL on the same name merges only into the newest action, which is this step's own).
## `action_name` is the whole name as the history shows it ("Bridge: set position of Player", "Set project setting x").
func action(action_name: String, object: Object) -> EditorUndoRedoManager:
	var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
	if name == "":
		fix_name(action_name)
		_create(ur, name, UndoRedo.MERGE_DISABLE, object)
	else:
		_create(ur, name, UndoRedo.MERGE_ALL, object)
	return ur


## Starts an undoable action for `object` in `step`, the call's own (c.step), else (null: a caller with no step,
## the editor's own code) an action of its own. Add do/undo operations, then call commit_action() on the
## returned manager. The global-history commands (project settings, audio buses, presets, resources, ...) start
## theirs here too.
static func action_for(step: BridgeUndoStep, action_name: String, object: Object) -> EditorUndoRedoManager:
	if step != null:
		return step.action(action_name, object)
	var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
	_create(ur, action_name, UndoRedo.MERGE_DISABLE, object)
	return ur


## create_action on the history of `object`: for the root of an open scene that is not the edited one, that
## scene's history, fixed so that its nodes (which the manager would put in the global history) join it.
static func _create(ur: EditorUndoRedoManager, action_name: String, mode: UndoRedo.MergeMode, object: Object) -> void:
	var target: Dictionary = BridgeOpenScenes.history_context(object)
	ur.create_action(action_name, mode, target.context)
	if target.fixes:
		ur.force_fixed_history()


## An action name read back from a history: {name (without the owner), command, client}; command and client
## are "" for an action bridge did not make or made before steps were named.
static func parse(action_name: String) -> Dictionary:
	var found := _owner_re.search(action_name)
	if found == null:
		return {"name": action_name, "command": "", "client": ""}
	return {"name": found.get_string("name"), "command": found.get_string("command"), "client": found.get_string("client")}
