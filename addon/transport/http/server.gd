@tool
extends "../transport.gd"
## The MCP streamable-HTTP endpoint `http://127.0.0.1:<port>/mcp`, hosted by the editor itself:
## accepts connections, applies the Host and Origin rules and CORS, routes to mcp_endpoint.gd, which
## runs tools over the same router as the WebSocket transport. Follows the endpoint settings live.

const Conn := preload("connection.gd")
const OriginRule := preload("../net/origin_rule.gd")
const Settings := preload("../../core/settings.gd")
const Wire := preload("../net/http_head.gd")
const Listener := preload("../net/tcp_listener.gd")
const AuditLog := preload("../../lib/audit_log.gd")
## The MCP methods (mcp/endpoint.gd and what it preloads: tools, resources, prompts, toolsets) load on the
## first POST, not with the editor: a bare editor never needs them, and compiling them cost its start ~15 ms.
const ENDPOINT_PATH := "mcp/endpoint.gd"

const PATH := "/mcp"
const MAX_CONNECTIONS := 64
const ALLOW := "POST, OPTIONS"
const CORS_HEADERS := "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID"

var _listener := Listener.new()
## mcp/endpoint.gd once the first POST arrived: post(req) -> {status, headers?, body?}.
var _endpoint: RefCounted
var _host: TransportHost
var _bound := {"enabled": true, "pinned": 0}
## HTTP clients keep no connection: who called recently, by User-Agent -> {since_unix, last_unix}.
var _callers: Dictionary = {}
## A caller not heard from for this long is no longer listed as connected.
const CALLER_WINDOW_S := 120.0


func _init(host: TransportHost) -> void:
	_host = host
	ProjectSettings.settings_changed.connect(_on_settings_changed)


func name() -> String:
	return "http"


## The bound port, 0 while the endpoint is off.
func _bound_port() -> int:
	return _listener.port


## Binds BRIDGE_MCP_HTTP_PORT / bridge/network/http_port, or the first free port in 9100-9115; stays
## off (port 0, OK) while bridge/network/mcp_http is false. An optional transport: a failed bind is
## logged, and the editor keeps its WebSocket transport.
func listen() -> int:
	var enabled := Settings.flag(Settings.MCP_HTTP)
	var pinned := Settings.pinned_port("BRIDGE_MCP_HTTP_PORT", Settings.HTTP_PORT)
	_bound = {"enabled": enabled, "pinned": pinned}
	if not enabled:
		return OK
	var err := _listener.listen(pinned, Settings.HTTP_FIRST_PORT, Settings.HTTP_LAST_PORT)
	if err != OK:
		push_error("bridge: HTTP MCP endpoint could not bind (tried %s)" % [pinned if pinned > 0 else "9100-9115"])
	return err


func stop() -> void:
	_close_all()
	if ProjectSettings.settings_changed.is_connected(_on_settings_changed):
		ProjectSettings.settings_changed.disconnect(_on_settings_changed)


## Called every editor frame: never waits on a socket.
func poll() -> void:
	_listener.poll(_accept)


func _close_all() -> void:
	for conn: Conn in _listener.connections:
		conn.close()
	_listener.stop()


func _accept(tcp: StreamPeerTCP) -> Variant:
	if _listener.connections.size() >= MAX_CONNECTIONS:
		for conn: Conn in _listener.connections:
			if conn.is_idle():
				conn.close()  # the oldest idle keep-alive connection makes room
				break
		_listener.prune()
	if _listener.connections.size() >= MAX_CONNECTIONS:
		tcp.put_partial_data(Wire.response_bytes(503, {"Content-Type": "application/json", "Retry-After": "1"},
				Wire.error_body(-32000, "too many open connections"), false))
		tcp.disconnect_from_host()
		return null
	_host.touch()
	return Conn.new(tcp, _on_request)


## Runs one request as a coroutine (a slow command holds up neither the editor nor other clients);
## the connection sends the answer in request order. Kept here, not in the connection, so a client
## that leaves mid-command does not free the object the coroutine resumes in.
func _on_request(conn: Conn, slot: Dictionary, req: Dictionary) -> void:
	var headers: Dictionary = req.headers
	var origin: Variant = headers.get("origin")
	if headers.has("host") and not OriginRule.host_allowed(str(headers.host)):
		conn.finish(slot, 403, _json(), Wire.error_body(-32000, "Forbidden: Host '%s' is not a loopback name or address" % headers.host))
		return
	if origin != null and not OriginRule.origin_allowed(str(origin)):
		conn.finish(slot, 403, _json(), Wire.error_body(-32000, "Forbidden: Origin '%s' is not a loopback origin" % origin))
		return
	var other := _other_project(str(req.target))
	if other != "":
		conn.finish(slot, 409, _json(), Wire.error_body(-32000, ("Conflict: this endpoint serves the project at %s, not %s; " +
				"that project's editor is not on this port (start it, or run bridge configure again)") % [_project_root(), other]))
		return
	var res: Dictionary
	if req.path != PATH:
		res = {"status": 404, "headers": _json(), "body": Wire.error_body(-32000, "Not found: the MCP endpoint is %s" % PATH)}
	elif req.method == "OPTIONS":
		res = {"status": 204, "headers": {"Allow": ALLOW, "Access-Control-Allow-Methods": ALLOW,
				"Access-Control-Allow-Headers": CORS_HEADERS, "Access-Control-Max-Age": "600"}}
	elif req.method == "POST":
		# read by audited commands before their first await; the client names itself in User-Agent
		var client := str(headers.get("user-agent", ""))
		AuditLog.context = {"transport": "http", "client": client}
		_note_caller(client)
		_host.call_started()
		res = await _mcp().call("post", req)
		_host.call_finished()
	else:
		res = {"status": 405, "headers": _json({"Allow": ALLOW}),
				"body": Wire.error_body(-32000, "Method not allowed: this endpoint answers POST with application/json (no SSE stream)")}
	var fields: Dictionary = res.get("headers", {})
	if origin != null:
		fields["Access-Control-Allow-Origin"] = origin
		fields["Access-Control-Expose-Headers"] = "Mcp-Session-Id"
		fields["Vary"] = "Origin"
	elif fields.has("Access-Control-Allow-Methods"):
		for header: String in ["Access-Control-Allow-Methods", "Access-Control-Allow-Headers", "Access-Control-Max-Age"]:
			fields.erase(header)  # no Origin, no CORS: a plain OPTIONS only learns what is allowed
	var status: int = res.status
	var body: String = res.get("body", "")
	conn.finish(slot, status, fields, body)


## The `project` the URL names (`/mcp?project=<absolute project folder>`, written by `bridge configure --http`)
## when it is not this editor's project, else "". A client configured for one game never edits another that
## took the same port after a restart.
static func _other_project(target: String) -> String:
	for pair in target.get_slice("?", 1).split("&", false):
		if pair.begins_with("project="):
			var wanted := pair.trim_prefix("project=").uri_decode().simplify_path().trim_suffix("/")
			return "" if wanted == _project_root() else wanted
	return ""


static func _project_root() -> String:
	return ProjectSettings.globalize_path("res://").simplify_path().trim_suffix("/")


static func _json(extra: Dictionary = {}) -> Dictionary:
	var out := {"Content-Type": "application/json"}
	out.merge(extra)
	return out


## Follows `bridge/network/mcp_http` and `bridge/network/http_port` while the editor runs, and rewrites
## the discovery file when the port changes.
## The HTTP clients heard from in the last CALLER_WINDOW_S: [{transport, client, since_unix}] (the editor dock).
func clients() -> Array:
	var now := Time.get_unix_time_from_system()
	var out: Array = []
	for client: String in _callers:
		var seen: Dictionary = _callers[client]
		if now - seen.last_unix < CALLER_WINDOW_S:
			out.append({"transport": "http", "client": client, "since_unix": seen.since_unix})
	return out


func _note_caller(client: String) -> void:
	var now := Time.get_unix_time_from_system()
	var seen: Dictionary = _callers.get(client, {})
	if seen.is_empty() or now - seen.last_unix >= CALLER_WINDOW_S:
		seen = {"since_unix": now}
		if _callers.size() > 64:  # a bounded list: the oldest callers go first
			_callers.erase(_callers.keys()[0])
	seen["last_unix"] = now
	_callers[client] = seen


func _mcp() -> RefCounted:
	if _endpoint == null:
		var path := Settings.addon_dir().path_join(ENDPOINT_PATH)
		_endpoint = (load(path) as GDScript).new(_host.router)
	return _endpoint


func _on_settings_changed() -> void:
	var enabled := Settings.flag(Settings.MCP_HTTP)
	var pinned := Settings.pinned_port("BRIDGE_MCP_HTTP_PORT", Settings.HTTP_PORT)
	if enabled == _bound.enabled and pinned == _bound.pinned:
		return
	var before := port
	_close_all()
	listen()
	if port != before:
		_host.port_changed()
