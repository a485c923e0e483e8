@tool
extends "../../core/command_group.gd"
## scene.play, scene.stop, scene.is_playing: the game the editor runs. A headless editor without a
## display plays the game --headless (added to run/main_run_args in memory for that launch only, never
## saved to project.godot); with a display (Xvfb) the game gets a real renderer for frames.

const BridgeGameLink := preload("../../lib/game_link.gd")
const BridgeGameOutput := preload("../../lib/game_output.gd")
const BridgeIpc := preload("../../game/ipc.gd")
const BridgeGameExit := preload("lib/game_exit.gd")
const BridgeGameRun := preload("lib/game_run.gd")
const BridgePlaySaves := preload("lib/play_saves.gd")
const BridgePlayPhases := preload("lib/play_phases.gd")
const BridgeCallContext := preload("../../core/call_context.gd")
const BridgeConnectionCheck := preload("../../lib/connection_check.gd")

const ARGS_SETTING := "editor/run/main_run_args"
## How long a play waits in line behind other clients' edits before it saves what it plays.
const TURN_WAIT_MS := 15000


func commands() -> Array:
	return [
		{
			"method": "scene.play",
			"summary": "Play the main scene, the edited scene or a scene file, and wait until the game's bridge answers; returns its pid. Restarts a running game.",
			"params": [
				opt("scene", "string", "main, current (the edited scene) or a scene file like res://scenes/main.tscn", "main"),
				choice("display", ["auto", "headless", "window"], "auto: headless when the editor is headless and has no DISPLAY; window: a real renderer (needs a display, e.g. Xvfb)", "auto"),
				opt("wait_ms", "int", "How long to wait for the game's bridge to answer", 20000, {"min": 1000, "max": 120000}),
				opt("frozen", "bool", "Start frozen before the first physics tick: the game moves only with runtime.step (or runtime.resume)", false),
				opt("wait_exit", "bool", "Play the scene to its end: wait until the game quits by itself and return what it printed (a test runner's play)", false),
				opt("wait_exit_ms", "int", "With wait_exit: how long the game may run; one still running then is stopped and the play fails", 60000, {"min": 1000, "max": 600000}),
			],
			"example": {"scene": "main"},
			"timeout_ms": 730000,
			"undo": "none",  # the running game is in no history
			"returns": {"playing": "bool", "scene": "string", "pid": "int", "display_server": "string", "renders": "bool",
					"args": "string", "ready_ms": "int", "frozen": "bool", "finished?": "bool", "ended?": "string", "exit_code?": "int|null",
					"frames?": "int", "output?": ["string"], "saved?": ["string"], "phases_ms?": "any",
					"dangling_connections?": [BridgeConnectionCheck.SHAPE], "warnings?": ["string"]},
			"handler": _play,
		},
		{
			"method": "scene.stop",
			"idempotent": true,
			"summary": "Stop the game the editor is playing and wait until its process is gone.",
			"params": [],
			"example": {},
			"undo": "none",
			"returns": {"stopped": "bool", "was_playing": "bool", "pid?": "int"},
			"handler": _stop,
		},
		{
			"method": "scene.is_playing",
			"summary": "Whether the editor is playing a game: its scene, pid, whether its bridge answers, whether it is paused at a breakpoint.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"playing": "bool", "scene": "string", "pid": "int", "bridge_ready": "bool", "paused_at_breakpoint": "bool", "display_server": "string", "renders": "bool"},
			"handler": _is_playing,
		},
	]


func _play(c: BridgeCall) -> Variant:
	var p := c.params
	var context: RefCounted = c.context  # progress while the game starts; a cancel stops it again
	var target: String = p.scene
	if not target in ["main", "current"]:
		if not target.begins_with("res://") or not ResourceLoader.exists(target) or not target.get_extension() in ["tscn", "scn"]:
			return c.not_found("scene must be main, current or an existing res:// scene file, got '%s'" % target, {"scene": target})
	elif target == "main" and str(ProjectSettings.get_setting("application/run/main_scene", "")) == "":
		return c.failed("the project has no main scene (application/run/main_scene); pass scene: current or a file")
	elif target == "current" and EditorInterface.get_edited_scene_root() == null:
		return c.error(BridgeError.NO_SCENE, "no scene is open in the editor; open one or pass a scene file")
	var link: Node = BridgeGameLink.of(server)
	var tree := server.get_tree()
	var phases := BridgePlayPhases.new()
	if EditorInterface.is_playing_scene():
		link.note_stopping("restarted by scene.play")
		EditorInterface.stop_playing_scene()
		for _i in 300:
			if not EditorInterface.is_playing_scene():
				break
			await tree.process_frame
	var settle := Time.get_ticks_msec() + 2000
	while link.debugger_session_open() and Time.get_ticks_msec() < settle:  # an earlier game's session still closing
		await tree.process_frame
	BridgeGameOutput.of(server).collect()  # the last game's output, before its file goes with the mailbox
	phases.mark("earlier_game_stopped")
	link.reset_for_play()
	link.last_play = {"scene": p.scene, "display": p.display, "wait_ms": p.wait_ms, "frozen": p.frozen}  # debug.restart's
	var headless := _wants_headless(p.display)
	var previous: String = str(ProjectSettings.get_setting(ARGS_SETTING, ""))
	var args := previous
	if headless and not args.contains("--headless"):
		args = (args + " --headless").strip_edges()
	if DisplayServer.get_name() == "headless" and not args.contains("--audio-driver"):
		args = (args + " --audio-driver Dummy").strip_edges()  # an automated editor: no sound card to open
	var log_file: String = link.log_path
	BridgeGameExit.prepare(log_file)
	if log_file != "" and not args.contains("--log-file"):
		args += " --log-file " + log_file  # its own log: the last lines it printed, should it exit at once
	args = _with_user_args(args, [BridgeIpc.KEY_ARG + link.key] + ([BridgeIpc.FROZEN_ARG] if p.frozen else []))
	if args != previous:
		ProjectSettings.set_setting(ARGS_SETTING, args)
		for _i in 2:  # the run dialog takes the new args from the deferred settings_changed signal
			await tree.process_frame
	phases.mark("run_args_set")
	# the save waits for the edits in flight and no edit lands during it (their undo steps take the same turn)
	var holder: Dictionary = await c.take_edit_turn(TURN_WAIT_MS)
	var saved: Variant
	if holder.is_empty():
		saved = await BridgePlaySaves.save_changed(tree)  # only what the agent changed (lib/play_saves.gd)
	else:
		saved = c.failed(("%s by %s has held the edit turn for %d ms; scene.play waited %d ms to save the scenes it plays " +
				"while no edit runs: play again once that command has finished") % [holder.method, holder.client,
				holder.held_ms, TURN_WAIT_MS], {"waiting_for": holder})
	c.give_back_edit_turn()
	if saved is BridgeError:
		if args != previous:
			ProjectSettings.set_setting(ARGS_SETTING, previous)
		return saved
	phases.mark("scenes_saved")
	var autosave: Variant = BridgePlaySaves.hold()
	var started := Time.get_ticks_msec()
	var scene_path: String = str(ProjectSettings.get_setting("application/run/main_scene", "")) if target == "main" else \
			(EditorInterface.get_edited_scene_root().scene_file_path if target == "current" else target)
	var play_id := BridgeGameOutput.of(server).begin_play(scene_path)  # what this game logs is this play's (runtime.errors)
	match target:
		"main": EditorInterface.play_main_scene()
		"current": EditorInterface.play_current_scene()
		_: EditorInterface.play_custom_scene(target)
	phases.mark("editor_play_called")
	await tree.process_frame
	var failure: Variant = await _wait_ready(link, tree, started, args, headless, p.wait_ms, log_file, context)
	# the args stay set until the game is up: the editor may launch it a few frames late (saving scenes first),
	# and a launch that read the restored args would start without --headless and exit at once
	if args != previous:
		ProjectSettings.set_setting(ARGS_SETTING, previous)  # in memory only, and only for that launch
	BridgePlaySaves.restore(autosave)
	if failure is Dictionary:  # the game ran and quit before its bridge was seen: a finished run
		return BridgeGameRun.result(failure, scene_path, args, log_file, started).merged({"saved": saved})
	phases.mark("hello_seen")
	if failure == null:  # it answered; one that quits in its first frames is a finished run too
		var quick: Dictionary = await BridgeGameRun.settle(link.key, tree)
		if not quick.is_empty():
			return BridgeGameRun.result(quick, scene_path, args, log_file, started).merged({"saved": saved})
	phases.mark("first_frames_lived")
	if failure == null and p.wait_exit:
		var done: Variant = await _wait_exit(link, tree, scene_path, args, log_file, started, p.wait_exit_ms, context)
		if done is Dictionary:
			done["saved"] = saved
		return done
	if failure != null:
		if context != null and context.cancelled and EditorInterface.is_playing_scene():
			link.note_stopping("scene.play cancelled by the client")
			EditorInterface.stop_playing_scene()  # nothing half-started stays behind
		return failure
	if context != null:
		context.progress(p.wait_ms, p.wait_ms, "the game's bridge answered")
	var g: Dictionary = link.game
	var out := {"saved": saved, "playing": true, "scene": EditorInterface.get_playing_scene(), "pid": g.pid, "display_server": g.display_server,
			"renders": g.renders, "args": args, "ready_ms": Time.get_ticks_msec() - started, "frozen": g.get("frozen", false)}
	if phases.enabled:
		out["phases_ms"] = phases.report(g)
	# connections the game will drop without a word: warned of here and in runtime.errors (lib/connection_check.gd)
	var dangling := BridgeConnectionCheck.at_play(scene_path, int(g.pid), play_id)
	if not dangling.is_empty():
		out["dangling_connections"] = dangling
		out.get_or_add("warnings", []).append_array(dangling.map(func(d: Dictionary) -> String: return BridgeConnectionCheck.describe(d)))
	return out


## Null once the game's autoloads answered, else the BridgeError saying why they never will. Reports
## the wait as progress (ms of wait_ms) and ends it when the client cancels.
func _wait_ready(link: Node, tree: SceneTree, started: int, args: String, headless: bool, wait_ms: int, log_file: String,
		context: RefCounted = null) -> Variant:
	while link.hello().is_empty():
		if context != null:
			if context.cancelled:
				return BridgeCallContext.cancelled_error("the game that was starting is stopped")
			var waited := Time.get_ticks_msec() - started
			context.progress(waited, wait_ms, "%s: waiting for the game's bridge (%d ms)" % [
					"launching" if not EditorInterface.is_playing_scene() else "starting", waited])
		if not EditorInterface.is_playing_scene():
			var run := BridgeGameRun.record(link.key)
			if BridgeGameRun.finished(run):
				return run
			var exit := BridgeGameExit.report(log_file)
			exit["args"] = args
			return BridgeError.failed("the game exited right after starting (args: '%s'), %s%s" % [args, BridgeGameExit.describe(exit),
					"" if headless else "\nwith display=window it needs a display (DISPLAY, e.g. under Xvfb)"], exit)
		if link.paused_at_breakpoint():  # held before its autoloads answered: a script that did not compile, or an error
			return await link.pause.error("Its bridge cannot answer until it goes on", BridgeError.COMMAND_FAILED)
		if Time.get_ticks_msec() - started > wait_ms:
			return BridgeError.failed(("the game runs but its bridge autoloads did not answer within %d ms; is MCPGameInspector " +
					"in project.godot's [autoload]? Enable the bridge plugin again (or bridge install --enable)") % wait_ms)
		await tree.process_frame
	return null


## With wait_exit: the game is up; wait until it quits by itself and return the finished run, or the error
## saying it crashed, was stopped, or still runs after `wait_ms` (then it is stopped).
func _wait_exit(link: Node, tree: SceneTree, scene_path: String, args: String, log_file: String, started: int, wait_ms: int,
		context: RefCounted) -> Variant:
	var since := Time.get_ticks_msec()
	while EditorInterface.is_playing_scene():
		var ran := Time.get_ticks_msec() - since
		if context != null:
			if context.cancelled:
				link.note_stopping("scene.play cancelled by the client")
				EditorInterface.stop_playing_scene()
				return BridgeCallContext.cancelled_error("the game is stopped")
			context.progress(ran, wait_ms, "the game runs (%d ms)" % ran)
		if ran > wait_ms:
			link.note_stopping("scene.play wait_exit ran out")
			EditorInterface.stop_playing_scene()
			return BridgeError.failed("the game still ran %d ms after it started (wait_exit_ms); it is stopped; its output:\n  %s" % [
					wait_ms, "\n  ".join(PackedStringArray(BridgeGameRun.output(log_file, BridgeGameExit.LINES)))], {"output": BridgeGameRun.output(log_file)})
		await tree.process_frame
	var run := BridgeGameRun.record(link.key)
	if BridgeGameRun.finished(run):
		return BridgeGameRun.result(run, scene_path, args, log_file, started)
	var exit := BridgeGameExit.report(log_file)
	return BridgeError.failed("the game ended without quitting (it crashed, or was stopped or killed), %s" % BridgeGameExit.describe(exit), exit)


func _stop(c: BridgeCall) -> Variant:
	if not EditorInterface.is_playing_scene():
		return {"stopped": false, "was_playing": false}
	var link: Node = BridgeGameLink.of(server)
	var pid := int(link.hello().get("pid", 0))
	link.note_stopping("stopped by scene.stop")
	EditorInterface.stop_playing_scene()
	var tree := server.get_tree()
	var until := Time.get_ticks_msec() + 5000
	# wait until the editor itself has seen the game end (not playing, process reaped by the editor, never
	# by us): a play right after this must not meet the end of this game
	while (EditorInterface.is_playing_scene() or BridgeGameLink.pid_alive(pid) or link.debugger_session_open()) \
			and Time.get_ticks_msec() < until:
		await tree.process_frame
	if pid > 0 and BridgeGameLink.pid_alive(pid):
		return c.failed("the game (pid %d) is still running 5 s after stop" % pid, {"pid": pid})
	return {"stopped": true, "was_playing": true, "pid": pid}


func _is_playing(_c: BridgeCall) -> Variant:
	var link: Node = BridgeGameLink.of(server)
	var playing := EditorInterface.is_playing_scene()
	var g: Dictionary = link.hello() if playing else {}
	return {"playing": playing, "scene": EditorInterface.get_playing_scene() if playing else "", "pid": g.get("pid", 0),
			"bridge_ready": not g.is_empty(), "paused_at_breakpoint": playing and link.paused_at_breakpoint(),
			"display_server": g.get("display_server", ""), "renders": g.get("renders", false)}


## The run args with `extra` as the game's user args (after `--`, or after the user's own `--`/`++`): the
## editor puts the run args last on the game's command line.
static func _with_user_args(args: String, extra: Array) -> String:
	var parts := args.split(" ", false)
	var separated := parts.has("--") or parts.has("++")
	return " ".join(parts + PackedStringArray(([] if separated else ["--"]) + extra))


## auto: headless when the editor itself is headless and there is no display for a window.
static func _wants_headless(display: String) -> bool:
	if display != "auto":
		return display == "headless"
	return DisplayServer.get_name() == "headless" and OS.get_environment("DISPLAY") == "" and OS.get_environment("WAYLAND_DISPLAY") == ""
