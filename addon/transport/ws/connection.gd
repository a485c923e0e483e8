@tool
extends RefCounted
## One WebSocket connection (RFC 6455, server side) over a raw StreamPeerTCP, so the upgrade request's
## Host and Origin can be checked (Godot's WebSocketPeer hides them). Never blocks the editor: reads only
## what has arrived, writes what the socket takes and keeps the rest for the next poll.

const BridgeListener := preload("../net/tcp_listener.gd")
const BridgeHandshake := preload("handshake.gd")
const BridgeFrames := preload("frames.gd")
const BridgeWire := preload("../net/http_head.gd")

const MAX_HEAD_BYTES := 16 * 1024
## The upgrade request must arrive whole within this time of the connection (stalled clients get 408).
const HANDSHAKE_TIMEOUT_MS := 10_000
## Big enough for frame captures and scripts sent as text; a bigger message is refused with 1009.
const MAX_MESSAGE_BYTES := 64 * 1024 * 1024
## Read at most this much per poll, so one fast sender cannot hold up the editor frame.
const READ_BUDGET := 8 * 1024 * 1024
## While this much output waits for a client that does not read, its requests are not read either.
const OUT_HIGH_WATER := 64 * 1024 * 1024
## Outgoing frames are queued in pieces of this size, so a partial write never copies a whole big reply.
const OUT_CHUNK := 256 * 1024
## Queued pieces up to this size are joined into one write.
const COALESCE_BYTES := 16 * 1024
## A client that reads nothing of what is owed to it for this long is dropped.
const WRITE_STALL_MS := 30_000
## After our close frame (or refusal) is out: how long to wait for the client to hang up before we do.
const LINGER_MS := 250

enum State { HANDSHAKE, OPEN, CLOSING }

var tcp: StreamPeerTCP
var closed := false

var _on_open: Callable  # (conn) once the 101 is queued
var _on_message: Callable  # (conn, text) per complete message
var _state := State.HANDSHAKE
var _in := PackedByteArray()
var _pos := 0  # bytes of _in already consumed
var _scan := 0  # where the search for the end of the request head resumes
var _out: Array[PackedByteArray] = []
var _out_offset := 0  # bytes of _out[0] already sent
var _out_bytes := 0
var _in_poll := false  # inside poll(): replies wait for its flush
var _frag := PackedByteArray()  # a fragmented message so far
var _frag_opcode := -1  # its opcode while one is in progress
var _opened_at: int
## Who connected, from the upgrade's User-Agent ("" when it sent none), and when (unix seconds).
var client := ""
var since_unix := 0.0
var _last_write: int
var _linger_since := -1
var _hang_up_when_sent := false  # the client closed first: drop the socket once our echo is out


func _init(p_tcp: StreamPeerTCP, on_open: Callable, on_message: Callable) -> void:
	tcp = p_tcp
	_on_open = on_open
	_on_message = on_message
	_opened_at = Time.get_ticks_msec()
	_last_write = _opened_at
	tcp.set_no_delay(true)


func is_open() -> bool:
	return not closed and _state == State.OPEN


## Queues one text message and writes what the socket takes now, so a reply leaves in this frame.
func send_text(text: String) -> void:
	if not is_open():
		return
	_queue_frame(BridgeFrames.OP_TEXT, text.to_utf8_buffer())
	if not _in_poll:
		_flush(Time.get_ticks_msec())  # a reply that finished after an await; inside poll() one flush sends all


## The editor is going away: a 1001 close frame, best effort, and the socket closes now.
func shut_down() -> void:
	if is_open():
		_queue_frame(BridgeFrames.OP_CLOSE, BridgeFrames.close_payload(BridgeFrames.CLOSE_GOING_AWAY, "editor closing"))
		_flush(Time.get_ticks_msec())
	abort()


func abort() -> void:
	if closed:
		return
	closed = true
	_out.clear()
	tcp.disconnect_from_host()


func poll(now: int) -> void:
	if closed:
		return
	if _state == State.CLOSING:
		_poll_closing(now)
		return
	_read()
	if not closed and _state == State.HANDSHAKE:
		_handshake(now)
	if not closed and _state == State.OPEN:
		_in_poll = true  # replies of the commands these frames run synchronously go out in the one flush below
		_frames()
		_in_poll = false
	if closed:
		return
	_flush(now)
	if closed or _state == State.CLOSING:
		return
	if _out_bytes > 0 and now - _last_write > WRITE_STALL_MS:
		abort()
	elif tcp.get_available_bytes() <= 0:
		tcp.poll()  # notices a hang-up; only with nothing unread, or it would close with data pending
		if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			abort()


func _read() -> void:
	if _out_bytes > OUT_HIGH_WATER:
		return  # back-pressure: the kernel buffer fills and the client waits
	if not BridgeListener.read_into(tcp, _in, READ_BUDGET):
		abort()


func _handshake(now: int) -> void:
	var end := _find_head_end()
	if end < 0 or end + 4 > MAX_HEAD_BYTES:
		if _in.size() > MAX_HEAD_BYTES or end >= 0:
			_refuse(BridgeHandshake.refusal(431, "the upgrade request head is larger than %d bytes" % MAX_HEAD_BYTES))
		elif now - _opened_at > HANDSHAKE_TIMEOUT_MS:
			_refuse(BridgeHandshake.refusal(408, "the upgrade request did not arrive within %d s" % (HANDSHAKE_TIMEOUT_MS / 1000.0)))
		return
	var verdict := BridgeHandshake.answer(_in.slice(0, end))
	if not verdict.ok:
		_refuse(verdict)
		return
	_in = _in.slice(end + 4)  # frames the client sent right behind its request are kept
	client = verdict.client
	since_unix = Time.get_unix_time_from_system()
	_queue_raw(verdict.bytes)
	_state = State.OPEN
	_on_open.call(self)


## Reads every complete frame; a partial one waits in _in for the next poll.
func _frames() -> void:
	while _state == State.OPEN and not closed:
		var h := BridgeFrames.parse_header(_in, _pos)
		if h.is_empty():
			break
		if h.has("error"):
			_fail(h.error, h.message)
			return
		var op: int = h.opcode
		if op == BridgeFrames.OP_CONTINUATION and _frag_opcode < 0:
			_fail(BridgeFrames.CLOSE_PROTOCOL_ERROR, "continuation frame with no message to continue")
			return
		if (op == BridgeFrames.OP_TEXT or op == BridgeFrames.OP_BINARY) and _frag_opcode >= 0:
			_fail(BridgeFrames.CLOSE_PROTOCOL_ERROR, "new message before the last one's final frame")
			return
		if op < BridgeFrames.OP_CLOSE and _frag.size() + h.length > MAX_MESSAGE_BYTES:
			_fail(BridgeFrames.CLOSE_TOO_BIG, "message larger than %d MiB" % (MAX_MESSAGE_BYTES >> 20))
			return
		var end: int = h.start + h.length
		if _in.size() < end:
			break
		var payload := BridgeFrames.unmask(_in, h.start, h.length, h.mask)
		_pos = end
		_on_frame(h.fin, op, payload)
	if closed:
		return
	if _pos >= _in.size():
		_in = PackedByteArray()
	elif _pos > 0:
		_in = _in.slice(_pos)
	_pos = 0


func _on_frame(fin: bool, op: int, payload: PackedByteArray) -> void:
	if op == BridgeFrames.OP_PING:
		_queue_frame(BridgeFrames.OP_PONG, payload)
	elif op == BridgeFrames.OP_CLOSE:
		_on_close_frame(payload)
	elif op != BridgeFrames.OP_PONG:
		if not fin or op == BridgeFrames.OP_CONTINUATION:
			if op != BridgeFrames.OP_CONTINUATION:
				_frag_opcode = op
			_frag.append_array(payload)
			if not fin:
				return
			payload = _frag
			_frag = PackedByteArray()
			_frag_opcode = -1
		_deliver(payload)


## Text and binary messages alike carry UTF-8 JSON text.
func _deliver(message: PackedByteArray) -> void:
	var text: Variant = BridgeWire.utf8_text(message)
	if text == null:
		_fail(BridgeFrames.CLOSE_INVALID_DATA, "messages must be UTF-8 JSON text")
		return
	_on_message.call(self, text)


## The client closes: echo its code, then hang up (the server closes the TCP connection first).
func _on_close_frame(payload: PackedByteArray) -> void:
	var echo := PackedByteArray()
	if payload.size() == 1:
		_fail(BridgeFrames.CLOSE_PROTOCOL_ERROR, "close frame with a 1-byte payload")
		return
	if payload.size() >= 2:
		var code := (payload[0] << 8) | payload[1]
		if not BridgeFrames.valid_close_code(code):
			_fail(BridgeFrames.CLOSE_PROTOCOL_ERROR, "invalid close code %d" % code)
			return
		echo = BridgeFrames.close_payload(code)
	_queue_frame(BridgeFrames.OP_CLOSE, echo)
	_state = State.CLOSING
	_hang_up_when_sent = true


## We close: the stream can no longer be trusted, so whatever else arrives is discarded.
func _fail(code: int, message: String) -> void:
	_queue_frame(BridgeFrames.OP_CLOSE, BridgeFrames.close_payload(code, message))
	_state = State.CLOSING
	_in = PackedByteArray()
	_pos = 0


func _refuse(verdict: Dictionary) -> void:
	_queue_raw(verdict.bytes)
	_state = State.CLOSING
	_in = PackedByteArray()


## Sends what is still owed, then closes; lingering first drains the input, so that closing with unread
## bytes does not reset the connection before the client has read our last words.
func _poll_closing(now: int) -> void:
	_discard_input()
	_flush(now)
	if closed:
		return
	if _out_bytes > 0:
		if now - _last_write > WRITE_STALL_MS:
			abort()
		return
	if _hang_up_when_sent:
		abort()
		return
	if _linger_since < 0:
		_linger_since = now
	tcp.poll()
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED or now - _linger_since > LINGER_MS:
		abort()


func _queue_frame(opcode: int, payload: PackedByteArray) -> void:
	var head := BridgeFrames.header(opcode, payload.size())
	if payload.size() <= OUT_CHUNK:
		_queue_raw(head, payload)  # one write, one segment
		return
	_queue_raw(head)
	for i in range(0, payload.size(), OUT_CHUNK):
		_queue_raw(payload.slice(i, i + OUT_CHUNK))


## Queues `bytes` and then `more` (a frame's header and its payload, or one piece of a big frame).
func _queue_raw(bytes: PackedByteArray, more := PackedByteArray()) -> void:
	if _out_bytes == 0:
		_last_write = Time.get_ticks_msec()  # the stall clock starts when something is owed
	var size := bytes.size() + more.size()
	_out_bytes += size
	# Small replies queued together share one write: many calls in flight then cost one syscall, not one each.
	# Only into a small, untouched last piece.
	var last := _out.size() - 1
	if last >= 0 and (last > 0 or _out_offset == 0) and _out[last].size() + size <= COALESCE_BYTES:
		var joined: PackedByteArray = _out[last]
		_out[last] = PackedByteArray()  # the queue lets go of it, so appending grows it in place instead of copying it
		joined.append_array(bytes)
		joined.append_array(more)
		_out[last] = joined
		return
	if not more.is_empty():
		bytes.append_array(more)
	_out.append(bytes)


func _flush(now: int) -> void:
	while not _out.is_empty() and not closed:
		var chunk: PackedByteArray = _out[0]
		var data := chunk if _out_offset == 0 else chunk.slice(_out_offset)
		var sent: Array = tcp.put_partial_data(data)
		if sent[0] != OK:
			abort()
			return
		var n: int = sent[1]
		if n > 0:
			_out_bytes -= n
			_last_write = now
		if n < data.size():
			_out_offset += n
			return
		_out.pop_front()
		_out_offset = 0


func _find_head_end() -> int:
	var end := BridgeWire.find_head_end(_in, _scan)
	if end < 0:
		_scan = maxi(0, _in.size() - 3)  # the blank line may still be arriving across this boundary
	return end


func _discard_input() -> void:
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		return
	var available := tcp.get_available_bytes()
	if available > 0:
		tcp.get_partial_data(mini(available, READ_BUDGET))
