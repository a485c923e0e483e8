@tool
extends "../core/command_group.gd"
## Base of the runtime and input groups: their commands run inside the game the editor is playing.
## A handler only forwards the checked parameters through the game link (lib/game_link.gd).

const BridgeGameLink := preload("game_link.gd")
## editor.run_script's guard, which the code these groups send to the game goes through too (the commands' code_guard).
const BridgeScriptGuard := preload("guard/script_guard.gd")

## How long the editor waits for the game's reply beyond any wait the command itself asks for.
const REPLY_MS := 10_000


## A handler that runs `method` in the game; the timeout grows by the command's own timeout_ms
## parameter (waits) and by `extra` (ms for the request's own work, from its params). The call's
## progress and cancellation (core/call_context.gd) travel to the game with it.
func in_game(method: String, extra: Callable = Callable()) -> Callable:
	return _forward.bind(method, extra)


func _forward(c: BridgeCall, method: String, extra: Callable) -> Variant:
	var p := c.params
	var wait_ms: int = p.get("timeout_ms", 0)
	var ms: int = REPLY_MS + wait_ms
	if extra.is_valid():
		var work_ms: int = extra.call(p)
		ms += work_ms
	return await BridgeGameLink.of(server).request(method, p, ms, c.context)
