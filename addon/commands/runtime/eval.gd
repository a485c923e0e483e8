@tool
extends "../../lib/game_command.gd"
## runtime.eval and runtime.wait_until: GDScript run inside the game. Compiled before it runs, so a
## syntax error comes back as an error with its line and the game keeps running. The editor audits each
## body before it is sent (lib/audit_log.gd, like editor.run_script's); editor.run_script's guard does
## not apply here: the game is the user's own program and runs with the same rights.

const AuditLog := preload("../../lib/audit_log.gd")


func commands() -> Array:
	return [
		{
			"method": "runtime.eval",
			"summary": "Run a GDScript function body inside the running game as a method of a Node in its tree: get_tree(), get_node(), $Path (the current scene's, as in a script on its root) and await work; tree, root and scene are in scope; emit(v) collects values. Returns what it emits and returns.",
			"params": [req("code", "string", "Statements; `emit(v)` collects values, `return v` sets result; may await, e.g. `await get_tree().physics_frame`")],
			"example": {"code": "emit(scene.name)\nreturn scene.get_node(\"Player\").position"},
			"destructive": true,
			"needs": "game",
			"undo": "none",
			"returns": {"emitted": "Array", "result": "any", "errors": [{"type": "string", "message": "string", "line?": "int"}], "run_usec": "int"},
			"handler": audited("runtime.eval", "code"),
		},
		{
			"method": "runtime.wait_until",
			"summary": "Wait until a GDScript expression is true in the running game (checked every frame), or fail after timeout_ms.",
			"params": [
				req("condition", "string", "Expression with tree, root, scene, get_node() and $Path in scope, e.g. $Player.position.x > 300"),
				opt("timeout_ms", "int", "Give up after this long", 5000, {"min": 0, "max": 60000}),
			],
			"example": {"condition": "tree.get_frame() > 10", "timeout_ms": 2000},
			"read_only": true,
			"needs": "game",
			"timeout_ms": 75000,
			"returns": {"condition": "string", "value": "any", "frames": "int", "elapsed_ms": "int"},
			"handler": audited("runtime.wait_until", "condition"),
		},
	]


## in_game(method), with the code in `param` written to the audit trail and the output before it is
## sent (while the transport's context is valid: before the first await) and the outcome after.
func audited(method: String, param: String) -> Callable:
	var forward := in_game(method)
	return func(p: Dictionary) -> Variant:
		var body: String = p[param]
		print("bridge: %s:\n%s" % [method, body])
		var id := AuditLog.started(method, body)
		var out: Variant = await forward.call(p)
		AuditLog.finished(id, method, "failed" if out is BridgeError else "ok", out.message if out is BridgeError else "")
		return out
