@tool
extends RefCounted
## The audit trail of code run on the user's behalf (every parameter declared `evaluates`, written by the
## router through core/code_audit.gd): one JSON line per body, written BEFORE it runs, to user://bridge_audit.log (rotated to .1 past MAX_BYTES), with time,
## transport, client where known, size and outcome (a second line when it finished). A body the guard
## refused gets one line with outcome "refused" and why, so the trail shows attempts too. `bridge audit`
## reads it back through editor.audit. Printed to the output too, never pushed as an error or warning,
## so it never shows among editor.errors.

const FILE := "user://bridge_audit.log"
const MAX_BYTES := 1024 * 1024
static var _seq := 0


## Writes the "started" entry and returns its id (to pass to finished()). `caller`: the call's {transport, client}
## (core/call.gd caller()), given by the call itself: no entry reads who called from anywhere else.
static func started(kind: String, body: String, caller: Dictionary, extra: Dictionary = {}) -> int:
	return _body_entry(kind, body, "started", "", caller, extra)


## Writes the one entry of a body that was refused and never ran, with the reason as its detail.
static func refused(kind: String, body: String, reason: String, caller: Dictionary, extra: Dictionary = {}) -> int:
	return _body_entry(kind, body, "refused", reason, caller, extra)


static func _body_entry(kind: String, body: String, outcome: String, detail: String, caller: Dictionary,
		extra: Dictionary) -> int:
	_seq += 1
	var entry := {"id": _seq, "time": Time.get_datetime_string_from_system(true) + "Z", "kind": kind,
			"transport": str(caller.get("transport", "unknown")), "client": str(caller.get("client", "")),
			"size": body.length(), "outcome": outcome, "body": body}
	if detail != "":
		entry.detail = detail
	entry.merge(extra, true)
	_append(entry)
	return _seq


static func finished(id: int, kind: String, outcome: String, detail: String = "") -> void:
	_append({"id": id, "time": Time.get_datetime_string_from_system(true) + "Z", "kind": kind, "outcome": outcome,
			"detail": detail})


## The newest `limit` entries, oldest first (the current file, then the rotated one when needed).
static func recent(limit: int) -> Array:
	var lines: Array = []
	for path: String in [FILE + ".1", FILE]:
		if FileAccess.file_exists(path):
			lines.append_array(FileAccess.get_file_as_string(path).split("\n", false))
	var out: Array = []
	for line: String in lines.slice(maxi(0, lines.size() - limit)):
		var entry: Variant = JSON.parse_string(line)
		if entry is Dictionary:
			out.append(entry)
	return out


static func _append(entry: Dictionary) -> void:
	var current := FileAccess.open(FILE, FileAccess.READ)
	if current and current.get_length() > MAX_BYTES:
		current.close()
		DirAccess.rename_absolute(ProjectSettings.globalize_path(FILE), ProjectSettings.globalize_path(FILE + ".1"))
	var f := FileAccess.open(FILE, FileAccess.READ_WRITE if FileAccess.file_exists(FILE) else FileAccess.WRITE)
	if f == null:
		push_warning("bridge: cannot write the audit log %s: %s" % [FILE, error_string(FileAccess.get_open_error())])
		return
	f.seek_end()
	f.store_line(JSON.stringify(entry))
	if entry.outcome == "started":
		print("bridge audit #%d: %s started via %s (%d chars)" % [entry.id, entry.kind, entry.transport, entry.size])
	elif entry.has("body"):
		print("bridge audit #%d: %s %s via %s (%d chars): %s" % [entry.id, entry.kind, entry.outcome, entry.transport,
				entry.size, entry.get("detail", "")])
	else:
		print("bridge audit #%d: %s %s%s" % [entry.id, entry.kind, entry.outcome,
				"" if entry.get("detail", "") == "" else ": " + str(entry.detail)])
