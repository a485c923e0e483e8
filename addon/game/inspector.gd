extends Node
## MCPGameInspector, the game autoload that answers the editor: every frame (paused or not) it takes
## the requests in the mailbox (game/ipc.gd) in order, runs each as its own coroutine and writes the
## reply under the request's id. Which script under game/ answers which method is stated by the groups'
## index files (commands/<group>/index.json, "game"; core/group_index.gd), read once at start; each script
## (a part) is built on its first request, with this inspector as its source of the tree, clock, log, tick
## counter and the other parts it uses. Inert in an exported game and in a game the editor did not launch.
##
## The whole addon's rule (docs/architecture.md, "Names beside the project's class_names"): a project's class_name
## wins over a script's own preload constant of the same name wherever it stands as a type (Godot 4.6, declared
## once is enough), and an inner class of that name is a parse error ("hides a global script class"); so every
## name the addon gives a script starts with Bridge (const BridgeIpc := preload(...)). The scripts the game runs
## (game/*.gd and what they load from core/ and lib/) go further: such a constant is used in expressions only,
## never as a type (annotation, -> return, as, is, extends, Array[...]), and none declares a class_name or an
## inner class. Type by the engine class (Node, RefCounted) and test with is_instance_of(x, BridgeConst).
## test/unit/game-script-types.test.ts checks the sources; test/e2e/game/project-class-names.e2e.test.ts plays
## a project declaring every such name.

const BridgeIpc := preload("ipc.gd")
## The hello (game.json) is the game's answer to this method.
const HELLO_METHOD := "runtime.status"
## What an agent asks a game first after playing it (issue 50's cycle: play, observe): its part (game/nodes.gd, ~25 ms
## to compile) is built in the game's second frame, while the play's answer travels. A runtime.tree sent at once
## used to find control.gd and then value coercion compiling there: 80-200 ms.
const OBSERVE_METHOD := "runtime.tree"
## The rest is built ahead only once no request came for this long, one piece a frame (control.gd ~50 ms, the value
## coercion game/nodes.gd loads on first use ~75 ms): a compile blocks the game's frame, and a request it meets
## waits for it. An agent thinking between calls leaves far more; back-to-back calls build what they use.
const WARM_AFTER_QUIET_MS := 150

## The game's clock (game/clock.gd): frozen, stepped; MCPGameInput reads it too.
var clock: RefCounted
## The game's output log (core/output_log.gd, loaded by path: see _ready).
var output: RefCounted
## game/tick_counter.gd: the ticks the game's nodes ran (runtime.record and runtime.replay count with it).
var ticks: Node
## The physics frame the game was frozen at from its start (scene.play frozen), or -1.
var frozen_at := -1
var _dir := ""
var _here := ""  # this script's folder: the game scripts
var _routes: Dictionary = {}  # game method -> {script, group}, from the groups' index files
var _parts: Dictionary = {}  # script file -> the object answering its methods (a Callable alone does not keep it alive)
var _answers: Dictionary = {}  # game method -> its handler Callable, once its part is built
var _pending := 0
var _run: Dictionary = {}  # run.json: the hello, then how the game ended (game/ipc.gd)
var _run_frames := 0
var _warm_step := 0  # what is built ahead so far (_warm)
var _last_request_msec := 0


func _ready() -> void:
	if not BridgeIpc.enabled():
		set_process(false)
		return
	process_mode = Node.PROCESS_MODE_ALWAYS
	process_priority = -999
	var begun := Time.get_ticks_usec()
	# Loaded only here, by path: an exported game (inert) never compiles the editor-side scripts.
	_here = get_script().resource_path.get_base_dir()
	output = load(_here.path_join("../core/output_log.gd").simplify_path()).new()
	output.set("source", "game")
	output.call("start_capture")  # nothing before Godot 4.5 (no Logger): the game's output file then stays empty
	clock = load(_here.path_join("clock.gd")).new(get_tree())
	if BridgeIpc.frozen_start():
		clock.freeze()  # autoloads are ready before the first physics tick: the game has not moved yet
	frozen_at = Engine.get_physics_frames() if clock.frozen else -1
	ticks = load(_here.path_join("tick_counter.gd")).new()
	ticks.name = "Ticks"
	add_child(ticks)
	# once per start: every group's small index.json, only the few with a game map parsed (1-3 ms measured)
	_routes = load(_here.path_join("../core/group_index.gd").simplify_path()).call("game_handlers",
			_here.path_join("../commands").simplify_path())
	_fit_headless_window()
	var key := BridgeIpc.game_key()
	_dir = BridgeIpc.reset(key)
	var session := "%d-%d" % [OS.get_process_id(), Time.get_ticks_usec()]
	# what it prints and logs, readable by the editor also while held in the debugger and after it exited
	output.call("write_to", _dir.path_join(BridgeIpc.OUTPUT_FILE), {"session": session, "pid": OS.get_process_id()})
	# runtime.status's answer, from its own small script: the parts (control.gd first) are built after the hello
	var hello: Dictionary = load(_here.path_join("status.gd")).call("of", get_tree(), clock.frozen)
	hello["key"] = key
	hello["frozen_physics_frames"] = frozen_at
	hello["session"] = session
	hello["started_unix"] = Time.get_unix_time_from_system()
	hello["ready_work_usec"] = Time.get_ticks_usec() - begun  # scene.play's phases_ms (commands/scene/lib/play_phases.gd)
	BridgeIpc.write_atomic(_dir, BridgeIpc.GAME_FILE, JSON.stringify(hello))
	_run = hello
	BridgeIpc.write_atomic(_dir, BridgeIpc.RUN_FILE, JSON.stringify(_run))
	_last_request_msec = Time.get_ticks_msec()  # the hello counts as one: the agent's first call comes before any warming


## The object answering the methods of game/<file>, built on first use: a part (RefCounted) made with this
## inspector, or for a Node script the autoload running it (MCPGameInput). null when there is none: _handler
## says why. Parts reach each other here too (by file name), so each is built once and shared.
func part(file: String) -> Object:
	if _parts.has(file):
		return _parts[file]
	var script := load(_here.path_join(file)) as Script
	if script == null or not script.can_instantiate():
		return null
	var obj: Object = null
	if ClassDB.is_parent_class(script.get_instance_base_type(), &"Node"):
		for node: Node in get_tree().root.get_children():
			if node.get_script() == script:
				obj = node
	else:
		obj = script.new(self)
	if obj != null:
		_parts[file] = obj
	return obj


## The Callable answering `method`, or an error reply saying why the game cannot answer it.
func _handler(method: String) -> Variant:
	if _answers.has(method):
		return _answers[method]
	if not _routes.has(method):
		return BridgeIpc.error(BridgeIpc.INVALID, "the game does not know '%s'; the game and editor addons differ: restart the game" % method)
	var file: String = _routes[method].script
	var obj := part(file)
	if obj == null:
		var script := load(_here.path_join(file)) as Script
		if script != null and script.can_instantiate():  # a Node script whose autoload is not in this game
			return BridgeIpc.error(BridgeIpc.FAILED, "game/%s runs as an autoload this game lacks; disable and enable the bridge plugin to add it" % file)
		return BridgeIpc.error(BridgeIpc.FAILED, "game/%s did not load in this game (the game's output has the engine's error)" % file)
	var table: Dictionary = obj.call("handlers")
	for answered: Variant in table:
		if _routes.get(answered, {}).get("script") == file:
			_answers[answered] = table[answered]
	if not _answers.has(method):
		return BridgeIpc.error(BridgeIpc.FAILED, "game/%s has no handler for '%s', which commands/%s/index.json says it answers" % [
				file, method, _routes[method].group])
	return _answers[method]


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
		DirAccess.remove_absolute(_dir.path_join(BridgeIpc.GAME_FILE))
		# the game ran to an end of its own (quit, window closed): scene.play reports a finished run
		_run["ended"] = "quit"
		_run["frames"] = Engine.get_process_frames()
		BridgeIpc.write_atomic(_dir, BridgeIpc.RUN_FILE, JSON.stringify(_run))
	if output:
		output.call("stop_capture")


func _process(_delta: float) -> void:
	if _run_frames < 3:  # past its first frames without quitting: scene.play reports it playing, not finished
		_run_frames += 1
		if _run_frames == 2:
			_run["running"] = true
			BridgeIpc.write_atomic(_dir, BridgeIpc.RUN_FILE, JSON.stringify(_run))
			_handler(OBSERVE_METHOD)  # once the game is seen up, not before its hello
	elif _warm_step < 2 and _pending == 0 and Time.get_ticks_msec() - _last_request_msec >= WARM_AFTER_QUIET_MS:
		_warm()
	var names := DirAccess.get_files_at(_dir)
	if names.is_empty():
		return
	var requests: Array[String] = []
	for file in names:
		if file.begins_with(BridgeIpc.REQUEST_PREFIX) and file.ends_with(".json"):
			requests.append(file)
	requests.sort()  # req-<zero-padded seq>: arrival order
	for file in requests:
		var path := _dir.path_join(file)
		var req: Variant = BridgeIpc.read_json(path)
		DirAccess.remove_absolute(path)
		_last_request_msec = Time.get_ticks_msec()
		if req is Dictionary and req.get("id") is String:
			@warning_ignore("missing_await")
			_serve(req)  # not awaited: a request that waits for frames must not hold up the others


## Builds the next piece ahead of its first request (WARM_AFTER_QUIET_MS): control.gd, then what the built parts
## load on first use (a part's optional warm(): game/nodes.gd's value coercion).
func _warm() -> void:
	_warm_step += 1
	if _warm_step == 1:
		_handler(HELLO_METHOD)
		return
	for built: Object in _parts.values():
		if built.has_method("warm"):
			built.call("warm")


## Runs one request (it may await frames) and writes its reply.
func _serve(req: Dictionary) -> void:
	_pending += 1
	var method: String = str(req.get("method", ""))
	var params: Variant = req.get("params", {})
	var out: Variant
	var handler: Variant = _handler(method)
	if not params is Dictionary:
		out = BridgeIpc.error(BridgeIpc.INVALID, "params must be an object")
	elif handler is Callable:
		# every handler takes (params, request id): one that waits reports progress and reads its cancel by it
		out = await handler.call(params, str(req.id))
	else:
		out = handler
	var reply := {"id": req.id}
	if out is Dictionary and out.has("error") and out.size() == 1:
		reply["error"] = out.error
	else:
		reply["result"] = out
	var text := JSON.stringify(reply)
	if text == "" or text == "null":
		text = JSON.stringify({"id": req.id, "error": {"code": BridgeIpc.FAILED, "message": "the reply could not be encoded as JSON"}})
	BridgeIpc.write_atomic(_dir, BridgeIpc.reply_name(req.id), text)
	BridgeIpc.finish(str(req.id))
	_pending -= 1
