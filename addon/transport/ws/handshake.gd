@tool
extends RefCounted
## The server side of the RFC 6455 opening handshake, pure: a request head in, the 101 answer or the
## refusal out. Applies the same Host and Origin rules as the HTTP endpoint (origin_rule.gd), because
## browsers apply no CORS to WebSockets: any page could otherwise open ws://127.0.0.1 and drive the editor.

const BridgeWire := preload("../net/http_head.gd")
const BridgeOriginRule := preload("../net/origin_rule.gd")

const ACCEPT_GUID := "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
const REASONS := {101: "Switching Protocols", 408: "Request Timeout", 426: "Upgrade Required", 503: "Service Unavailable"}

## A key is 16 random bytes in base64: 22 characters and `==`.
static var _key_shape := RegEx.create_from_string("^[A-Za-z0-9+/]{22}==$")


## `head` is everything before the blank line. Returns {ok: true, bytes, client} with the 101 answer and the
## client's User-Agent (what the editor dock shows), or
## {ok: false, status, message, bytes} with the refusal, after which the connection closes.
static func answer(head: PackedByteArray) -> Dictionary:
	var req := BridgeWire.parse_head(head)
	if not req.ok:
		return refusal(req.status, req.message)
	var headers: Dictionary = req.headers
	if headers.has("host") and not BridgeOriginRule.host_allowed(headers.host):
		return refusal(403, "Host '%s' is not a loopback name or address" % headers.host)
	if headers.has("origin") and not BridgeOriginRule.origin_allowed(headers.origin):
		return refusal(403, "Origin '%s' is not a loopback origin" % headers.origin)
	if req.method != "GET" or req.version != "HTTP/1.1":
		return refusal(400, "a WebSocket upgrade is an HTTP/1.1 GET request")
	if req.length > 0:
		return refusal(400, "an upgrade request has no body")
	if not _has_token(headers.get("upgrade", ""), "websocket"):
		return refusal(426, "this port speaks WebSocket only (JSON-RPC 2.0); send 'Upgrade: websocket'",
				{"Upgrade": "websocket", "Sec-WebSocket-Version": "13"})
	if not _has_token(headers.get("connection", ""), "upgrade"):
		return refusal(400, "the Connection header must contain 'Upgrade'")
	if headers.get("sec-websocket-version", "") != "13":
		return refusal(426, "only WebSocket version 13 is spoken", {"Sec-WebSocket-Version": "13"})
	var key: String = headers.get("sec-websocket-key", "")
	if not _key_shape.search(key):
		return refusal(400, "missing or malformed Sec-WebSocket-Key")
	var lines := PackedStringArray([
		"HTTP/1.1 101 Switching Protocols",
		"Upgrade: websocket",
		"Connection: Upgrade",
		"Sec-WebSocket-Accept: " + accept_key(key),
	])
	return {"ok": true, "bytes": ("\r\n".join(lines) + "\r\n\r\n").to_ascii_buffer(),
			"client": str(headers.get("user-agent", ""))}


## base64(SHA-1(key + GUID)): proves to the client that this server understood the WebSocket handshake.
static func accept_key(key: String) -> String:
	var ctx := HashingContext.new()
	ctx.start(HashingContext.HASH_SHA1)
	ctx.update((key + ACCEPT_GUID).to_ascii_buffer())
	return Marshalls.raw_to_base64(ctx.finish())


## A complete HTTP error answer with a short plain-text body; the connection closes after it.
static func refusal(status: int, message: String, fields: Dictionary = {}) -> Dictionary:
	var reason: String = REASONS.get(status, BridgeWire.REASONS.get(status, "Error"))
	var body := ("%s: %s\n" % [reason, message]).to_utf8_buffer()
	var lines := PackedStringArray(["HTTP/1.1 %d %s" % [status, reason]])
	for name: String in fields:
		lines.append("%s: %s" % [name, fields[name]])
	lines.append_array(["Content-Type: text/plain; charset=utf-8", "Content-Length: %d" % body.size(), "Connection: close"])
	var bytes := ("\r\n".join(lines) + "\r\n\r\n").to_utf8_buffer()
	bytes.append_array(body)
	return {"ok": false, "status": status, "message": message, "bytes": bytes}


## Whether a comma-separated header value lists `token` (case-insensitive), e.g. `keep-alive, Upgrade`.
static func _has_token(value: String, token: String) -> bool:
	for part in value.split(","):
		if part.strip_edges().to_lower() == token:
			return true
	return false
