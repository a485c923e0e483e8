extends "unit.gd"
## core/pipeline.gd and its stages that need no editor: which stages a declaration passes, in order; a refusal
## by a stage stops the handler and is named and counted once; a handler's answer and failure.

const Pipeline := preload("res://addons/bridge/core/pipeline.gd")
const Call := preload("res://addons/bridge/core/call.gd")
const BridgeError := preload("res://addons/bridge/core/bridge_error.gd")

var ran: Array = []


func _answer(c: Call) -> Variant:
	ran.append(c.params.duplicate())
	if c.params.get("fail", false):
		return c.failed("it broke", {"why": "asked"})
	return {"echo": c.params.get("n", 0)}


func _read_cmd() -> Dictionary:
	return {"method": "t.read", "read_only": true, "handler": _answer,
			"params": [{"name": "n", "type": "int", "default": 1}, {"name": "fail", "type": "bool", "default": false}]}


func _call_of(cmd: Dictionary, sent: Variant) -> Call:
	var c := Call.new(cmd.method, {})
	c.declaration = cmd
	c.sent = sent
	c.started_usec = Time.get_ticks_usec()
	return c


func test_a_read_passes_only_the_stages_it_needs_in_order() -> void:
	var p := Pipeline.new()
	eq(p.describe_stages(_read_cmd()), ["name", "check", "said", "run"] as Array[String], "a plain read")
	var with_kind := _read_cmd()
	with_kind.method = "t.kind"
	with_kind.params = [{"name": "node_path", "type": "string", "kind": "node"}]
	eq(p.describe_stages(with_kind), ["name", "check", "resolve", "said", "run"] as Array[String], "a read with a node kind")
	var write := {"method": "t.write", "handler": _answer, "undo": "scene",
			"params": [{"name": "code", "type": "string", "evaluates": true}]}
	eq(p.describe_stages(write), ["name", "check", "audit", "said", "finish", "step", "run"] as Array[String], "a write that runs code")


func test_a_refused_parameter_never_reaches_the_handler_and_is_named_once() -> void:
	var p := Pipeline.new()
	var reply: Dictionary = await p.run(_call_of(_read_cmd(), {"nn": 2}))
	eq(ran.size(), 0, "the handler did not run")
	ok(reply.has("error"), "an error reply")
	var message: String = reply.get("error", {}).get("message", "")
	ok(message.begins_with("t.read: ") and message.count("t.read") == 1, "named once: " + message)
	ok("unknown parameter 'nn'" in message, "names the parameter: " + message)
	eq(p.stats.read().methods["t.read"].errors, 1, "counted as an error")


func test_the_handler_gets_checked_values_and_its_answer_becomes_the_reply() -> void:
	var p := Pipeline.new()
	var reply: Dictionary = await p.run(_call_of(_read_cmd(), {"n": 3.0}))
	eq(ran, [{"n": 3, "fail": false}], "checked values with defaults")
	eq(reply, {"result": {"echo": 3}}, "the answer")
	var failed: Dictionary = await p.run(_call_of(_read_cmd(), {"fail": true}))
	eq(failed.get("error", {}).get("message"), "t.read: it broke", "a handler's failure, named")
	eq(p.stats.read().methods["t.read"].calls, 2, "both counted")


func test_a_reloaded_declaration_gets_its_own_stages() -> void:
	var p := Pipeline.new()
	var cmd := _read_cmd()
	p.describe_stages(cmd)
	var reloaded := _read_cmd()
	reloaded.params = [{"name": "node_path", "type": "string", "kind": "node"}]
	eq(p.describe_stages(reloaded), ["name", "check", "resolve", "said", "run"] as Array[String], "planned again")
