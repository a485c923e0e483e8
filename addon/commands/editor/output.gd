@tool
extends "../../core/command_group.gd"
## editor.output: everything the editor and its game printed lately — print lines as well as errors and warnings —
## from the same capture editor.errors reads (core/output_log.gd); editor.audit: the audit trail.

const BridgeOutputLog := preload("../../core/output_log.gd")
const BridgeGameOutput := preload("../../lib/game_output.gd")
const BridgeAuditLog := preload("../../core/audit_log.gd")


func _init(p_server: Node = null) -> void:
	super(p_server)
	BridgeOutputLog.of(server)  # capture from the plugin's start


func commands() -> Array:
	return [
		{
			"method": "editor.output",
			"since": "4.5",  # the output capture is a Logger (core/output_capture.gd)
			"summary": "Recent output of every kind (print, printerr, errors, warnings) of the editor and of the games it played, each tagged with its source and, for a game's, the play it came from (id, pid, scene, start), oldest first; page with since.",
			"params": [
				opt("since", "int", "Only entries with seq >= this (pass the last reply's next_seq)", 0, {"min": 0}),
				opt("limit", "int", "At most this many (the newest)", 100, {"min": 1, "max": 1000}),
				choice("kind", ["all"] + BridgeOutputLog.KINDS, "Only this kind of line", "all"),
				choice("source", ["all"] + BridgeOutputLog.SOURCES, "Only the editor's output or only the game's",
						"all"),
			],
			"example": {"limit": 20},
			"read_only": true,
			"answer_size": "log lines, each whole (limit and since page them)",
			"returns": {"count": "int", "next_seq": "int", "entries": [{"seq": "int", "type": "string", "message": "string", "source": "string",
					"play": "Dictionary|null"}]},
			"handler": _output,
		},
		{
			"method": "editor.audit",
			"summary": "The audit trail of code run for clients (every parameter that runs code: editor.run_script bodies, refused ones too, runtime.eval/wait_until bodies, runtime.step until/watch, debug.evaluate): time, transport, client, size, outcome and the code, oldest first.",
			"params": [opt("limit", "int", "At most this many entries (the newest)", 50, {"min": 1, "max": 1000})],
			"example": {"limit": 10},
			"read_only": true,
			"answer_size": "the audit log's entries (limit says how many)",
			"returns": {"count": "int", "file": "string", "entries": [{"id": "int", "time": "string", "kind": "string", "outcome": "string"}]},
			"handler": _audit,
		},
	]


func _output(c: BridgeCall) -> Variant:
	var p := c.params
	BridgeGameOutput.of(server).collect()
	var logger: BridgeOutputLog = BridgeOutputLog.of(server)
	var kinds: Array = [] if p.kind == "all" else [p.kind]
	var entries: Array = logger.output(p.since, p.limit, kinds, [] if p.source == "all" else [p.source])
	return {"count": entries.size(), "next_seq": logger.next_seq(), "entries": entries}


func _audit(c: BridgeCall) -> Variant:
	var p := c.params
	var entries := BridgeAuditLog.recent(p.limit)
	return {"count": entries.size(), "file": BridgeAuditLog.FILE, "entries": entries}
