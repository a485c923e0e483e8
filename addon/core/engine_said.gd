@tool
extends RefCounted
## The router's stage that puts what the engine said during a command into that command's answer: the errors
## and warnings the engine logged while it ran (core/output_log.gd, fed from Godot 4.5 by core/output_capture.gd;
## editor.errors still lists them) as `engine_messages`, and the notes bridge's own helpers made about it
## (note(): lib/saved_defaults.gd's "equals the default, so a save will not store it") as `equals_default`.
## Whose entry is whose: the editor runs one call's code at a time, but a call that awaits lets others run,
## and a log entry does not say whose code logged it. So a call's answer gets the entries of its run when no
## other command ran meanwhile (those it runs itself through c.run are its own); when others did, the answer
## says how many entries it leaves to editor.errors and from which seq. A note names its command, so it finds
## its call either way. A result that is not a Dictionary (a project command's) is left as it is: its entries
## stay in editor.errors. Before 4.5 nothing is captured (Compat.limits() says so). Every function is static.

const BridgeOutputLog := preload("output_log.gd")
const BridgeError := preload("bridge_error.gd")

## What every command's answer may carry, declared once: core/router.gd merges it into each result shape. The
## entries are {severity, message, file, line, seq} and {property, value, engine, note}, spelled out here rather
## than in all 340 result shapes (the catalog would weigh a third more); the engine-messages sweep checks them.
const SHAPE := {"engine_messages?": ["Dictionary"], "engine_messages_note?": "string", "equals_default?": ["Dictionary"]}
## Entries an answer quotes at most (the rest: editor.errors, from the seq the note names).
const LIMIT := 30
const NOTES_KEPT := 200

## Top-level commands running now, and started so far: a call ran alone when neither moved past it.
static var _running := 0
static var _started := 0
static var _notes: Array[Dictionary] = []  # {seq, method, key, entry}
static var _note_seq := 0


## Marks where the call starts (the log's next seq, the notes so far). `top`: the call came from a client,
## not from another command's c.run.
static func begin(top: bool) -> Dictionary:
	var mark := {"top": top, "alone": _running <= (0 if top else 1), "notes": _note_seq}
	if top:
		_running += 1
		_started += 1
	mark["started"] = _started
	var output := BridgeOutputLog.active as BridgeOutputLog
	if output != null and output.capturing:
		mark["output"] = output
		mark["since"] = output.next_seq()
	return mark


## A note about the running call `method` (its name as the helper knows it), for its answer's `key` list.
static func note(method: String, key: String, entry: Dictionary) -> void:
	_note_seq += 1
	_notes.append({"seq": _note_seq, "method": method, "key": key, "entry": entry})
	if _notes.size() > NOTES_KEPT:
		_notes.remove_at(0)


## The result with what the engine said during the call added (a Dictionary's keys, an error's data).
static func finish(mark: Dictionary, method: String, result: Variant) -> Variant:
	if mark.top:
		_running -= 1
	var alone: bool = mark.alone and _started == mark.started
	var into: Variant = result.data if result is BridgeError else result
	if not into is Dictionary:
		return result
	# what is added goes into a copy: the handler's dictionary may be one it keeps and answers again (engine.version's
	# cached reply), which must not carry this call's messages into the next call's answer
	var own: Dictionary = into
	var added := {}
	if not result is BridgeError and _note_seq > mark.notes:  # most calls: no note made, nothing to walk
		for n: Dictionary in _notes:
			if n.seq > mark.notes and (alone or n.method == method):
				if not added.has(n.key):
					var listed: Array = own.get(n.key, [])
					added[n.key] = listed.duplicate()
				added[n.key].append(n.entry)
	var logged: Array = []
	if mark.has("output"):
		var output: BridgeOutputLog = mark.output
		if output.next_seq() != mark.since:  # most calls log nothing while they run: no entries to read
			for e: Dictionary in output.entries(mark.since, BridgeOutputLog.CAPACITY):
				if e.type in BridgeOutputLog.TYPES and not BridgeOutputLog.is_probe(e):
					logged.append(e)
	if not logged.is_empty() and not alone:
		added["engine_messages_note"] = ("the engine logged %d error(s) or warning(s) while other commands ran too, so they " +
				"cannot be told apart: editor.errors lists them from seq %d") % [logged.size(), mark.since]
	elif not logged.is_empty():
		var quoted: Array = []
		for e: Dictionary in logged.slice(0, LIMIT):
			quoted.append({"severity": e.type, "message": e.message, "file": str(e.get("script_file", e.get("file", ""))),
					"line": int(e.get("script_line", e.get("line", 0))), "seq": e.seq})
		added["engine_messages"] = quoted
		if logged.size() > LIMIT:
			added["engine_messages_note"] = "%d more: editor.errors lists them from seq %d" % [logged.size() - LIMIT, quoted.back().seq + 1]
	if added.is_empty():
		return result
	var out: Dictionary = own.duplicate()
	out.merge(added, true)
	if result is BridgeError:
		result.data = out
		return result
	return out
