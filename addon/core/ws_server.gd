@tool
extends RefCounted
## The WebSocket JSON-RPC 2.0 transport on 127.0.0.1: many concurrent clients, one reply per request,
## correlated by id. A client is greeted with a `bridge.hello` notification carrying this editor's
## identity, so it can refuse the wrong project before sending anything.

const JsonRpc := preload("res://addons/bridge/core/jsonrpc.gd")

## Big enough for frame captures sent back as base64.
const BUFFER_BYTES := 64 * 1024 * 1024

var port: int = 0
var _tcp := TCPServer.new()
var _peers: Array[WebSocketPeer] = []
var _greeted: Dictionary = {}  # WebSocketPeer -> true
var _rpc: RefCounted
var _hello: Callable


func _init(router: RefCounted, hello: Callable) -> void:
	_rpc = JsonRpc.new(router)
	_hello = hello


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
	for peer in _peers:
		peer.close(1001, "editor closing")
		peer.poll()
	_peers.clear()
	_tcp.stop()


func poll() -> void:
	while _tcp.is_connection_available():
		var peer := WebSocketPeer.new()
		peer.inbound_buffer_size = BUFFER_BYTES
		peer.outbound_buffer_size = BUFFER_BYTES
		peer.max_queued_packets = 4096
		if peer.accept_stream(_tcp.take_connection()) == OK:
			_peers.append(peer)
	for peer: WebSocketPeer in _peers.duplicate():
		peer.poll()
		var state := peer.get_ready_state()
		if state == WebSocketPeer.STATE_CLOSED:
			_peers.erase(peer)
			_greeted.erase(peer)
			continue
		if state != WebSocketPeer.STATE_OPEN:
			continue
		if not _greeted.has(peer):
			_greeted[peer] = true
			peer.send_text(JSON.stringify({"jsonrpc": "2.0", "method": "bridge.hello", "params": _hello.call()}))
		while peer.get_available_packet_count() > 0:
			var text := peer.get_packet().get_string_from_utf8()
			_serve(peer, text)
		peer.poll()


## Runs one message without blocking the loop: a slow command does not hold up other clients.
func _serve(peer: WebSocketPeer, text: String) -> void:
	var reply: String = await _rpc.handle_text(text)
	if reply != "" and peer.get_ready_state() == WebSocketPeer.STATE_OPEN:
		peer.send_text(reply)
		peer.poll()  # flush now rather than on the next frame
