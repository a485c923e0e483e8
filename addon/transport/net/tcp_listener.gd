@tool
extends RefCounted
## The loopback TCP listener both transports share: binds the pinned port or the first free one in a
## range, hands each new connection to the transport, polls the open ones and drops the closed ones.
## A connection is any object with `poll(now_msec)` and a `closed` flag.

var port: int = 0
var connections: Array = []
var _tcp := TCPServer.new()


## Binds 127.0.0.1 on `pinned`, or the first free port in [first, last] when pinned is 0.
## Returns OK or the last bind error.
func listen(pinned: int, first: int, last: int) -> int:
	var candidates: Array = [pinned] if pinned > 0 else range(first, last + 1)
	var err := ERR_CANT_CREATE
	for p: int in candidates:
		err = _tcp.listen(p, "127.0.0.1")
		if err == OK:
			port = p
			return OK
	port = 0
	return err


## Called every editor frame; never waits on a socket. `accept(tcp)` returns the new connection or
## null when it refused it.
func poll(accept: Callable) -> void:
	var now := Time.get_ticks_msec()
	while _tcp.is_listening() and _tcp.is_connection_available():
		var conn: Variant = accept.call(_tcp.take_connection())
		if conn != null:
			connections.append(conn)
	var gone := false
	for conn: RefCounted in connections:
		conn.poll(now)
		gone = gone or conn.closed
	if gone:
		prune()


func prune() -> void:
	connections = connections.filter(func(c: RefCounted) -> bool: return not c.closed)


## Stops listening; the transport closes its connections first (each kind closes its own way).
func stop() -> void:
	connections.clear()
	_tcp.stop()
	port = 0


## Reads what the socket has already received, at most `budget` bytes, onto `into`; false when the read
## failed. Never polls the socket itself: reading at EOF would close it before owed answers are written.
static func read_into(tcp: StreamPeerTCP, into: PackedByteArray, budget: int) -> bool:
	var available := tcp.get_available_bytes()
	if available <= 0:
		return true
	var got: Array = tcp.get_partial_data(mini(available, budget))
	if got[0] != OK:
		return false
	into.append_array(got[1])
	return true
