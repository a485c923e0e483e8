@tool
extends RefCounted
## The HTTP endpoint's request side, made by server.gd on the first connection (the editor's start compiles
## only what binds the port): each connection's requests pass the Host and Origin rules, get CORS, and
## reach the MCP methods (mcp/endpoint.gd, loaded on the first POST).

const BridgeConn := preload("connection.gd")
const BridgeOriginRule := preload("../net/origin_rule.gd")
const BridgeSettings := preload("../../core/settings.gd")
const BridgeWire := preload("../net/http_head.gd")
const BridgeListener := preload("../net/tcp_listener.gd")
const BridgeCallContext := preload("../../core/call_context.gd")
const BridgeTransportHost := preload("../../core/transport_host.gd")
## The MCP methods (mcp/endpoint.gd and what it preloads: tools, resources, prompts, toolsets) load on the
## first POST, not with the editor: a bare editor never needs them, and compiling them cost its start ~15 ms.
const ENDPOINT_PATH := "mcp/endpoint.gd"

const PATH := "/mcp"
const MAX_CONNECTIONS := 64
const ALLOW := "POST, OPTIONS"
const CORS_HEADERS := "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID"

var _host: BridgeTransportHost
var _listener: BridgeListener
## (client: String) -> void: the server keeps who called recently (its clients()).
var _note_caller: Callable
## mcp/endpoint.gd once the first POST arrived: post(req) -> {status, headers?, body?}.
var _endpoint: RefCounted


func _init(host: BridgeTransportHost, listener: BridgeListener, note_caller: Callable) -> void:
	_host = host
	_listener = listener
	_note_caller = note_caller


## A new connection (tcp_listener.gd's accept): the connection that reads its requests, or null when refused.
func accept(tcp: StreamPeerTCP) -> Variant:
	if _listener.connections.size() >= MAX_CONNECTIONS:
		for conn: BridgeConn in _listener.connections:
			if conn.is_idle():
				conn.close()  # the oldest idle keep-alive connection makes room
				break
		_listener.prune()
	if _listener.connections.size() >= MAX_CONNECTIONS:
		tcp.put_partial_data(BridgeWire.response_bytes(503, {"Content-Type": "application/json", "Retry-After": "1"},
				BridgeWire.error_body(-32000, "too many open connections"), false))
		tcp.disconnect_from_host()
		return null
	_host.touch()
	return BridgeConn.new(tcp, _on_request)


## Runs one request as a coroutine (a slow command holds up neither the editor nor other clients);
## the connection sends the answer in request order. Kept here, not in the connection, so a client
## that leaves mid-command does not free the object the coroutine resumes in.
func _on_request(conn: BridgeConn, slot: Dictionary, req: Dictionary) -> void:
	var headers: Dictionary = req.headers
	var origin: Variant = headers.get("origin")
	if headers.has("host") and not BridgeOriginRule.host_allowed(str(headers.host)):
		conn.finish(slot, 403, _json(), BridgeWire.error_body(-32000, "Forbidden: Host '%s' is not a loopback name or address" % headers.host))
		return
	if origin != null and not BridgeOriginRule.origin_allowed(str(origin)):
		conn.finish(slot, 403, _json(), BridgeWire.error_body(-32000, "Forbidden: Origin '%s' is not a loopback origin" % origin))
		return
	var other := _other_project(str(req.target))
	if other != "":
		conn.finish(slot, 409, _json(), BridgeWire.error_body(-32000, ("Conflict: this endpoint serves the project at %s, not %s; " +
				"that project's editor is not on this port (start it, or run bridge configure again)") % [_project_root(), other]))
		return
	var res: Dictionary
	if req.path != PATH:
		res = {"status": 404, "headers": _json(), "body": BridgeWire.error_body(-32000, "Not found: the MCP endpoint is %s" % PATH)}
	elif req.method == "OPTIONS":
		res = {"status": 204, "headers": {"Allow": ALLOW, "Access-Control-Allow-Methods": ALLOW,
				"Access-Control-Allow-Headers": CORS_HEADERS, "Access-Control-Max-Age": "600"}}
	elif req.method == "POST":
		# the POST's caller travels in its own context to every call it makes; the client names itself in User-Agent
		var client := str(headers.get("user-agent", ""))
		var context := BridgeCallContext.new()
		context.caller = {"transport": "http", "client": client}
		_note_caller.call(client)
		_host.call_started()
		res = await _mcp().call("post", req, context)
		_host.call_finished()
	else:
		res = {"status": 405, "headers": _json({"Allow": ALLOW}),
				"body": BridgeWire.error_body(-32000, "Method not allowed: this endpoint answers POST with application/json (no SSE stream)")}
	var fields: Dictionary = res.get("headers", {})
	if origin != null:
		fields["Access-Control-Allow-Origin"] = origin
		fields["Access-Control-Expose-Headers"] = "Mcp-Session-Id"
		fields["Vary"] = "Origin"
	elif fields.has("Access-Control-Allow-Methods"):
		for header: String in ["Access-Control-Allow-Methods", "Access-Control-Allow-Headers", "Access-Control-Max-Age"]:
			fields.erase(header)  # no Origin, no CORS: a plain OPTIONS only learns what is allowed
	var status: int = res.status
	var body: String = res.get("body", "")
	conn.finish(slot, status, fields, body)


## The `project` the URL names (`/mcp?project=<absolute project folder>`, written by `bridge configure --http`)
## when it is not this editor's project, else "". A client configured for one game never edits another that
## took the same port after a restart.
static func _other_project(target: String) -> String:
	for pair in target.get_slice("?", 1).split("&", false):
		if pair.begins_with("project="):
			var wanted := pair.trim_prefix("project=").uri_decode().simplify_path().trim_suffix("/")
			return "" if wanted == _project_root() else wanted
	return ""


static func _project_root() -> String:
	return ProjectSettings.globalize_path("res://").simplify_path().trim_suffix("/")


static func _json(extra: Dictionary = {}) -> Dictionary:
	var out := {"Content-Type": "application/json"}
	out.merge(extra)
	return out


func _mcp() -> RefCounted:
	if _endpoint == null:
		var path := BridgeSettings.addon_dir().path_join(ENDPOINT_PATH)
		_endpoint = (load(path) as GDScript).new(_host.router)
	return _endpoint
