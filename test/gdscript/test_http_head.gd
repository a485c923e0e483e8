extends "unit.gd"
## transport/net/http_head.gd: the strict HTTP/1.1 request-head parser.

const HttpHead := preload("res://addons/bridge/transport/net/http_head.gd")


func _parse(text: String) -> Dictionary:
	return HttpHead.parse_head(text.to_ascii_buffer())


func test_parses_a_request_head() -> void:
	var req := _parse("POST /mcp?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 12\r\nConnection: close")
	eq(req.get("ok"), true, "a valid head parses: %s" % req)
	eq(req.get("path"), "/mcp", "the path without its query")
	eq(req.get("length"), 12, "the body length")
	eq(req.get("keep_alive"), false, "Connection: close")
	eq(req.get("headers", {}).get("host"), "127.0.0.1", "header names are lower-cased")


func test_refuses_malformed_heads_with_a_status() -> void:
	eq(_parse("GET /mcp").get("status"), 400, "no version")
	eq(_parse("GET mcp HTTP/1.1\r\nHost: a").get("status"), 400, "a target that is not a path")
	eq(HttpHead.parse_head(PackedByteArray([71, 69, 84, 0])).get("status"), 400, "a NUL byte")
	eq(_parse("POST /mcp HTTP/1.1\r\nHost: a\r\nContent-Length: x").get("ok"), false, "a length that is no number")
