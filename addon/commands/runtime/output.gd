@tool
extends "../../core/command_group.gd"
## runtime.errors: what the game logged and printed, answered by the editor from the game's output file
## (lib/game_output.gd), so it reads the same whether the game runs, is held at an error in the debugger,
## or has exited. Only the game running now, or the last one once it ended (editor.errors with source game
## pages through every game of the session).

const BridgeOutputLog := preload("../../lib/output_log.gd")
const BridgeGameOutput := preload("../../lib/game_output.gd")

## The game's entry: file/line/function of the engine's report; script_file/script_line and stack where GDScript was running.
const ENTRY := {"seq": "int", "type": "string", "message": "string", "source": "string", "pid": "int", "file?": "string", "line?": "int",
		"function?": "string", "script_file?": "string", "script_line?": "int", "stack?": [{"file": "string", "line": "int", "function": "string"}]}
## errors: what editor.errors shows (errors, warnings, script and shader errors, printerr lines).
const KINDS := ["errors", "all", "print", "stderr", "error", "warning", "script", "shader"]  # OutputLog.KINDS after the first two


func commands() -> Array:
	return [
		{
			"method": "runtime.errors",
			"since": "4.5",  # the output capture is a Logger (lib/output_capture.gd)
			"summary": "What the game (running now, or the last one) logged — script errors (file, line, function, stack), push_error/push_warning, engine errors, printerr — and with kind all what it printed, oldest first; also while it is held at an error in the debugger and after it exited. Page with since.",
			"params": [
				opt("since", "int", "Only entries with seq >= this (pass the last reply's next_seq)", 0, {"min": 0}),
				opt("limit", "int", "At most this many (the newest)", 100, {"min": 1, "max": 1000}),
				choice("kind", KINDS, "errors: errors, warnings and printerr lines; all: print lines too; or one kind", "errors"),
				opt("clear", "bool", "Forget the game's entries read so far (since is simpler)", false),
			],
			"example": {"limit": 20},
			"read_only": true,
			"returns": {"count": "int", "next_seq": "int", "playing": "bool", "pid": "int", "entries": [ENTRY]},
			"handler": _errors,
		},
	]


func _errors(c: BridgeCall) -> Variant:
	var p := c.params
	var game := BridgeGameOutput.of(server)
	game.collect()
	var logger: BridgeOutputLog = BridgeOutputLog.of(server)
	var entries: Array
	if p.kind == "errors":
		entries = logger.errors(p.since, BridgeOutputLog.CAPACITY, ["game"])
	else:
		entries = logger.output(p.since, BridgeOutputLog.CAPACITY * 2, [] if p.kind == "all" else [p.kind], ["game"])
	var pid := game.last_pid()
	entries = entries.filter(func(e: Dictionary) -> bool: return int(e.get("pid", 0)) == pid)
	if entries.size() > p.limit:
		entries = entries.slice(entries.size() - p.limit)
	var next: int = logger.next_seq()
	if p.clear:
		logger.clear("game")
	return {"count": entries.size(), "next_seq": next, "playing": EditorInterface.is_playing_scene(), "pid": game.last_pid(),
			"entries": entries}
