@tool
extends "../../core/command_group.gd"
## runtime.errors: what the game logged and printed, answered by the editor from the game's output file
## (lib/game_output.gd), so it reads the same whether the game runs, is held at an error in the debugger,
## or has exited. Only the play running now, or the last one once it ended, unless `play` names an earlier one
## (its id) or "all" (editor.errors with source game pages through every game of the session too). Every entry
## names its play ({id, pid, scene, started_unix}); seq numbers run on across plays, so a cursor (since) does.

const BridgeOutputLog := preload("../../core/output_log.gd")
const BridgeGameOutput := preload("../../lib/game_output.gd")

## A play the editor started (core/output_log.gd begin_play): its id, the game's pid, the scene, when it started.
const PLAY := {"id": "int", "pid": "int", "scene": "string", "started_unix": "float"}
## The game's entry: file/line/function of the engine's report; script_file/script_line and stack where GDScript was
## running; the play it came from.
const ENTRY := {"seq": "int", "type": "string", "message": "string", "source": "string", "pid": "int", "play": PLAY, "file?": "string",
		"line?": "int", "function?": "string", "script_file?": "string", "script_line?": "int",
		"stack?": [{"file": "string", "line": "int", "function": "string"}]}
## errors: what editor.errors shows (errors, warnings, script and shader errors, printerr lines).
const KINDS := ["errors", "all", "print", "stderr", "error", "warning", "script", "shader"]  # OutputLog.KINDS after the first two


func commands() -> Array:
	return [
		{
			"method": "runtime.errors",
			"since": "4.5",  # the output capture is a Logger (core/output_capture.gd)
			"summary": "What the game of this play (running now, or the last one) logged — script errors (file, line, function, stack), push_error/push_warning, engine errors, printerr — and with kind all what it printed, oldest first; also while it is held at an error in the debugger and after it exited. An earlier play's entries only when asked for (play); each entry names its play. Page with since.",
			"params": [
				opt("since", "int", "Only entries with seq >= this (the last reply's next_seq, across plays too)", 0, {"min": 0}),
				opt("limit", "int", "At most this many (the newest)", 100, {"min": 1, "max": 1000}),
				choice("kind", KINDS, "errors: errors, warnings and printerr lines; all: print lines too; or one kind", "errors"),
				opt("play", "any", "current (running, or the last), an earlier play's id (see plays), or all", "current"),
				opt("clear", "bool", "Forget the game's entries read so far (since is simpler)", false),
			],
			"example": {"limit": 20},
			"read_only": true,
			# play: the play answered for (null before any play, and with play all); pid: its game's; playing: whether
			# that play's game runs now; plays: every play remembered, oldest first
			"returns": {"count": "int", "next_seq": "int", "playing": "bool", "pid": "int", "play": "Dictionary|null", "plays": [PLAY],
					"entries": [ENTRY]},
			"handler": _errors,
		},
	]


func _errors(c: BridgeCall) -> Variant:
	var p := c.params
	var game := BridgeGameOutput.of(server)
	game.collect()
	var logger: BridgeOutputLog = BridgeOutputLog.of(server)
	var current := game.current_play()
	var play: Variant = current if not current.is_empty() else null  # the play answered for
	var which: Variant = p.play
	if which is float and which == floorf(which):
		which = int(which)
	elif which is String and which.is_valid_int():
		which = which.to_int()
	if which is int:
		play = logger.play_info(which) if which != int(current.get("id", 0)) else current
		if play.is_empty():
			return c.not_found("no play %d; the plays remembered: %s" % [which,
					", ".join(PackedStringArray(logger.plays().map(func(q: Dictionary) -> String: return "%d (%s)" % [q.id, q.scene])))],
					{"param": "play", "plays": logger.plays()})
	elif which is String and which == "all":
		play = null
	elif not (which is String and which == "current"):
		return c.invalid("play must be current, all or a play's id (plays lists them), got %s" % JSON.stringify(which),
				{"param": "play"})
	var ids: Array = [] if which is String and which == "all" else [int(play.id) if play != null else -1]
	var entries: Array
	if p.kind == "errors":
		entries = logger.errors(p.since, p.limit, ["game"], ids)
	else:
		entries = logger.output(p.since, p.limit, [] if p.kind == "all" else [p.kind], ["game"], ids)
	var next: int = logger.next_seq()
	if p.clear:
		logger.clear("game")
	var running := EditorInterface.is_playing_scene() and (play == null or int(play.id) == game.current_play_id())
	return {"count": entries.size(), "next_seq": next, "playing": running, "pid": int(current.get("pid", 0)) if play == null else int(play.pid),
			"play": play, "plays": logger.plays(), "entries": entries}
