extends SceneTree
## The Godot side of scripts/pipelined-floor.ts: a headless server that answers every JSON-RPC request on a
## WebSocket with a fixed result, no router, so the client can measure what any GDScript addon pays per call.
## Run as `godot --headless --path <project> --script res://floor_server.gd -- <framing> <reply> <loop> <port>
## <result JSON>`, the project holding a copy of the addon's transport scripts under res://addons/bridge/.
## framing: `transport` (the addon's own addon/transport/ws/connection.gd over net/tcp_listener.gd) or
##   `native` (TCPServer + Godot's WebSocketPeer: framing in C++);
## reply: `json` (JSON.parse of the request, a Dictionary, JSON.stringify), `prebuilt` (one string made at
##   start, only the request's id put in: the framing alone), `parse` (JSON.parse, then the prebuilt string) or
##   `stringify` (the id found as `prebuilt` does, then JSON.stringify of the reply Dictionary);
## framing `micro` runs no server: it times the per-call pieces in a loop and prints µs per call.
## loop: `addon` (what addon/core/bridge_server.gd does while a client is busy: the frame sleeps 1 ms, and
##   within a frame the transport is polled again while requests keep arriving, up to 3 ms, 250 µs apart,
##   until 0.5 ms pass with none) or `spin` (no sleep at all, one poll a frame).


func _initialize() -> void:
	var args := OS.get_cmdline_user_args()
	var server := FloorServer.new()
	server.framing = args[0]
	server.reply = args[1]
	server.loop = args[2]
	server.port = int(args[3])
	server.result = _integral(JSON.parse_string(args[4]))
	if server.framing == "micro":
		server.micro()
		server.free()
		quit()
		return
	root.add_child(server)


## JSON numbers parse as floats: the addon's result has ints (`"major":4`, not `4.0`), so the reply is as long.
static func _integral(v: Variant) -> Variant:
	if v is float and v == floorf(v):
		return int(v)
	if v is Dictionary:
		for k: Variant in v:
			v[k] = _integral(v[k])
	return v


class FloorServer extends Node:
	const Listener := preload("res://addons/bridge/transport/net/tcp_listener.gd")
	const Conn := preload("res://addons/bridge/transport/ws/connection.gd")
	const Frames := preload("res://addons/bridge/transport/ws/frames.gd")

	## addon/core/bridge_server.gd's LOOP_SLEEP_USEC, DRAIN_BUDGET_USEC, DRAIN_IDLE_USEC, DRAIN_STEP_USEC.
	const LOOP_SLEEP_USEC := 1000
	const DRAIN_BUDGET_USEC := 3000
	const DRAIN_IDLE_USEC := 500
	const DRAIN_STEP_USEC := 250
	const HELLO := "{\"jsonrpc\":\"2.0\",\"method\":\"bridge.hello\",\"params\":{}}"

	var framing := "transport"
	var reply := "json"
	var loop := "addon"
	var port := 0
	var result: Dictionary = {}
	var _started := 0  # requests answered so far (bridge_server.gd's _started_calls)
	var _listener: RefCounted  # Listener, for `transport`
	var _tcp := TCPServer.new()  # for `native`
	var _peers: Array[WebSocketPeer] = []
	var _greeted: Array[WebSocketPeer] = []
	var _prefix := "{\"id\":"
	var _suffix := ""

	func _ready() -> void:
		OS.low_processor_usage_mode_sleep_usec = 0 if loop == "spin" else LOOP_SLEEP_USEC
		_suffix = ",\"jsonrpc\":\"2.0\",\"result\":%s}" % JSON.stringify(result)
		var err := OK
		if framing == "transport":
			_listener = Listener.new()
			err = _listener.call("listen", port, 0, 0)
		else:
			err = _tcp.listen(port, "127.0.0.1")
		if err != OK:
			printerr("floor: cannot listen on %d: %s" % [port, error_string(err)])
			get_tree().quit(1)
			return
		print("floor: listening on %d" % port)

	func _process(_delta: float) -> void:
		if loop == "spin":
			_poll()
			return
		# addon/core/bridge_server.gd's _drain(), for calls that all answer within the poll
		var start := Time.get_ticks_usec()
		var last_arrival := start
		while true:
			var started := _started
			_poll()
			var now := Time.get_ticks_usec()
			if _started > started:
				last_arrival = now
			elif now - last_arrival >= DRAIN_IDLE_USEC or last_arrival == start:
				return
			if now - start >= DRAIN_BUDGET_USEC:
				return
			OS.delay_usec(DRAIN_STEP_USEC)

	func _poll() -> void:
		if framing == "transport":
			_listener.call("poll", _accept)
		else:
			_poll_native()

	func _accept(tcp: StreamPeerTCP) -> Variant:
		return Conn.new(tcp, _greet, _serve)

	func _greet(conn: RefCounted) -> void:
		conn.call("send_text", HELLO)

	func _serve(conn: RefCounted, text: String) -> void:
		_started += 1
		conn.call("send_text", _answer(text))

	## Each poll reads what arrived, answers every complete message and polls again so the replies leave now.
	func _poll_native() -> void:
		while _tcp.is_connection_available():
			var ws := WebSocketPeer.new()
			ws.inbound_buffer_size = 1 << 20
			ws.outbound_buffer_size = 1 << 20
			ws.accept_stream(_tcp.take_connection())
			_peers.append(ws)
		for ws: WebSocketPeer in _peers.duplicate():
			ws.poll()
			var state := ws.get_ready_state()
			if state == WebSocketPeer.STATE_CLOSED:
				_peers.erase(ws)
				_greeted.erase(ws)
				continue
			if state != WebSocketPeer.STATE_OPEN:
				continue
			if not _greeted.has(ws):
				_greeted.append(ws)
				ws.send_text(HELLO)
			var answered := false
			while ws.get_available_packet_count() > 0:
				var text := ws.get_packet().get_string_from_utf8()
				_started += 1
				ws.send_text(_answer(text))
				answered = true
			if answered:
				ws.poll()

	func _answer(text: String) -> String:
		if reply == "prebuilt" or reply == "stringify":
			# the client writes `"id":N,` right after "jsonrpc"
			var at := text.find("\"id\":") + 5
			var id := text.substr(at, text.find(",", at) - at)
			if reply == "prebuilt":
				return _prefix + id + _suffix
			return JSON.stringify({"jsonrpc": "2.0", "id": int(id), "result": result})
		var json := JSON.new()
		if json.parse(text) != OK:
			return ""
		var msg: Dictionary = json.data
		if reply == "parse":
			return _prefix + str(int(msg.id)) + _suffix
		return JSON.stringify({"jsonrpc": "2.0", "id": int(msg.id), "result": result})

	## The pieces of a call timed alone, in one loop each (no socket, no frame): µs per call.
	func micro() -> void:
		const N := 20000
		var request := "{\"jsonrpc\":\"2.0\",\"id\":12345,\"method\":\"engine.version\",\"params\":{}}"
		var reply_dict := {"jsonrpc": "2.0", "id": 12345, "result": result}
		_suffix = ",\"jsonrpc\":\"2.0\",\"result\":%s}" % JSON.stringify(result)
		var reply_text := _answer_prebuilt(request)
		var framed := PackedByteArray([0x80 | Frames.OP_TEXT, 0x80 | request.length(), 1, 2, 3, 4])  # masked, < 126 bytes
		framed.append_array(request.to_utf8_buffer())
		var steps := {
			"JSON.new().parse(request)": func() -> void: JSON.new().parse(request),
			"JSON.parse_string(request)": func() -> void: JSON.parse_string(request),
			"JSON.stringify(reply), keys sorted": func() -> void: JSON.stringify(reply_dict),
			"JSON.stringify(reply), unsorted": func() -> void: JSON.stringify(reply_dict, "", false),
			"JSON.stringify(result) alone": func() -> void: JSON.stringify(result),
			"JSON.stringify({id, jsonrpc}) alone": func() -> void: JSON.stringify({"jsonrpc": "2.0", "id": 12345}),
			"prebuilt reply (find id, concat)": func() -> void: _answer_prebuilt(request),
			"reply.to_utf8_buffer()": func() -> void: reply_text.to_utf8_buffer(),
			"Frames.parse_header + unmask (request)": _frame_in.bind(framed),
			"Frames.header (reply)": func() -> void: Frames.header(Frames.OP_TEXT, 264),
			"an empty Callable call": func() -> void: pass,
		}
		for label: String in steps:
			var step: Callable = steps[label]
			var t0 := Time.get_ticks_usec()
			for i in N:
				step.call()
			print("micro: %s: %.2f µs" % [label, float(Time.get_ticks_usec() - t0) / N])

	func _frame_in(framed: PackedByteArray) -> void:
		var h := Frames.parse_header(framed, 0)
		Frames.unmask(framed, h.start, h.length, h.mask)

	func _answer_prebuilt(text: String) -> String:
		var at := text.find("\"id\":") + 5
		return _prefix + text.substr(at, text.find(",", at) - at) + _suffix
