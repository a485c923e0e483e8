@tool
extends RefCounted
## One command's undo step, owned by its call (core/call.gd) and opened by the router for every command that
## declares an undo scope (core/undo_scope.gd): every action the command makes, in the edited scene's history
## or the editor's global one, joins this one step, named by what it did, the command and the client that made
## it — "Bridge: set position of Player [node.set by claude-code]" — so editor.undo_history shows whose each
## step is and editor.undo can refuse another client's step.
##
## `open` is the step of the command that holds the router's edit turn: commands with a step run strictly one
## at a time (router._take_edit_turn), so there is at most one open step, and the shared helpers that make
## actions (lib/scene_access.gd, lib/project_settings.gd, ...) reach it here without every caller passing it.

const BridgeCompat := preload("compat.gd")
const OWNER := "^(?<name>.*) \\[(?<command>[A-Za-z0-9_]+\\.[A-Za-z0-9_]+) by (?<client>[^\\]]*)\\]$"

## The step of the command holding the edit turn; null between commands.
static var open: RefCounted = null
static var _owner_re := RegEx.create_from_string(OWNER)

## "scene" or "global".
var scope: String
## The command and the client that made the step (the name says both).
var method: String
var client: String
## The step's action name, set by its first action (or fixed up front by batch.run); "" while it has none.
var name := ""


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
		ur.create_action(name, UndoRedo.MERGE_DISABLE, object)
	else:
		ur.create_action(name, UndoRedo.MERGE_ALL, object)
	return ur


## Starts an undoable action for `object`: in the open step when a command holds one, else a step of its own.
## Add do/undo operations, then call commit_action() on the returned manager.
## The global-history commands (project settings, audio buses, presets, resources, ...) start theirs here too.
static func action_for(action_name: String, object: Object) -> EditorUndoRedoManager:
	if open != null:
		return open.action(action_name, object)
	var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
	ur.create_action(action_name, UndoRedo.MERGE_DISABLE, object)
	return ur


## An action name read back from a history: {name (without the owner), command, client}; command and client
## are "" for an action bridge did not make or made before steps were named.
static func parse(action_name: String) -> Dictionary:
	var found := _owner_re.search(action_name)
	if found == null:
		return {"name": action_name, "command": "", "client": ""}
	return {"name": found.get_string("name"), "command": found.get_string("command"), "client": found.get_string("client")}
