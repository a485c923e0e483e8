@tool
extends RefCounted
## One HTTP/1.1 connection, never blocking: reads only what has arrived, parses requests incrementally
## (several may be pipelined), answers them strictly in order, and enforces the size and time limits.
## The server runs each request as a coroutine and hands the response back through `finish()`.

const BridgeListener := preload("../net/tcp_listener.gd")
const BridgeWire := preload("../net/http_head.gd")

const MAX_HEAD_BYTES := 16 * 1024
const MAX_BODY_BYTES := 16 * 1024 * 1024
## Requests parsed ahead of their answers; past this the connection stops reading (back-pressure).
const MAX_PIPELINE := 16
const READ_CHUNK := 256 * 1024
## A request must arrive whole within this time of its first byte (slow or stalled senders get 408).
const REQUEST_TIMEOUT_MS := 10_000
## An idle keep-alive connection is closed after this; clients are told a shorter Keep-Alive timeout
## so they never reuse a connection we are closing.
const IDLE_TIMEOUT_MS := 20_000
const KEEP_ALIVE_HINT_S := 15
## A client that stops reading its answers is dropped after this.
const WRITE_STALL_MS := 30_000
## After the last response on a closing connection: drain what the client still sends, so closing
## does not reset the connection before it has read the response.
const LINGER_MS := 250

var tcp: StreamPeerTCP
var closed := false
## Called with (conn, request Dictionary) for each complete request; the answer comes via finish().
var on_request: Callable

var _in := PackedByteArray()
var _out := PackedByteArray()
var _queue: Array[Dictionary] = []  # one slot per request, in arrival order: {done, bytes, close}
var _head: Dictionary = {}  # a parsed head waiting for its body
var _scan := 0  # where the search for the end of the head resumes
var _request_started := -1
var _last_active: int
var _last_write: int
var _no_more := false  # a response will close the connection: ignore anything after it
var _linger_since := -1


func _init(p_tcp: StreamPeerTCP, p_on_request: Callable) -> void:
	tcp = p_tcp
	on_request = p_on_request
	_last_active = Time.get_ticks_msec()
	_last_write = _last_active
	tcp.set_no_delay(true)


## True while nothing is owed and nothing is half-received: such a connection may be evicted.
func is_idle() -> bool:
	return _queue.is_empty() and _out.is_empty() and _in.is_empty() and _head.is_empty()


func poll(now: int) -> void:
	if closed:
		return
	if _linger_since >= 0:
		_discard_input()
		if now - _linger_since > LINGER_MS or tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			close()
		return
	_read(now)
	_parse(now)
	_flush(now)
	if closed or _linger_since >= 0:
		return
	if is_idle():
		# Only now ask the socket whether the peer has gone: StreamPeerTCP.poll() closes a half-closed
		# socket outright, which would lose answers still owed to a client that sent its request and FIN.
		tcp.poll()
		if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED or now - _last_active > IDLE_TIMEOUT_MS:
			close()
	elif _request_started >= 0 and not _no_more and now - _request_started > REQUEST_TIMEOUT_MS:
		_refuse(408, "the request did not arrive within %d s" % (REQUEST_TIMEOUT_MS / 1000.0))
		_flush(now)
	elif not _out.is_empty() and now - _last_write > WRITE_STALL_MS:
		close()


## Stores the response for the request in `slot` and sends whatever is now in order.
func finish(slot: Dictionary, status: int, fields: Dictionary, body: String) -> void:
	var keep: bool = slot.keep_alive  # the body was read whole: an error answer leaves the stream in step
	slot.bytes = BridgeWire.response_bytes(status, _with_keep_alive(fields, keep), body, keep, not slot.head_only)
	slot.close = not keep
	slot.done = true
	if not closed:
		_flush(Time.get_ticks_msec())


func close() -> void:
	if closed:
		return
	closed = true
	_discard_input()
	tcp.disconnect_from_host()


func _read(now: int) -> void:
	if _no_more:
		_discard_input()
		return
	if _queue.size() >= MAX_PIPELINE or _in.size() > MAX_HEAD_BYTES + MAX_BODY_BYTES:
		return  # back-pressure: let the kernel buffer fill until answers go out
	var before := _in.size()
	if not BridgeListener.read_into(tcp, _in, READ_CHUNK):
		close()
	elif _in.size() > before:
		_last_active = now


func _parse(now: int) -> void:
	while not _no_more and not closed and _queue.size() < MAX_PIPELINE:
		if _head.is_empty():
			_skip_leading_blank_lines()
			if _in.is_empty():
				_request_started = -1
				return
			if _request_started < 0:
				_request_started = now
			var end := _find_head_end()
			if end < 0:
				if _in.size() > MAX_HEAD_BYTES:
					_refuse(431, "the request head is larger than %d bytes" % MAX_HEAD_BYTES)
				return
			if end + 4 > MAX_HEAD_BYTES:
				_refuse(431, "the request head is larger than %d bytes" % MAX_HEAD_BYTES)
				return
			var parsed := BridgeWire.parse_head(_in.slice(0, end))
			_in = _in.slice(end + 4)
			_scan = 0
			if not parsed.ok:
				_refuse(parsed.status, parsed.message)
				return
			if parsed.length > MAX_BODY_BYTES:
				_refuse(413, "the body is larger than %d bytes" % MAX_BODY_BYTES)
				return
			_head = parsed
			if _head.expect_continue and _in.size() < _head.length and _queue.is_empty() and _out.is_empty():
				_out.append_array("HTTP/1.1 100 Continue\r\n\r\n".to_utf8_buffer())
		var length: int = _head.length
		if _in.size() < length:
			return
		var req := _head
		_head = {}
		req.body = _in.slice(0, length)
		_in = _in.slice(length)
		_request_started = now if not _in.is_empty() else -1
		var slot := {"done": false, "bytes": PackedByteArray(), "close": false, "keep_alive": req.keep_alive,
				"head_only": req.method == "HEAD"}
		_queue.append(slot)
		if not req.keep_alive:
			_no_more = true
		on_request.call(self, slot, req)
	if _queue.size() >= MAX_PIPELINE:
		_request_started = -1  # what waits in the buffer waits on us, not on the client: no 408 for it


## A refusal the connection cannot recover from (it no longer knows where the next request starts):
## answered after everything already owed, then the connection closes.
func _refuse(status: int, message: String) -> void:
	_no_more = true
	_in.clear()
	_head = {}
	var slot := {"done": true, "close": true, "keep_alive": false,
			"bytes": BridgeWire.response_bytes(status, {"Content-Type": "application/json"},
					BridgeWire.error_body(-32600, "%s: %s" % [BridgeWire.REASONS.get(status, "Error"),
							message]), false)}
	_queue.append(slot)


func _flush(now: int) -> void:
	while not _queue.is_empty() and _queue[0].done:
		var slot: Dictionary = _queue.pop_front()
		_out.append_array(slot.bytes)
		if slot.close:
			_no_more = true
			_queue.clear()
			_linger_since = -2  # set once the bytes are out
			break
	if not _out.is_empty():
		var sent: Array = tcp.put_partial_data(_out)
		if sent[0] != OK:
			close()
			return
		if sent[1] > 0:
			_out = _out.slice(sent[1])
			_last_write = now
			_last_active = now
	if _out.is_empty() and _linger_since == -2:
		_linger_since = now


func _find_head_end() -> int:
	var end := BridgeWire.find_head_end(_in, _scan)
	if end < 0:
		_scan = maxi(0, _in.size() - 3)  # the blank line may still be arriving across this boundary
	return end


## RFC 9112 2.2: a server ignores at least one empty line before a request line.
func _skip_leading_blank_lines() -> void:
	var n := 0
	while n + 1 < _in.size() and _in[n] == 13 and _in[n + 1] == 10:
		n += 2
	if n > 0:
		_in = _in.slice(n)
		_scan = 0


func _discard_input() -> void:
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		return
	var available := tcp.get_available_bytes()
	if available > 0:
		tcp.get_partial_data(available)


func _with_keep_alive(fields: Dictionary, keep: bool) -> Dictionary:
	if keep:
		var out := fields.duplicate()
		out["Keep-Alive"] = "timeout=%d" % KEEP_ALIVE_HINT_S
		return out
	return fields
