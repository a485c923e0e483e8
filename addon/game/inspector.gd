extends Node
## MCPGameInspector, the game autoload that answers the editor: every frame (paused or not) it takes
## the requests in the mailbox (game/ipc.gd) in order, runs each as its own coroutine and writes the
## reply under the request's id. Input requests go to MCPGameInput. Inert in an exported game and in a
## game the editor did not launch.

const Ipc := preload("ipc.gd")

## The game's clock (game/clock.gd): frozen, stepped; MCPGameInput reads it too.
var clock: RefCounted
var _dir := ""
var _handlers: Dictionary = {}
var _parts: Array[RefCounted] = []  # the handlers' objects: a Callable alone does not keep them alive
var _log: RefCounted  # lib/output_log.gd
var _pending := 0
var _run: Dictionary = {}  # run.json: the hello, then how the game ended (game/ipc.gd)
var _run_frames := 0


func _ready() -> void:
	if not Ipc.enabled():
		set_process(false)
		return
	process_mode = Node.PROCESS_MODE_ALWAYS
	process_priority = -999
	# Loaded only here: value coercion is shared with the editor side, which an export template lacks.
	var here: String = get_script().resource_path.get_base_dir()
	var part := func(file: String) -> Script: return load(here.path_join(file))
	_log = load(here.path_join("../lib/output_log.gd").simplify_path()).new()
	_log.set("source", "game")
	_log.call("start_capture")  # nothing before Godot 4.5 (no Logger): the game's output file then stays empty
	var tree := get_tree()
	clock = part.call("clock.gd").new(tree)
	if Ipc.frozen_start():
		clock.freeze()  # autoloads are ready before the first physics tick: the game has not moved yet
	var nodes: RefCounted = part.call("nodes.gd").new(tree)
	var eval: RefCounted = part.call("eval.gd").new(tree, _log)
	var control: RefCounted = part.call("control.gd").new(tree, _log, clock, eval)
	var frozen_at: int = Engine.get_physics_frames() if clock.frozen else -1
	var counter: Node = part.call("tick_counter.gd").new()
	counter.name = "Ticks"
	add_child(counter)
	_parts = [nodes, eval, part.call("frames.gd").new(tree), part.call("waits.gd").new(tree, nodes), control,
			part.call("record.gd").new(tree, clock, eval, counter, frozen_at >= 0), part.call("replay.gd").new(tree, clock, eval, counter)]
	for obj: RefCounted in _parts:
		_handlers.merge(obj.handlers())
	_fit_headless_window()
	var key := Ipc.game_key()
	_dir = Ipc.reset(key)
	var session := "%d-%d" % [OS.get_process_id(), Time.get_ticks_usec()]
	# what it prints and logs, readable by the editor also while held in the debugger and after it exited
	_log.call("write_to", _dir.path_join(Ipc.OUTPUT_FILE), {"session": session, "pid": OS.get_process_id()})
	var hello: Dictionary = control.status()
	hello["key"] = key
	hello["frozen_physics_frames"] = frozen_at
	hello["session"] = session
	hello["started_unix"] = Time.get_unix_time_from_system()
	Ipc.write_atomic(_dir, Ipc.GAME_FILE, JSON.stringify(hello))
	_run = hello
	Ipc.write_atomic(_dir, Ipc.RUN_FILE, JSON.stringify(_run))


## A headless game's window is 64×64, so a full-rect UI lays out in 64×64 and clicks past it miss:
## give the root the project's viewport size, as a real window would have.
func _fit_headless_window() -> void:
	if DisplayServer.get_name() != "headless":
		return
	var w: int = ProjectSettings.get_setting("display/window/size/viewport_width", 1152)
	var h: int = ProjectSettings.get_setting("display/window/size/viewport_height", 648)
	get_tree().root.size = Vector2i(w, h)


func _exit_tree() -> void:
	if _dir != "":
		DirAccess.remove_absolute(_dir.path_join(Ipc.GAME_FILE))
		# the game ran to an end of its own (quit, window closed): scene.play reports a finished run
		_run["ended"] = "quit"
		_run["frames"] = Engine.get_process_frames()
		Ipc.write_atomic(_dir, Ipc.RUN_FILE, JSON.stringify(_run))
	if _log:
		_log.call("stop_capture")


func _process(_delta: float) -> void:
	if _run_frames < 2:  # past its first frames without quitting: scene.play reports it playing, not finished
		_run_frames += 1
		if _run_frames == 2:
			_run["running"] = true
			Ipc.write_atomic(_dir, Ipc.RUN_FILE, JSON.stringify(_run))
	var names := DirAccess.get_files_at(_dir)
	if names.is_empty():
		return
	var requests: Array[String] = []
	for file in names:
		if file.begins_with(Ipc.REQUEST_PREFIX) and file.ends_with(".json"):
			requests.append(file)
	requests.sort()  # req-<zero-padded seq>: arrival order
	for file in requests:
		var path := _dir.path_join(file)
		var req: Variant = Ipc.read_json(path)
		DirAccess.remove_absolute(path)
		if req is Dictionary and req.get("id") is String:
			@warning_ignore("missing_await")
			_serve(req)  # not awaited: a request that waits for frames must not hold up the others


## Runs one request (it may await frames) and writes its reply.
func _serve(req: Dictionary) -> void:
	_pending += 1
	var method: String = str(req.get("method", ""))
	var params: Variant = req.get("params", {})
	var out: Variant
	if not params is Dictionary:
		out = Ipc.error(Ipc.INVALID, "params must be an object")
	elif method.begins_with("input."):
		var input := get_node_or_null(^"/root/MCPGameInput")
		out = await input.handle(method, params) if input else Ipc.error(Ipc.FAILED,
				"the MCPGameInput autoload is missing from this game; disable and enable the bridge plugin to add it")
	elif _handlers.has(method):
		Ipc.current_id = str(req.id)  # for a handler that waits: progress and cancellation (ipc.gd)
		out = await _handlers[method].call(params)
	else:
		out = Ipc.error(Ipc.INVALID, "the game does not know '%s'; the game and editor addons differ: restart the game" % method)
	var reply := {"id": req.id}
	if out is Dictionary and out.has("error") and out.size() == 1:
		reply["error"] = out.error
	else:
		reply["result"] = out
	var text := JSON.stringify(reply)
	if text == "" or text == "null":
		text = JSON.stringify({"id": req.id, "error": {"code": Ipc.FAILED, "message": "the reply could not be encoded as JSON"}})
	Ipc.write_atomic(_dir, Ipc.reply_name(req.id), text)
	Ipc.finish(str(req.id))
	_pending -= 1
