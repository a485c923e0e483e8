@tool
extends RefCounted
## The one place code run on the user's behalf reaches the audit trail (core/audit_log.gd): every parameter a
## command declares `evaluates: true` (GDScript bodies and expressions it runs in the editor or the game) is
## written there by the router before the handler runs, and its outcome after. A command with a guard
## declares it as `code_guard` ((params) -> BridgeError to refuse, or a note String): a refused body gets
## one "refused" entry with the reason and never reaches the handler.

const BridgeError := preload("bridge_error.gd")
const BridgeAuditLog := preload("audit_log.gd")


## The parameters of `specs` that evaluate code.
static func evaluating(specs: Array) -> Array[String]:
	var out: Array[String] = []
	for spec: Dictionary in specs:
		if spec.get("evaluates", false) == true:
			out.append(str(spec.name))
	return out


## Audits the evaluated parameters given in `values` before the handler runs. Returns {ids: [[id, param]]}
## for finish(), or a BridgeError when the command's guard refused the code (already in the trail).
## `caller`: {transport, client} of the call (core/call.gd), written on every entry.
static func begin(method: String, cmd: Dictionary, values: Dictionary, caller: Dictionary) -> Variant:
	var params := evaluating(cmd.get("params", []))
	var bodies: Array = []  # [param, body]
	for name: String in params:
		var body := _body(values.get(name))
		if body != "":
			bodies.append([name, body])
	var started: Array = []
	if bodies.is_empty():
		return {"ids": started}
	var note := ""
	var guard: Variant = cmd.get("code_guard")
	if guard is Callable:
		var guard_call: Callable = guard
		var verdict: Variant = guard_call.call(values)
		if not (verdict is BridgeError or verdict is String):  # the guard itself failed: refuse, never run unchecked
			verdict = BridgeError.new(BridgeError.INTERNAL_ERROR, "the code guard gave no verdict; nothing ran")
		if verdict is BridgeError:
			var refusal: BridgeError = verdict
			var extra := {}
			for key: String in ["category", "line"]:
				if refusal.data.has(key):
					extra[key] = refusal.data[key]
			for pair: Array in bodies:
				BridgeAuditLog.refused(method, pair[1], refusal.message, caller, _param_extra(pair[0], params, extra))
			return refusal
		note = str(verdict) if verdict is String else ""
	for pair: Array in bodies:
		var label := method if params.size() == 1 else "%s %s" % [method, pair[0]]
		print("bridge: %s%s:\n%s" % [label, " (%s)" % note if note != "" else "", pair[1]])
		var extra := {}
		if note != "":
			extra["note"] = note
		started.append([BridgeAuditLog.started(method, pair[1], caller, _param_extra(pair[0], params, extra)), pair[0]])
	return {"ids": started}


## Writes the outcome of every body begin() started.
static func finish(method: String, audit: Dictionary, result: Variant) -> void:
	for pair: Array in audit.get("ids", []):
		var failure: BridgeError = result if result is BridgeError else null
		BridgeAuditLog.finished(int(pair[0]), method, "failed" if failure != null else "ok", failure.message if failure != null else "")


## The text of an evaluated value: a string as it is, a list of expressions one per line.
static func _body(value: Variant) -> String:
	if value == null:
		return ""
	if value is String:
		return value
	if value is Array:
		var lines := PackedStringArray()
		for item: Variant in value:
			lines.append(str(item))
		return "\n".join(lines)
	return JSON.stringify(value)


## Names the parameter in the entry when the command has more than one that evaluates.
static func _param_extra(param: String, params: Array[String], extra: Dictionary) -> Dictionary:
	var out := extra.duplicate()
	if params.size() > 1:
		out["param"] = param
	return out
