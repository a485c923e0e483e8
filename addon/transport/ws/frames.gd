@tool
extends RefCounted
## RFC 6455 framing, pure: reads the header of a client frame, unmasks payloads, writes server frames.
## No extensions are negotiated, so the RSV bits are always 0.

const OP_CONTINUATION := 0
const OP_TEXT := 1
const OP_BINARY := 2
const OP_CLOSE := 8
const OP_PING := 9
const OP_PONG := 10

const CLOSE_NORMAL := 1000
const CLOSE_GOING_AWAY := 1001
const CLOSE_PROTOCOL_ERROR := 1002
const CLOSE_INVALID_DATA := 1007
const CLOSE_TOO_BIG := 1009


## The header of the frame starting at `pos`: {} while more bytes are needed; {error: close code,
## message} when it breaks the protocol; else {fin, opcode, mask: int, start (of the payload), length}.
static func parse_header(buf: PackedByteArray, pos: int) -> Dictionary:
	var have := buf.size() - pos
	if have < 2:
		return {}
	var b0 := buf[pos]
	var b1 := buf[pos + 1]
	var opcode := b0 & 0x0f
	var fin := (b0 & 0x80) != 0
	if b0 & 0x70:
		return _error("reserved bits set without a negotiated extension")
	if (opcode > OP_BINARY and opcode < OP_CLOSE) or opcode > OP_PONG:  # not a literal list: every frame asks
		return _error("unknown opcode %d" % opcode)
	if not (b1 & 0x80):
		return _error("client frames must be masked")
	var length := b1 & 0x7f
	var at := pos + 2
	if opcode >= OP_CLOSE and (not fin or length > 125):
		return _error("control frames are unfragmented and carry at most 125 bytes")
	if length == 126:
		if have < 4:
			return {}
		length = (buf[at] << 8) | buf[at + 1]
		at += 2
	elif length == 127:
		if have < 10:
			return {}
		if buf[at] & 0x80:
			return _error("64-bit payload length with the top bit set")
		length = 0
		for i in 8:
			length = (length << 8) | buf[at + i]
		at += 8
	if buf.size() < at + 4:
		return {}
	return {"fin": fin, "opcode": opcode, "mask": buf.decode_u32(at), "start": at + 4, "length": length}


## `length` bytes of `buf` from `start`, XORed with the 4-byte `mask` (as read by decode_u32). Works on
## 64-bit words: 1 MiB takes a few ms in GDScript, where a byte loop would take hundreds.
static func unmask(buf: PackedByteArray, start: int, length: int, mask: int) -> PackedByteArray:
	var words := length - length % 8
	var out := PackedByteArray()
	if words > 0:
		var m := mask | (mask << 32)
		var w := buf.slice(start, start + words).to_int64_array()
		for i in w.size():
			w[i] ^= m
		out = w.to_byte_array()
	for j in range(words, length):
		out.append(buf[start + j] ^ ((mask >> ((j & 3) * 8)) & 0xff))
	return out


## The header of an unmasked, unfragmented server frame carrying `length` payload bytes.
static func header(opcode: int, length: int) -> PackedByteArray:
	var out := PackedByteArray([0x80 | opcode])
	if length < 126:
		out.append(length)
	elif length < 65536:
		out.append_array([126, length >> 8, length & 0xff])
	else:
		out.append(127)
		for shift: int in [56, 48, 40, 32, 24, 16, 8, 0]:
			out.append((length >> shift) & 0xff)
	return out


## A close frame's payload: the status code, big-endian, then a UTF-8 reason cut to fit 125 bytes.
static func close_payload(code: int, reason: String = "") -> PackedByteArray:
	var out := PackedByteArray([code >> 8, code & 0xff])
	var text := reason.to_utf8_buffer()
	if text.size() > 123:
		text = reason.left(30).to_utf8_buffer()  # 4 bytes per char at most
	out.append_array(text)
	return out


## Codes a peer may put in a close frame (1005, 1006 and 1015 are never sent on the wire).
static func valid_close_code(code: int) -> bool:
	return code in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014] or (code >= 3000 and code <= 4999)


static func _error(message: String) -> Dictionary:
	return {"error": CLOSE_PROTOCOL_ERROR, "message": message}
