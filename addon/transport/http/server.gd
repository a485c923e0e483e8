@tool
extends "../../core/transport.gd"
## The MCP streamable-HTTP endpoint `http://127.0.0.1:<port>/mcp`, hosted by the editor itself: binds the
## port, follows the endpoint settings live and keeps who called; requests.gd answers the connections (Host and
## Origin rules, CORS, mcp/endpoint.gd, which runs tools over the same router as the WebSocket transport).

const BridgeSettings := preload("../../core/settings.gd")
const BridgeListener := preload("../net/tcp_listener.gd")
## The request side (connections, the Host and Origin rules, CORS, the MCP methods): loaded on the first
## connection, so the editor's start compiles only what binds the port.
const REQUESTS_PATH := "transport/http/requests.gd"

var _listener := BridgeListener.new()
## requests.gd once the first connection came: accept(tcp) -> its connection, or null when refused.
var _requests: RefCounted
var _host: BridgeTransportHost
var _bound := {"enabled": true, "pinned": 0}
## HTTP clients keep no connection: who called recently, by User-Agent -> {since_unix, last_unix}.
var _callers: Dictionary = {}
## A caller not heard from for this long is no longer listed as connected.
const CALLER_WINDOW_S := 120.0


func _init(host: BridgeTransportHost) -> void:
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
	var enabled := BridgeSettings.flag(BridgeSettings.MCP_HTTP)
	var pinned := BridgeSettings.pinned_port("BRIDGE_MCP_HTTP_PORT", BridgeSettings.HTTP_PORT)
	_bound = {"enabled": enabled, "pinned": pinned}
	if not enabled:
		return OK
	var err := _listener.listen(pinned, BridgeSettings.HTTP_FIRST_PORT, BridgeSettings.HTTP_LAST_PORT)
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
	for conn: RefCounted in _listener.connections:  # requests.gd's connections (connection.gd)
		conn.call("close")
	_listener.stop()


func _accept(tcp: StreamPeerTCP) -> Variant:
	if _requests == null:
		var script := load(BridgeSettings.addon_dir().path_join(REQUESTS_PATH)) as GDScript
		_requests = script.new(_host, _listener, _note_caller)
	return _requests.call("accept", tcp)


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


## Follows `bridge/network/mcp_http` and `bridge/network/http_port` while the editor runs, and rewrites
## the discovery file when the port changes.
func _on_settings_changed() -> void:
	var enabled := BridgeSettings.flag(BridgeSettings.MCP_HTTP)
	var pinned := BridgeSettings.pinned_port("BRIDGE_MCP_HTTP_PORT", BridgeSettings.HTTP_PORT)
	if enabled == _bound.enabled and pinned == _bound.pinned:
		return
	var before := port
	_close_all()
	listen()
	if port != before:
		_host.port_changed()
