@tool
extends RefCounted
## The WebSocket JSON-RPC 2.0 transport on 127.0.0.1: many concurrent clients, one reply per request,
## correlated by id. The upgrade request must pass the same Host and Origin rules as the HTTP endpoint
## (ws_handshake.gd), so a web page cannot drive the editor. A client is greeted with a `bridge.hello`
## notification carrying this editor's identity, so it can refuse the wrong project before sending
## anything, and told `bridge.commands_changed` when the command set changes.

const JsonRpc := preload("res://addons/bridge/core/jsonrpc.gd")
const Conn := preload("res://addons/bridge/core/ws_conn.gd")
const Handshake := preload("res://addons/bridge/core/ws_handshake.gd")

## Past this many open connections, a new one is refused with 503.
const MAX_CONNECTIONS := 128

var port: int = 0
var _tcp := TCPServer.new()
var _conns: Array = []
var _rpc: RefCounted
var _router: RefCounted
var _hello: Callable


func _init(router: RefCounted, hello: Callable) -> void:
	_router = router
	_rpc = JsonRpc.new(router)
	_hello = hello
	router.commands_changed.connect(_on_commands_changed)


## Binds the pinned port, or the first free one in [first, last]. Returns OK or the last error.
func listen(pinned: int, first: int, last: int) -> int:
	var candidates: Array = [pinned] if pinned > 0 else range(first, last + 1)
	var err := ERR_CANT_CREATE
	for p: int in candidates:
		err = _tcp.listen(p, "127.0.0.1")
		if err == OK:
			port = p
			return OK
	return err


func stop() -> void:
	if _router.commands_changed.is_connected(_on_commands_changed):
		_router.commands_changed.disconnect(_on_commands_changed)
	for conn: RefCounted in _conns:
		conn.shut_down()
	_conns.clear()
	_tcp.stop()


## Called every editor frame: never waits on a socket.
func poll() -> void:
	var now := Time.get_ticks_msec()
	while _tcp.is_listening() and _tcp.is_connection_available():
		_accept(_tcp.take_connection())
	var gone := false
	for conn: RefCounted in _conns:
		conn.poll(now)
		gone = gone or conn.closed
	if gone:
		_conns = _conns.filter(func(c: RefCounted) -> bool: return not c.closed)


func _accept(tcp: StreamPeerTCP) -> void:
	if _conns.size() >= MAX_CONNECTIONS:
		tcp.put_partial_data(Handshake.refusal(503, "too many open connections").bytes)
		tcp.disconnect_from_host()
		return
	_conns.append(Conn.new(tcp, _greet, _serve))


func _greet(conn: RefCounted) -> void:
	conn.send_text(JSON.stringify({"jsonrpc": "2.0", "method": "bridge.hello", "params": _hello.call()}))


## Runs one message as a coroutine: a slow command holds up neither the editor nor other clients.
## Kept here, not in the connection, so a client that leaves mid-command frees nothing it resumes in.
func _serve(conn: RefCounted, text: String) -> void:
	var reply: String = await _rpc.handle_text(text)
	if reply != "":
		conn.send_text(reply)  # dropped if the client has gone


func _on_commands_changed() -> void:
	var note := JSON.stringify({"jsonrpc": "2.0", "method": "bridge.commands_changed", "params": {}})
	for conn: RefCounted in _conns:
		conn.send_text(note)
