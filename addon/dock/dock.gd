@tool
extends VBoxContainer
## The editor's "Bridge" bottom panel: is the server up and where (ports, project, addon version), who is
## connected, what the agents just did (the router's activity log, newest first), the code they ran (the
## audit trail's recent run_script/eval bodies), and buttons that configure an MCP client by running
## `bridge configure` (dock/cli.gd). It reads everything on a timer only while it is visible, and redraws
## only what changed, so a hidden dock costs nothing.

const BridgeCli := preload("cli.gd")
const BridgeAuditLog := preload("../core/audit_log.gd")

const REFRESH_S := 0.5
const ACTIVITY_ROWS := 50
const AUDIT_ROWS := 5

var server: Node

var _status: Label
var _clients: ItemList
var _activity: Tree
var _audit: ItemList
var _client_choice: OptionButton
var _configure: Button
var _copy: Button
var _note: Label
var _cli := BridgeCli.new()
var _shown_seq := -1
var _shown_clients := []
var _pending := ""  # "configure" or "snippet" while the CLI runs


func _init(p_server: Node = null) -> void:
	server = p_server
	name = "BridgeDock"
	custom_minimum_size = Vector2(0, 180)
	_status = _label("")
	add_child(_status)
	var columns := HSplitContainer.new()
	columns.size_flags_vertical = Control.SIZE_EXPAND_FILL
	add_child(columns)
	var left := VBoxContainer.new()
	left.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	columns.add_child(left)
	left.add_child(_label("Connected clients"))
	_clients = _list()
	left.add_child(_clients)
	left.add_child(_label("Code run by agents (audit trail)"))
	_audit = _list()
	left.add_child(_audit)
	left.add_child(_configure_row())
	_note = _label("")
	_note.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	left.add_child(_note)
	var right := VBoxContainer.new()
	right.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	right.size_flags_stretch_ratio = 2.0
	columns.add_child(right)
	right.add_child(_label("Recent commands (newest first)"))
	_activity = Tree.new()
	_activity.columns = 5
	_activity.hide_root = true
	_activity.column_titles_visible = true
	for i in 5:
		_activity.set_column_title(i, ["time", "command", "caller", "ms", "result"][i])
	_activity.size_flags_vertical = Control.SIZE_EXPAND_FILL
	right.add_child(_activity)
	_cli.done.connect(_on_cli_done)
	set_process(false)  # _process only pumps a running CLI
	var timer := Timer.new()
	timer.wait_time = REFRESH_S
	timer.autostart = true
	timer.timeout.connect(_refresh)
	add_child(timer)


func _configure_row() -> HBoxContainer:
	var row := HBoxContainer.new()
	row.add_child(_label("MCP client"))
	_client_choice = OptionButton.new()
	_client_choice.custom_minimum_size.x = 140
	row.add_child(_client_choice)
	_configure = Button.new()
	_configure.text = "Configure"
	_configure.tooltip_text = "Runs bridge configure <client> for this project: merges the server entry, keeps the rest of the file"
	_configure.pressed.connect(func() -> void: _run_cli("configure", ["--json"]))
	row.add_child(_configure)
	_copy = Button.new()
	_copy.text = "Copy snippet"
	_copy.tooltip_text = "Runs bridge configure <client> --print and puts the snippet on the clipboard"
	_copy.pressed.connect(func() -> void: _run_cli("snippet", ["--print"]))
	row.add_child(_copy)
	return row


## What the dock shows right now, read from its own widgets (tests and the curious).
func shown() -> Dictionary:
	var activity: Array = []
	var item := _activity.get_root().get_first_child() if _activity.get_root() else null
	while item:
		activity.append({"time": item.get_text(0), "method": item.get_text(1), "caller": item.get_text(2),
				"ms": item.get_text(3), "result": item.get_text(4)})
		item = item.get_next()
	var clients: Array = []
	for i in _clients.item_count:
		clients.append(_clients.get_item_text(i))
	var audit: Array = []
	for i in _audit.item_count:
		audit.append(_audit.get_item_text(i))
	var choices: Array = []
	for i in _client_choice.item_count:
		choices.append(_client_choice.get_item_metadata(i))
	return {"status": _status.text, "clients": clients, "activity": activity, "audit": audit,
			"configure_clients": choices, "note": _note.text}


## Presses the configure (or copy snippet) button for `client` (the dock's own buttons do the same).
func press(button: String, client: String) -> bool:
	for i in _client_choice.item_count:
		if _client_choice.get_item_metadata(i) == client:
			_client_choice.select(i)
			(_configure if button == "configure" else _copy).pressed.emit()
			return true
	return false


func _process(_delta: float) -> void:
	_cli.poll()


func _refresh() -> void:
	if not is_visible_in_tree() or server == null:
		return
	_status.text = _status_line()
	var clients: Array = server.clients()
	if clients != _shown_clients:
		_shown_clients = clients
		_clients.clear()
		for c: Dictionary in clients:
			_clients.add_item("%s  %s  since %s" % [c.transport, c.client if c.client != "" else "(unnamed)",
					Time.get_time_string_from_unix_time(int(c.since_unix))])
	var activity: RefCounted = server.router.activity
	if activity.count() != _shown_seq:
		_shown_seq = activity.count()
		_fill_activity(activity.recent(ACTIVITY_ROWS))
		_fill_audit()
	if _client_choice.item_count == 0 and not _cli.running() and _pending == "":
		_pending = "list"
		if not _start_cli(PackedStringArray(["configure", "--list", "--json"])):
			_pending = ""
			_note.text = "bridge CLI not found: install it (npm i -g bridge-godot) or set BRIDGE_CLI to enable the configure buttons"
			_configure.disabled = true
			_copy.disabled = true
			_client_choice.disabled = true


func _status_line() -> String:
	var info: Dictionary = server.hello()
	var http: String = "HTTP /mcp on 127.0.0.1:%d" % info.http_port if info.get("http_port", 0) > 0 else "HTTP off"
	return "bridge %s — %s — WebSocket on 127.0.0.1:%d — %s" % [info.get("addon_version", "?"),
			info.get("project_root", ""), info.get("ws_port", 0), http]


func _fill_activity(entries: Array) -> void:
	_activity.clear()
	var root := _activity.create_item()
	for e: Dictionary in entries:
		var row := _activity.create_item(root)
		row.set_text(0, Time.get_time_string_from_unix_time(int(e.time_unix)))
		row.set_text(1, e.method)
		row.set_text(2, "%s %s" % [e.transport, e.client])
		row.set_text(3, "%.1f" % e.duration_ms)
		row.set_text(4, "ok" if e.ok else "error: " + e.error)
		if not e.ok:
			row.set_custom_color(4, Color(1, 0.45, 0.4))


func _fill_audit() -> void:
	_audit.clear()
	var seen := {}
	var bodies: Array = []
	for e: Dictionary in BridgeAuditLog.recent(40):
		if e.has("body"):
			bodies.push_front(e)
		else:
			seen[e.id] = e.outcome
	for e: Dictionary in bodies.slice(0, AUDIT_ROWS):
		var first_line: String = str(e.body).strip_edges().get_slice("\n", 0)
		_audit.add_item("#%d %s (%s): %s" % [e.id, e.kind, seen.get(e.id, e.outcome), first_line.left(80)])


func _run_cli(kind: String, extra: Array) -> void:
	if _client_choice.selected < 0 or _cli.running():
		return
	var client: String = _client_choice.get_item_metadata(_client_choice.selected)
	var args := PackedStringArray(["configure", client, "--project", ProjectSettings.globalize_path("res://")])
	args.append_array(extra)
	_pending = kind
	if _start_cli(args):
		_note.text = "running bridge %s …" % " ".join(args)
	else:
		_pending = ""
		_note.text = "bridge CLI not found (install bridge-godot or set BRIDGE_CLI)"


func _start_cli(args: PackedStringArray) -> bool:
	var started := _cli.start(args)
	set_process(started)
	return started


func _on_cli_done(code: int, stdout: String, stderr: String) -> void:
	set_process(false)
	var kind := _pending
	_pending = ""
	if kind == "list":
		var listed: Variant = JSON.parse_string(stdout)
		if code == 0 and listed is Dictionary:
			for c: Dictionary in listed.get("clients", []):
				_client_choice.add_item(c.name)
				_client_choice.set_item_metadata(_client_choice.item_count - 1, c.id)
		return
	if code != 0:
		_note.text = "bridge configure failed (exit %d): %s" % [code, (stderr if stderr != "" else stdout).strip_edges()]
	elif kind == "snippet":
		DisplayServer.clipboard_set(stdout)
		_note.text = "snippet copied to the clipboard"
	else:
		var result: Variant = JSON.parse_string(stdout)
		_note.text = ("%s %s" % [result.get("action", "done"), result.get("file", "")]) if result is Dictionary else stdout


func _label(text: String) -> Label:
	var label := Label.new()
	label.text = text
	return label


func _list() -> ItemList:
	var list := ItemList.new()
	list.size_flags_vertical = Control.SIZE_EXPAND_FILL
	list.custom_minimum_size = Vector2(0, 48)
	return list
