@tool
extends "../../lib/game_command.gd"
## runtime.eval and runtime.wait_until: GDScript run inside the game. Compiled before it runs, so a
## syntax error comes back as an error with its line and the game keeps running. Their bodies are declared
## EVALUATES, so the router audits each before it is sent (core/code_audit.gd). A snippet runs with the game's
## rights, which are the user's: it gets editor.run_script's guard (the same verdict, rules and refusal:
## lib/guard/script_guard.gd), so file writes, programs, process control, settings saves and names or
## code built at run time are refused unless allow_unsafe_editor_io is given; wait_until's condition gets the
## guard too, with no flag.


func commands() -> Array:
	return [
		{
			"method": "runtime.eval",
			"summary": "Run a GDScript function body inside the running game as a method of a Node in its tree: get_tree(), get_node(), $Path (the current scene's, as in a script on its root) and await work; tree, root and scene are in scope; emit(v) collects values. Returns what it emits and returns. File writes, programs, process control, settings changes and names or code built at run time are refused unless allowed, as in editor.run_script (docs/security.md).",
			"params": [
				req("code", "string", "Statements; `emit(v)` collects values, `return v` sets result; may await, e.g. `await get_tree().physics_frame`", EVALUATES),
				opt("allow_unsafe_editor_io", "bool", "Run what the guard refuses, as editor.run_script's flag does", false),
			],
			"example": {"code": "emit(scene.name)\nreturn scene.get_node(\"Player\").position"},
			"destructive": true,
			"needs": "game",
			"undo": "none",
			"returns": {"emitted": "Array", "result": "any", "errors": [{"type": "string", "message": "string", "line?": "int"}], "run_usec": "int"},
			"handler": in_game("runtime.eval"),
			"code_guard": func(p: Dictionary) -> Variant: return BridgeScriptGuard.verdict("runtime.eval", p.code, p.allow_unsafe_editor_io),
		},
		{
			"method": "runtime.wait_until",
			"summary": "Wait until a GDScript expression is true in the running game (checked every frame), or fail after timeout_ms.",
			"params": [
				req("condition", "string", "Expression with tree, root, scene, get_node() and $Path in scope, e.g. $Player.position.x > 300", EVALUATES),
				opt("timeout_ms", "int", "Give up after this long", 5000, {"min": 0, "max": 60000}),
			],
			"example": {"condition": "tree.get_frame() > 10", "timeout_ms": 2000},
			"read_only": true,
			"needs": "game",
			"timeout_ms": 75000,
			"returns": {"condition": "string", "value": "any", "frames": "int", "elapsed_ms": "int"},
			"handler": in_game("runtime.wait_until"),
			"code_guard": func(p: Dictionary) -> Variant: return BridgeScriptGuard.verdict("runtime.wait_until", p.condition, false, false),
		},
	]

