@tool
extends "../../core/command_group.gd"
## test.*: playtests as data. A scenario plays a scene, acts through the runtime.* and input.* commands,
## steps physics deterministically, and asserts against the live game; the answer is a pass/fail report.
## test.assert checks one thing in the running game; test.report sums up every assertion since the last clear.

const BridgeCallContext := preload("../../core/call_context.gd")
const OPS := ["eq", "ne", "lt", "le", "gt", "ge", "near", "contains"]
const STEP_KINDS := ["do", "step", "wait_ms", "assert", "assert_text", "assert_no_errors", "assert_frame"]
## What an assert_frame step passes on to runtime.frame_compare.
const FRAME_KEYS := ["name", "baseline_dir", "tolerance", "masks", "max_changed_fraction", "scale", "diff_path"]

var _results: Array = []  # every assertion since the last test.report clear


func commands() -> Array:
	return [
		{
			"method": "test.run_scenario",
			"verdict": "ok",
			"summary": "Play a scene, run steps (do: a runtime/input command, step: physics ticks, wait_ms, assert, assert_text, assert_no_errors, assert_frame: the frame against its baseline) and return a pass/fail report; stops the game it started.",
			"params": [
				req("steps", "Array", "Steps in order: {do: method, params}, {step: ticks}, {wait_ms: n}, {assert: {node_path, property, op, expected, tolerance}}, {assert_text: text}, {assert_no_errors: true}, {assert_frame: {name, tolerance, masks, max_changed_fraction, baseline_dir}} (runtime.frame_compare against runtime.frame_baseline's baseline)", {"items": "Dictionary"}),
				opt("scene", "string", "Scene to play first: main, current or a res:// file (default: main; none: use the running game)", "main"),
				opt("stop_after", "bool", "Stop the game at the end when the scenario started it", true),
				opt("fail_fast", "bool", "Stop at the first failed step", false),
				opt("frozen", "bool", "Start frozen before the first physics tick (scene.play frozen; with scene none: runtime.pause first), so only {step: n} moves the game and exact assertions hold", false),
			],
			"example": {"scene": "main", "steps": [
				{"do": "runtime.pause"},
				{"do": "runtime.set", "params": {"node_path": "Player", "property": "position", "value": [100, 180]}},
				{"do": "input.action", "params": {"action": "move_right", "pressed": true}},
				{"step": 30},
				{"assert": {"node_path": "Player", "property": "position:x", "op": "near", "expected": 200, "tolerance": 0.5}},
				{"assert_no_errors": true},
			]},
			"timeout_ms": 300000,
			"undo": "none",
			"answer_size": "a test report: one entry a step, what each found",
			"returns": {"ok": "bool", "passed": "int", "failed": "int", "not_run": "int", "total": "int",
					"steps": [{"kind": "string", "ok": "bool", "index": "int"}], "pid": "int", "stopped": "bool", "frozen": "bool", "ms": "int"},
			"handler": _run_scenario,
		},
		{
			"method": "test.assert",
			"verdict": "ok",
			"summary": "Check a live node property against an expected value (eq ne lt le gt ge near contains), or that visible UI text is shown; recorded for test.report.",
			"params": [
				opt("node_path", "NodePath", "Node in the running game (with property)"),
				opt("property", "string", "Property, or a component like position:x"),
				choice("op", OPS, "Comparison", "eq"),
				opt("expected", "any", "Expected value (JSON)"),
				opt("tolerance", "float", "For near, and for eq on numbers", 0.0001, {"min": 0.0}),
				opt("text", "string", "Instead of a property: text some visible Control shows"),
			],
			"example": {"node_path": "Player", "property": "speed", "op": "eq", "expected": 200},
			"needs": "game",
			"undo": "none",
			"returns": {"kind": "string", "ok": "bool", "node_path?": "string", "property?": "string", "op?": "string", "expected?": "any",
					"actual?": "any", "text?": "string", "found?": ["string"], "error?": "string"},
			"handler": _assert,
		},
		{
			"method": "test.report",
			"verdict": "ok",
			"summary": "Pass/fail summary of every test.assert and scenario step since the last clear.",
			"params": [opt("clear", "bool", "Forget the results after reporting", false)],
			"example": {},
			"read_only": true,
			"returns": {"ok": "bool", "total": "int", "passed": "int", "failed": "int", "failures": [{"kind": "string", "ok": "bool"}]},
			"handler": _report,
		},
	]


func _run_scenario(c: BridgeCall) -> Variant:
	var p := c.params
	var context: RefCounted = c.context  # a step of the steps as progress; a cancel stops between steps
	for i: int in p.steps.size():
		var bad: Variant = _check_step(p.steps[i], i)
		if bad:
			return bad
	var started_game := false
	var pid := 0
	if p.scene != "none":
		var played: Dictionary = await c.run("scene.play", {"scene": p.scene, "frozen": p.frozen})
		if played.has("error"):
			return c.failed("could not play %s: %s" % [p.scene, played.error.message])
		started_game = true
		pid = int(played.result.pid)
	elif not EditorInterface.is_playing_scene():
		return c.error(BridgeError.GAME_NOT_RUNNING, "scene is none but no game runs; start one with scene.play")
	elif p.frozen:
		var paused: Dictionary = await c.run("runtime.pause", {})
		if paused.has("error"):
			return c.failed("could not freeze the running game: %s" % paused.error.message)
	var errors_from := 0
	var seen: Dictionary = await c.run("runtime.errors", {"limit": 1})
	if seen.has("result"):
		errors_from = int(seen.result.get("next_seq", 0))
	var steps: Array = []
	var started := Time.get_ticks_msec()
	var cancelled := false
	for i: int in p.steps.size():
		if context != null and context.cancelled:
			cancelled = true
			break
		if context != null:
			context.progress(i, p.steps.size(), "step %d of %d" % [i + 1, p.steps.size()])
		var step: Dictionary = p.steps[i]
		var out: Dictionary = await _run_step(c, step, errors_from)
		out["index"] = i
		steps.append(out)
		if step.has("assert") or step.has("assert_text") or step.has("assert_no_errors") or step.has("assert_frame"):
			_results.append(out)
		if not out.ok and (p.fail_fast or not EditorInterface.is_playing_scene()):
			break
	if started_game and (p.stop_after or cancelled):
		await c.run("scene.stop", {})
	if cancelled:
		return c.cancelled_error("%d of %d steps ran%s" % [steps.size(), p.steps.size(),
				"; the game it started is stopped" if started_game else ""], {"steps": steps, "not_run": p.steps.size() - steps.size()})
	if context != null:
		context.progress(p.steps.size(), p.steps.size(), "done")
	var failed := steps.filter(func(s: Dictionary) -> bool: return not s.ok)
	return {"ok": failed.is_empty() and steps.size() == p.steps.size(), "passed": steps.size() - failed.size(), "failed": failed.size(),
			"not_run": p.steps.size() - steps.size(), "total": p.steps.size(), "steps": steps, "pid": pid,
			"stopped": started_game and p.stop_after, "frozen": p.frozen, "ms": Time.get_ticks_msec() - started}


func _assert(c: BridgeCall) -> Variant:
	var p := c.params
	var spec := {}
	if p.has("text"):
		if p.has("node_path") or p.has("property"):
			return c.invalid("give text, or node_path with property, not both", {"param": "text"})
		var out: Dictionary = await _check_text(c, p.text)
		_results.append(out)
		return out.duplicate()  # the router adds undoable/saved to the reply, not to the recorded result
	if not p.has("node_path") or not p.has("property") or not p.has("expected"):
		return c.invalid("give node_path, property and expected (or text)", {"param": "node_path"})
	spec = {"node_path": p.node_path, "property": p.property, "op": p.op, "expected": p.expected, "tolerance": p.tolerance}
	var result: Dictionary = await _check_property(c, spec)
	if result.has("bridge_error"):
		return result.bridge_error
	_results.append(result)
	return result.duplicate()


func _report(c: BridgeCall) -> Variant:
	var p := c.params
	var failed := _results.filter(func(r: Dictionary) -> bool: return not r.ok)
	var out := {"ok": failed.is_empty(), "total": _results.size(), "passed": _results.size() - failed.size(), "failed": failed.size(),
			"failures": failed.duplicate(true)}
	if p.clear:
		_results.clear()
	return out


func _check_step(step: Variant, i: int) -> Variant:
	if not step is Dictionary or step.size() == 0:
		return BridgeError.invalid("steps[%d] must be an object with one of: %s" % [i, ", ".join(STEP_KINDS)], {"param": "steps", "index": i})
	var kind := _kind(step)
	if kind == "":
		return BridgeError.invalid("steps[%d] has none of: %s (got %s)" % [i, ", ".join(STEP_KINDS), JSON.stringify(step.keys())],
				{"param": "steps", "index": i})
	if kind == "do":
		var method := str(step.do)
		if not server.router.has(method):
			return BridgeError.invalid("steps[%d]: unknown method '%s'" % [i, method], {"param": "steps", "index": i})
		if server.router.describe(method).needs != "game":
			return BridgeError.invalid("steps[%d]: do takes runtime.* and input.* commands (the running game), not %s" % [i, method],
					{"param": "steps", "index": i})
	if kind == "assert":
		var a: Variant = step.assert
		if not a is Dictionary or not a.has("node_path") or not a.has("property") or not a.has("expected") or not str(a.get("op", "eq")) in OPS:
			return BridgeError.invalid("steps[%d]: assert takes {node_path, property, expected, op: %s, tolerance}" % [i, "|".join(OPS)],
					{"param": "steps", "index": i})
	if kind == "assert_frame":
		var f: Variant = step.assert_frame
		var unknown: Array = f.keys().filter(func(k: Variant) -> bool: return not str(k) in FRAME_KEYS) if f is Dictionary else []
		if not f is Dictionary or not f.get("name") is String or not unknown.is_empty():
			return BridgeError.invalid("steps[%d]: assert_frame takes {%s} with name a baseline's name%s" % [i, ", ".join(FRAME_KEYS),
					" (not %s)" % ", ".join(unknown) if not unknown.is_empty() else ""], {"param": "steps", "index": i})
	if kind in ["step", "wait_ms"] and not (step[kind] is float or step[kind] is int) or (kind in ["step", "wait_ms"] and step[kind] < 0):
		return BridgeError.invalid("steps[%d]: %s takes a number >= 0" % [i, kind], {"param": "steps", "index": i})
	return null


static func _kind(step: Dictionary) -> String:
	for k: String in STEP_KINDS:
		if step.has(k):
			return k
	return ""


func _run_step(c: BridgeCall, step: Dictionary, errors_from: int) -> Dictionary:
	match _kind(step):
		"do":
			var out: Dictionary = await c.run(step.do, step.get("params", {}))
			if out.has("error"):
				return {"kind": "do", "method": step.do, "ok": false, "error": out.error.message}
			return {"kind": "do", "method": step.do, "ok": true, "result": out.result}
		"step":
			var out: Dictionary = await c.run("runtime.step", {"frames": maxi(1, int(step.step))})
			return {"kind": "step", "ticks": int(step.step), "ok": not out.has("error"), "error": out.error.message if out.has("error") else ""}
		"wait_ms":
			var until := Time.get_ticks_msec() + int(step.wait_ms)
			while Time.get_ticks_msec() < until:
				await server.get_tree().process_frame
			return {"kind": "wait_ms", "ms": int(step.wait_ms), "ok": EditorInterface.is_playing_scene()}
		"assert":
			var a: Dictionary = step.assert
			var spec := {"node_path": a.node_path, "property": a.property, "op": a.get("op", "eq"), "expected": a.expected,
					"tolerance": float(a.get("tolerance", 0.0001))}
			var out: Dictionary = await _check_property(c, spec)
			if out.has("bridge_error"):
				return {"kind": "assert", "ok": false, "node_path": a.node_path, "property": a.property, "error": out.bridge_error.message}
			return out
		"assert_text":
			return await _check_text(c, str(step.assert_text))
		"assert_frame":
			return await _check_frame(c, step.assert_frame)
		_:
			var out: Dictionary = await c.run("runtime.errors", {"since": errors_from})
			if out.has("error"):
				return {"kind": "assert_no_errors", "ok": false, "error": out.error.message}
			var entries: Array = out.result.get("entries", out.result.get("errors", []))
			return {"kind": "assert_no_errors", "ok": entries.is_empty(), "errors": entries}


## {kind: assert, ok, actual, ...}; a BridgeError under bridge_error when the value cannot be read.
func _check_property(c: BridgeCall, a: Dictionary) -> Dictionary:
	var got: Dictionary = await c.run("runtime.get", {"node_path": a.node_path, "properties": [a.property]})
	if got.has("error"):
		return {"bridge_error": BridgeError.new(int(got.error.code), got.error.message, got.error.get("data", {}))}
	var actual: Variant = got.result.values.get(a.property)
	var ok := _compare(actual, a.op, a.expected, a.tolerance)
	return {"kind": "assert", "node_path": a.node_path, "property": a.property, "op": a.op, "expected": a.expected, "actual": actual, "ok": ok}


## The frame against its baseline (runtime.frame_compare): ok, how much changed and where; the diff image
## only as a file (diff_path), so a scenario's report stays text.
func _check_frame(c: BridgeCall, f: Dictionary) -> Dictionary:
	var got: Dictionary = await c.run("runtime.frame_compare", f)
	if got.has("error"):
		return {"kind": "assert_frame", "name": f.name, "ok": false, "error": got.error.message}
	var r: Dictionary = got.result
	var out := {"kind": "assert_frame", "name": f.name, "ok": r.ok, "changed_pixels": r.changed_pixels, "changed_fraction": r.changed_fraction,
			"boxes": r.boxes.slice(0, 5), "max_channel_delta": r.max_channel_delta}
	if r.has("size_mismatch"):
		out["error"] = r.size_mismatch
	if r.has("diff") and r.diff.has("saved"):
		out["diff_path"] = r.diff.saved
	return out


func _check_text(c: BridgeCall, text: String) -> Dictionary:
	var got: Dictionary = await c.run("runtime.ui", {"text": text})
	if got.has("error"):
		return {"kind": "assert_text", "text": text, "ok": false, "error": got.error.message}
	var controls: Array = got.result.get("controls", [])
	return {"kind": "assert_text", "text": text, "ok": not controls.is_empty(), "found": controls.map(func(control: Dictionary) -> String: return str(control.get("path", "")))}


static func _compare(actual: Variant, op: String, expected: Variant, tol: float) -> bool:
	match op:
		"eq": return _equal(actual, expected, tol)
		"ne": return not _equal(actual, expected, tol)
		"near": return _equal(actual, expected, tol)
		"contains":
			if actual is String:
				return actual.contains(str(expected))
			if actual is Array or actual is Dictionary:
				return actual.has(expected)
			return false
	if not (actual is float or actual is int) or not (expected is float or expected is int):
		return false
	match op:
		"lt": return actual < expected
		"le": return actual <= expected
		"gt": return actual > expected
		_: return actual >= expected


static func _equal(a: Variant, b: Variant, tol: float) -> bool:
	if (a is float or a is int) and (b is float or b is int) and not a is bool and not b is bool:
		return absf(float(a) - float(b)) <= tol
	if a is Array and b is Array:
		if a.size() != b.size():
			return false
		for i: int in a.size():
			if not _equal(a[i], b[i], tol):
				return false
		return true
	if a is Dictionary and b is Dictionary:
		if a.size() != b.size():
			return false
		for k: Variant in a:
			if not b.has(k) or not _equal(a[k], b[k], tol):
				return false
		return true
	return typeof(a) == typeof(b) and a == b
