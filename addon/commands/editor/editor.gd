@tool
extends "../../core/command_group.gd"
## editor.*: the editor itself — selection, output, scripts, saving, quitting. Undo and redo live in
## editor_history_commands.gd.

const BridgeOutputLog := preload("../../core/output_log.gd")
const BridgeOpenTextSync := preload("../../core/open_text_sync.gd")
const BridgeGameOutput := preload("../../lib/game_output.gd")
const BridgeSettings := preload("../../core/settings.gd")
const BridgeScriptRunner := preload("lib/script_runner.gd")
const BridgeCompileErrors := preload("../../core/compile_errors.gd")
const BridgeScriptGuard := preload("../../lib/guard/script_guard.gd")


func _init(p_server: Node = null) -> void:
	super(p_server)
	BridgeOutputLog.of(server)  # capture from the plugin's start, not from the first editor.errors


func commands() -> Array:
	return [
		{
			"method": "editor.selection_get",
			"summary": "The nodes selected in the edited scene, as paths from the scene root ('.' is the root).",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"scene": "string", "nodes": ["string"]},
			"handler": _selection_get,
		},
		{
			"method": "editor.selection_set",
			"idempotent": true,
			"summary": "Select exactly these nodes of the edited scene ([] clears the selection).",
			"params": [req("nodes", "Array", "Node paths from the scene root, e.g. [\"Player\", \"Camera2D\"]; '.' is the root", {"items": "string"})],
			"example": {"nodes": ["Player"]},
			"undo": "none",  # the selection is editor state, in no history
			"returns": {"scene": "string", "nodes": ["string"]},
			"handler": _selection_set,
		},
		{
			"method": "editor.errors",
			"since": "4.5",  # the output capture is a Logger (core/output_capture.gd)
			"summary": "Recent errors and warnings of the editor and its games (held in the debugger or exited too), and each error of a script that does not compile now; each with its source and, for a game's, its play; oldest first, page with since.",
			"params": [
				opt("since", "int", "Only entries with seq >= this (pass the last reply's next_seq)", 0, {"min": 0}),
				opt("limit", "int", "At most this many (the newest)", 100, {"min": 1, "max": 1000}),
				choice("source", ["all"] + BridgeOutputLog.SOURCES, "Only the editor's entries or only the game's",
						"all"),
				opt("own_frames", "bool", "Keep bridge's own frames", false),
			],
			"example": {"limit": 20},
			"read_only": true,
			# play: the game's play {id, pid, scene, started_unix} (runtime.errors reads one play); null for the editor's own
			"returns": {"count": "int", "next_seq": "int", "entries": [{"seq": "int", "type": "string", "message": "string", "source": "string",
					"play": "Dictionary|null"}]},
			"handler": _errors,
		},
		{
			"method": "editor.run_script",
			"summary": "Run a GDScript function body in the editor (with editor, scene, undo_redo, emit(v)); returns emitted values and the return value. File writes, programs, process control, settings changes and names or code built at run time are refused unless allowed (docs/security.md).",
			"params": [
				req("code", "string", "Statements; `emit(v)` collects values, `return v` sets result", EVALUATES),
				opt("allow_unsafe_editor_io", "bool", "Run what the guard refuses (file writes, programs, process control, settings changes, names or code built at run time)", false),
			],
			"example": {"code": "emit(scene.name if scene else null)\nreturn Engine.get_version_info().minor"},
			"destructive": true,
			# the snippet is no undo step of its own (actions it makes through undo_redo are its own steps)
			"undo": "none",
			"returns": {"emitted": "Array", "result": "any", "errors": [{"type": "string", "message": "string"}]},
			"handler": _run_script,
			"code_guard": func(p: Dictionary) -> Variant: return BridgeScriptGuard.verdict("editor.run_script", p.code, p.allow_unsafe_editor_io),
		},
		{
			"method": "editor.reload_scripts",
			"idempotent": true,
			"summary": "Reload project scripts changed on disk; one that no longer compiles takes the new text anyway (it fails until fixed, and is reported).",
			"params": [],
			"example": {},
			"undo": "none",  # scripts reread from disk
			"returns": {"reloaded": ["string"], "unchanged": "int", "failed": [{"path": "string", "error": "string"}]},
			"handler": _reload_scripts,
		},
		{
			"method": "editor.save_all",
			"idempotent": true,
			"summary": "Save every open scene and the project settings.",
			"params": [],
			"example": {},
			"undo": "none",  # files written
			"returns": {"scenes": ["string"], "project_settings": "bool"},
			"handler": _save_all,
		},
		{
			"method": "editor.quit",
			"summary": "Quit the editor and game; unsaved edits lost.",
			"params": [
				opt("exit_code", "int", "Exit code", 0, {"min": 0, "max": 125}),
				# the editor cannot wait for its own end: the client (src/editor/quit-wait.ts) waits for these pids
				opt("wait", "bool", "Await exit"),
			],
			"example": {"exit_code": 0},
			"destructive": true,
			"undo": "none",
			# also pid, game_pid, wait, and the client's waited, gone, clean, files_left (or log_file): src/editor/quit-wait.ts;
			# kept out of the shape so the MCP tool list stays within its byte budget (test/unit/mcp/schemas.test.ts)
			"returns": {"quitting": "bool", "exit_code": "int"},
			"handler": _quit,
		},
	]


func _selection_get(_c: BridgeCall) -> Variant:
	var root := EditorInterface.get_edited_scene_root()
	if root == null:
		return {"scene": "", "nodes": []}
	var nodes: Array = []
	for n: Node in EditorInterface.get_selection().get_selected_nodes():
		nodes.append(str(root.get_path_to(n)))
	return {"scene": root.scene_file_path, "nodes": nodes}


func _selection_set(c: BridgeCall) -> Variant:
	var p := c.params
	var root := EditorInterface.get_edited_scene_root()
	if root == null:
		return c.error(BridgeError.NO_SCENE, "no scene is open in the editor")
	var nodes: Array[Node] = []
	for path: Variant in p.nodes:
		var n := find_node(root, str(path)) if path is String else null
		if n == null:
			return c.not_found("no node %s in %s; nothing was selected" % [JSON.stringify(path), root.scene_file_path],
					{"path": path})
		nodes.append(n)
	var selection := EditorInterface.get_selection()
	selection.clear()
	for n in nodes:
		selection.add_node(n)
	return _selection_get(c)


## A node of the edited scene by path: "." or the root's name for the root, "Player/Shape" from the
## root, or "/root/Main/Player" as the running game would see it. Only nodes of the scene itself.
static func find_node(root: Node, path: String) -> Node:
	var p := path.strip_edges()
	if p.begins_with("/root/"):
		p = p.trim_prefix("/root/")
		if p != root.name and not p.begins_with(str(root.name) + "/"):
			return null
	if p == "" or p == "." or p == str(root.name):
		return root
	if p.begins_with(str(root.name) + "/") and not root.has_node(p):
		p = p.trim_prefix(str(root.name) + "/")
	var n := root.get_node_or_null(NodePath(p))
	if n == null or (n != root and n.owner != root):
		return null
	return n


func _errors(c: BridgeCall) -> Variant:
	var p := c.params
	BridgeGameOutput.of(server).collect()
	var logger: BridgeOutputLog = BridgeOutputLog.of(server)
	var entries: Array = logger.errors(p.since, p.limit, [] if p.source == "all" else [p.source])
	if p.source != "game":  # the scripts that do not compile now, each error once (core/compile_errors.gd)
		entries = BridgeCompileErrors.merged(entries, p.since, p.limit)
	if not p.own_frames:
		entries = entries.map(func(e: Dictionary) -> Dictionary: return BridgeOutputLog.without_own_frames(e))
	return {"count": entries.size(), "next_seq": logger.next_seq(), "entries": entries}


func _run_script(c: BridgeCall) -> Variant:
	var p := c.params
	return await BridgeScriptRunner.run(p.code, BridgeOutputLog.of(server))


func _reload_scripts(_c: BridgeCall) -> Variant:
	EditorInterface.get_resource_filesystem().scan()
	var reloaded: Array = []
	var unchanged := 0
	var failed: Array = []
	for path: String in _script_paths("res://"):
		if not ResourceLoader.has_cached(path):
			continue  # not loaded: the next load reads the file anyway
		var synced := BridgeOpenTextSync.sync(path)  # the file's text, also when it does not compile (see the lib)
		if not synced.has("compiles"):
			unchanged += 1
		elif synced.compiles:
			reloaded.append(path)
		else:
			failed.append({"path": path, "error": synced.error})
	return {"reloaded": reloaded, "unchanged": unchanged, "failed": failed}


## Every .gd under dir except .godot and the bridge's own scripts (reloading those mid-command would
## swap the code that is running).
func _script_paths(dir: String) -> Array:
	var out: Array = []
	for name in DirAccess.get_directories_at(dir):
		var sub := dir.path_join(name)
		if not name.begins_with(".") and sub != BridgeSettings.addon_dir():
			out.append_array(_script_paths(sub))
	for name in DirAccess.get_files_at(dir):
		if name.get_extension() == "gd":
			out.append(dir.path_join(name))
	return out


func _save_all(c: BridgeCall) -> Variant:
	var scenes: Array = Array(EditorInterface.get_open_scenes())
	EditorInterface.save_all_scenes()
	var err := ProjectSettings.save()
	if err != OK:
		return c.failed("scenes saved, but project.godot was not: %s" % error_string(err), {"scenes": scenes})
	return {"scenes": scenes, "project_settings": true}


func _quit(c: BridgeCall) -> Variant:
	var p := c.params
	var game_pid := 0
	if EditorInterface.is_playing_scene():
		game_pid = BridgeGameOutput.of(server).last_pid()
		EditorInterface.stop_playing_scene()  # a quitting editor would leave the game orphaned
	# Answer first, quit on the next frame: the client gets its reply before the socket closes.
	(func() -> void:
		server.shutdown(true)
		server.get_tree().quit(p.exit_code)).call_deferred()
	return {"quitting": true, "exit_code": p.exit_code, "pid": OS.get_process_id(), "game_pid": game_pid, "wait": p.get("wait") != false}
