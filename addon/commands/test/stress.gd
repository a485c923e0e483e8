@tool
extends "../../core/command_group.gd"
## test.stress: a seeded monkey test. Presses random input actions for random numbers of physics ticks
## (runtime.step: deterministic, so a failure replays with the same seed) and reports every error the game
## logged and whether it survived.


func commands() -> Array:
	return [
		{
			"method": "test.stress",
			"verdict": "ok",
			"summary": "Seeded monkey test: press random input actions for random tick counts, then report the game's errors and whether it is still alive; same seed, same run.",
			"params": [
				opt("actions", "Array", "Input actions to press (default: the project's own actions, ui_* left out)", [], {"items": "string"}),
				opt("ticks", "int", "Physics ticks to run in total", 300, {"min": 1, "max": 36000}),
				opt("max_hold", "int", "Most ticks one press lasts", 15, {"min": 1, "max": 600}),
				opt("seed", "int", "Random seed", 0),
				opt("scene", "string", "Scene to play first: main, current, a res:// file, or none for the running game", "main"),
				opt("stop_after", "bool", "Stop the game at the end when this started it", true),
			],
			"example": {"ticks": 120, "seed": 42},
			"timeout_ms": 600000,
			"undo": "none",
			"answer_size": "the press sequence it ran, so that a failure can be replayed",
			"returns": {"ok": "bool", "alive": "bool", "ticks": "int", "presses": "int", "sequence": [["string|int"]], "errors": "Array", "failure": "string",
					"seed": "int", "pid": "int", "stopped": "bool"},
			"handler": _stress,
		},
	]


func _stress(c: BridgeCall) -> Variant:
	var p := c.params
	var actions: Array = p.actions.map(func(a: Variant) -> String: return str(a))
	if actions.is_empty():
		for prop: Dictionary in ProjectSettings.get_property_list():
			var n := str(prop.name)
			if n.begins_with("input/") and not n.begins_with("input/ui_"):
				actions.append(n.trim_prefix("input/"))
	if actions.is_empty():
		return c.invalid("the project has no input actions of its own; pass actions", {"param": "actions"})
	for a: String in actions:
		if not ProjectSettings.has_setting("input/" + a):
			return c.invalid("no input action '%s' in the project" % a, {"param": "actions"})
	var started := false
	if p.scene != "none":
		var played: Dictionary = await c.run("scene.play", {"scene": p.scene})
		if played.has("error"):
			return c.failed("could not play %s: %s" % [p.scene, played.error.message])
		started = true
	elif not EditorInterface.is_playing_scene():
		return c.error(BridgeError.GAME_NOT_RUNNING, "scene is none but no game runs; start one with scene.play")
	var since: Dictionary = await c.run("runtime.errors", {"limit": 1})
	var from: int = int(since.get("result", {}).get("next_seq", 0))
	var pid: int = int((await c.run("runtime.status", {})).get("result", {}).get("pid", 0))
	await c.run("runtime.pause", {})
	var rng := RandomNumberGenerator.new()
	rng.seed = p.seed
	var done := 0
	var presses: Array = []
	var failure := ""
	while done < p.ticks and failure == "":
		var action: String = actions[rng.randi_range(0, actions.size() - 1)]
		var hold := mini(rng.randi_range(1, p.max_hold), p.ticks - done)
		for step: Array in [["input.action", {"action": action, "pressed": true}], ["runtime.step", {"frames": hold}],
				["input.action", {"action": action, "pressed": false}]]:
			var out: Dictionary = await c.run(step[0], step[1])
			if out.has("error"):
				failure = "%s: %s" % [step[0], out.error.message]
				break
		presses.append([action, hold])
		done += hold
	var alive := EditorInterface.is_playing_scene() and not (await c.run("runtime.status", {})).has("error")
	var errors: Array = []
	if alive:
		var logged: Dictionary = await c.run("runtime.errors", {"since": from, "limit": 100})
		errors = logged.get("result", {}).get("entries", [])
		await c.run("runtime.resume", {})
	if started and p.stop_after:
		await c.run("scene.stop", {})
	return {"ok": alive and errors.is_empty() and failure == "", "alive": alive, "ticks": done, "presses": presses.size(),
			"sequence": presses.slice(0, 50), "errors": errors, "failure": failure, "seed": p.seed, "pid": pid,
			"stopped": started and p.stop_after}
