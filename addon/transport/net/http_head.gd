@tool
extends RefCounted
## HTTP/1.1 on the wire, strictly: parses a request head (request line + header fields) into a
## Dictionary or the status that refuses it, and serializes responses. No I/O here.

const BridgeJsonValue := preload("../../core/json_value.gd")

const MAX_HEADERS := 100

const REASONS := {
	100: "Continue", 200: "OK", 202: "Accepted", 204: "No Content", 400: "Bad Request", 403: "Forbidden",
	404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
	411: "Length Required", 413: "Content Too Large", 415: "Unsupported Media Type", 417: "Expectation Failed",
	431: "Request Header Fields Too Large", 500: "Internal Server Error", 503: "Service Unavailable",
	505: "HTTP Version Not Supported",
}

static var _token := _regex("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
static var _bad_chars := _regex("[^\\t\\x20-\\x7e]")
static var _version := _regex("^HTTP/[0-9]\\.[0-9]$")
static var _non_ascii := _regex("[\\x80-\\xff]")
static var _utf8_seq := _regex("[\\xC2-\\xDF][\\x80-\\xBF]|\\xE0[\\xA0-\\xBF][\\x80-\\xBF]|[\\xE1-\\xEC\\xEE\\xEF][\\x80-\\xBF]{2}"
		+ "|\\xED[\\x80-\\x9F][\\x80-\\xBF]|\\xF0[\\x90-\\xBF][\\x80-\\xBF]{2}|[\\xF1-\\xF3][\\x80-\\xBF]{3}|\\xF4[\\x80-\\x8F][\\x80-\\xBF]{2}")


## `head` is everything before the blank line. Returns {ok: true, method, target, path, version,
## headers: {lowercase name: value}, length, keep_alive, expect_continue} or {ok: false, status, message}.
static func parse_head(head: PackedByteArray) -> Dictionary:
	if head.has(0):
		return _refuse(400, "NUL byte in the request head")
	var lines := head.get_string_from_ascii().split("\r\n")  # one char per byte: nothing is decoded
	var start := lines[0].split(" ")
	if start.size() != 3 or not _token.search(start[0]) or _bad_chars.search(lines[0]):
		return _refuse(400, "malformed request line; expected 'METHOD /path HTTP/1.1'")
	var target: String = start[1]
	if not (target.begins_with("/") or (target == "*" and start[0] == "OPTIONS")):
		return _refuse(400, "the request target must be a path such as /mcp")
	var version: String = start[2]
	if not _version.search(version):
		return _refuse(400, "malformed HTTP version '%s'" % version)
	if version != "HTTP/1.1" and version != "HTTP/1.0":
		return _refuse(505, "only HTTP/1.1 and HTTP/1.0 are served")
	if lines.size() - 1 > MAX_HEADERS:
		return _refuse(431, "more than %d header fields" % MAX_HEADERS)
	var headers := {}
	for i in range(1, lines.size()):
		var line: String = lines[i]
		var colon := line.find(":")
		if colon <= 0 or _bad_chars.search(line):
			return _refuse(400, "malformed header field on line %d" % (i + 1))
		var name := line.substr(0, colon)
		if not _token.search(name):
			return _refuse(400, "malformed header name '%s'" % name.c_escape())
		name = name.to_lower()
		var value := line.substr(colon + 1).strip_edges()
		if headers.has(name):
			if name in ["host", "content-length", "origin", "content-type", "mcp-protocol-version", "transfer-encoding"]:
				if name != "content-length" or headers[name] != value:
					return _refuse(400, "duplicate '%s' header" % name)
				continue
			headers[name] = headers[name] + ", " + value
		else:
			headers[name] = value
	var req := {"ok": true, "method": start[0], "target": target, "path": target.get_slice("?", 0),
			"version": version, "headers": headers, "length": 0}
	if version == "HTTP/1.1" and not headers.has("host"):
		return _refuse(400, "HTTP/1.1 requests need a Host header")
	if headers.has("transfer-encoding"):
		return _refuse(411 if not headers.has("content-length") else 400,
				"Transfer-Encoding is not accepted; send the body with a Content-Length")
	if headers.has("content-length"):
		var cl: String = headers["content-length"]
		if cl.is_empty() or cl.length() > 12 or not cl.is_valid_int() or cl.begins_with("+") or cl.begins_with("-"):
			return _refuse(400, "malformed Content-Length '%s'" % cl)
		req.length = cl.to_int()
	elif start[0] == "POST":
		return _refuse(411, "POST needs a Content-Length header")
	var connection: String = headers.get("connection", "").to_lower()
	if version == "HTTP/1.1":
		req.keep_alive = not connection.contains("close")
	else:
		req.keep_alive = connection.contains("keep-alive")
	var expect: String = headers.get("expect", "").to_lower()
	if expect != "" and expect != "100-continue":
		return _refuse(417, "only 'Expect: 100-continue' is understood")
	req.expect_continue = expect == "100-continue"
	return req


## Where the blank line ending a request head starts in `data` (searching from `from`), or -1.
static func find_head_end(data: PackedByteArray, from: int) -> int:
	var i := from
	while true:
		i = data.find(13, i)
		if i < 0 or i + 3 >= data.size():
			return -1
		if data[i + 1] == 10 and data[i + 2] == 13 and data[i + 3] == 10:
			return i
		i += 1
	return -1


## The reason phrase of a status line: the standard one (a unit test keeps REASONS covering every status the
## addon sends), else its class's.
static func reason(status: int) -> String:
	if REASONS.has(status):
		return REASONS[status]
	return "Client Error" if status >= 400 and status < 500 else ("Server Error" if status >= 500 else "Status")


## The response bytes: status line, the given fields, Content-Length and the connection's fate.
## A HEAD request gets the same fields with no body.
static func response_bytes(status: int, fields: Dictionary, body: String, keep_alive: bool, with_body: bool = true) -> PackedByteArray:
	var data := body.to_utf8_buffer()
	var out := PackedStringArray(["HTTP/1.1 %d %s" % [status, reason(status)]])
	for name: String in fields:
		out.append("%s: %s" % [name, fields[name]])
	if status != 204:
		out.append("Content-Length: %d" % data.size())
	if keep_alive:
		out.append("Connection: keep-alive")
	else:
		out.append("Connection: close")
	var bytes := ("\r\n".join(out) + "\r\n\r\n").to_utf8_buffer()
	if with_body:
		bytes.append_array(data)
	return bytes


## A body's text, or null when it is not valid UTF-8 (checked first: decoding bad bytes would log errors).
static func utf8_text(body: PackedByteArray) -> Variant:
	if body.has(0):
		return null  # JSON never holds a raw NUL; decoding would also cut the text short there
	var latin := body.get_string_from_ascii()  # one char per byte
	if _non_ascii.search(latin) and _non_ascii.search(_utf8_seq.sub(latin, "", true)):
		return null
	return body.get_string_from_utf8()


## A JSON-RPC error reply with no id: the body of every transport-level refusal.
static func error_body(code: int, message: String) -> String:
	return BridgeJsonValue.stringify({"jsonrpc": "2.0", "id": null, "error": {"code": code, "message": message}})


static func _refuse(status: int, message: String) -> Dictionary:
	return {"ok": false, "status": status, "message": message}


static func _regex(pattern: String) -> RegEx:
	return RegEx.create_from_string(pattern)
