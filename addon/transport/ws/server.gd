@tool
extends "../../core/transport.gd"
## The WebSocket JSON-RPC 2.0 transport on 127.0.0.1: many concurrent clients, one reply per request,
## correlated by id. The upgrade request must pass the same Host and Origin rules as the HTTP endpoint
## (ws_handshake.gd), so a web page cannot drive the editor. A client is greeted with a `bridge.hello`
## notification carrying this editor's identity, so it can refuse the wrong project before sending
## anything, and told `bridge.commands_changed` when the command set changes.

const BridgeJsonRpc := preload("../net/jsonrpc.gd")
const BridgeConn := preload("connection.gd")
const BridgeHandshake := preload("handshake.gd")
const BridgeListener := preload("../net/tcp_listener.gd")
const BridgeSettings := preload("../../core/settings.gd")
const BridgeAuditLog := preload("../../core/audit_log.gd")
const BridgeRouter := preload("../../core/router.gd")

## Past this many open connections, a new one is refused with 503.
const MAX_CONNECTIONS := 128

var _listener := BridgeListener.new()
var _rpc: BridgeJsonRpc
var _router: BridgeRouter
var _host: BridgeTransportHost


func _init(host: BridgeTransportHost) -> void:
	_host = host
	_router = host.router
	_rpc = BridgeJsonRpc.new(host.router)
	_router.commands_changed.connect(_on_commands_changed)


func name() -> String:
	return "ws"


## The bound port, 0 before listen.
func _bound_port() -> int:
	return _listener.port


## Binds BRIDGE_WS_PORT / bridge/network/ws_port, or the first free port in 9080-9095. Returns OK or the error.
func listen() -> int:
	var pinned := BridgeSettings.pinned_port("BRIDGE_WS_PORT", BridgeSettings.WS_PORT)
	var err := _listener.listen(pinned, BridgeSettings.WS_DEFAULT_PORT, BridgeSettings.WS_LAST_PORT)
	if err != OK:
		push_error("bridge: cannot listen on 127.0.0.1:%s (%s); set %s or BRIDGE_WS_PORT to a free port" % [
				pinned if pinned > 0 else "9080-9095", error_string(err), BridgeSettings.WS_PORT])
	return err


func stop() -> void:
	if _router.commands_changed.is_connected(_on_commands_changed):
		_router.commands_changed.disconnect(_on_commands_changed)
	for conn: BridgeConn in _listener.connections:
		conn.shut_down()
	_listener.stop()


## The open WebSocket clients: [{transport, client, since_unix}] (the editor dock lists them).
func clients() -> Array:
	var out: Array = []
	for open: RefCounted in _listener.connections:
		var conn := open as BridgeConn
		if conn.since_unix > 0 and not conn.closed:
			out.append({"transport": "ws", "client": conn.client, "since_unix": conn.since_unix})
	return out


## Called every editor frame: never waits on a socket.
func poll() -> void:
	_listener.poll(_accept)


func _accept(tcp: StreamPeerTCP) -> Variant:
	if _listener.connections.size() >= MAX_CONNECTIONS:
		var refusal: PackedByteArray = BridgeHandshake.refusal(503, "too many open connections").bytes
		tcp.put_partial_data(refusal)
		tcp.disconnect_from_host()
		return null
	_host.touch()
	return BridgeConn.new(tcp, _greet, _serve)


func _greet(conn: BridgeConn) -> void:
	conn.send_text(JSON.stringify({"jsonrpc": "2.0", "method": "bridge.hello", "params": _host.hello()}))


## Runs one message as a coroutine: a slow command holds up neither the editor nor other clients.
## Kept here, not in the connection, so a client that leaves mid-command frees nothing it resumes in.
func _serve(conn: BridgeConn, text: String) -> void:
	var channel := _channel(conn)
	_host.call_started()
	var reply: String = await _rpc.handle_text(text, channel)
	_host.call_finished()
	if reply != "":
		conn.send_text(reply)  # dropped if the client has gone


## The connection's line for progress and cancellation (transport/net/jsonrpc.gd), and who it is (the caller of
## each message's context, never written through: the router copies it to change it), kept on it: made once,
## read per message.
## has_meta first: get_meta(name, null) of a name not set logs an error (a null default counts as none).
func _channel(conn: BridgeConn) -> Dictionary:
	if conn.has_meta("bridge_channel"):
		var kept: Dictionary = conn.get_meta("bridge_channel")
		return kept
	var channel := {"send": conn.send_text, "calls": {}, "caller": {"transport": "ws", "client": conn.client}}
	conn.set_meta("bridge_channel", channel)
	return channel


func _on_commands_changed() -> void:
	var note := JSON.stringify({"jsonrpc": "2.0", "method": "bridge.commands_changed", "params": {}})
	for conn: BridgeConn in _listener.connections:
		conn.send_text(note)
