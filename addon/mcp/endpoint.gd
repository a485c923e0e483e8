@tool
extends RefCounted
## MCP over one POST (streamable HTTP, JSON answers only, stateless): checks the POST's media types and
## protocol version, frames JSON-RPC (single message or batch) and dispatches the MCP methods to the
## tools, resources, prompts and completions built over the command router.
##
## Both eras: a 2025 client (initialize, then requests with MCP-Protocol-Version 2025-06-18 or 2025-11-25)
## and a 2026-07-28 one, which sends no initialize: `server/discover`, then requests that carry their
## protocol version, client info and capabilities in `params._meta`, with the `Mcp-Method` header on
## every request and `Mcp-Name` on tools/call, resources/read and prompts/get (both must match the body:
## -32020 and HTTP 400 otherwise). Its results carry `resultType`, and list results `ttlMs`/`cacheScope`.
##
## Stateless on purpose: no Mcp-Session-Id is issued, so a client survives an editor restart and
## nothing is kept per client. A session id a client sends anyway is ignored, consistently.

const BridgeJsonRpc := preload("../transport/net/jsonrpc.gd")
const BridgeWire := preload("../transport/net/http_head.gd")
const BridgeTools := preload("tools.gd")
const BridgeResources := preload("resources.gd")
const BridgePrompts := preload("prompts.gd")
const BridgeDiscovery := preload("../core/discovery.gd")
const BridgeWireJson := preload("wire_json.gd")
const BridgeToolsets := preload("toolsets.gd")
const BridgeRouter := preload("../core/router.gd")

## The versions the MCP TypeScript SDK speaks, newest first; the first is offered when a client asks
## for one we do not know.
const PROTOCOL_VERSIONS: Array[String] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"]
## The stateless revisions: no initialize, the version in every request's _meta.
const MODERN_VERSIONS: Array[String] = ["2026-07-28"]
const META_VERSION := "io.modelcontextprotocol/protocolVersion"
const META_CLIENT_INFO := "io.modelcontextprotocol/clientInfo"
const META_SERVER_INFO := "io.modelcontextprotocol/serverInfo"
## The methods whose Mcp-Name header mirrors params.name (or params.uri for resources/read).
const NAMED := {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
## Results a 2026-07-28 client may cache: for no time, and for this client only (the command set and the
## open scene change under them at any moment). resources/read too: that revision's ReadResourceResult
## requires ttlMs and cacheScope (bridge serve's SDK stamps them; test/e2e/mcp/surface-diff.e2e.test.ts).
const CACHEABLE := ["server/discover", "tools/list", "resources/list", "resources/templates/list", "prompts/list",
		"resources/read"]
const HEADER_MISMATCH := -32020
const UNSUPPORTED_VERSION := -32022

const PARSE_ERROR := -32700
const INVALID_REQUEST := -32600
const METHOD_NOT_FOUND := -32601
const INVALID_PARAMS := -32602

## The same instructions `bridge serve` gives (src/mcp/index.ts): one surface, two transports.
const INSTRUCTIONS := "Drives a live Godot editor. The typed tools listed are a core that runs the whole loop; " \
		+ "bridge_find finds any other command by words (its method and input schema) and engine_run runs it at " \
		+ "once; bridge_toolsets lists and changes which typed tools are listed. Ground on the live API " \
		+ "(engine_search, engine_class_info; through engine_run where not listed) before acting; verify every " \
		+ "change by reading state back."

var _tools: BridgeTools
var _resources: BridgeResources
var _prompts: BridgePrompts


func _init(router: BridgeRouter) -> void:
	_tools = BridgeTools.new(router)
	_resources = BridgeResources.new(router)
	_prompts = BridgePrompts.new()


## One POST to /mcp → {status, headers, body}. May await (tool calls). `context` (core/call_context.gd): the
## POST's caller, passed to every command it runs.
func post(req: Dictionary, context: RefCounted = null) -> Dictionary:
	var headers: Dictionary = req.headers
	var media: String = headers.get("content-type", "").get_slice(";", 0).strip_edges().to_lower()
	if media != "application/json":
		return _refuse(415, INVALID_REQUEST, "Unsupported Media Type: send Content-Type: application/json")
	if headers.has("accept") and not _accepts_json(headers.accept):
		return _refuse(406, INVALID_REQUEST, "Not Acceptable: this endpoint answers with application/json")
	if headers.has("mcp-protocol-version") and not headers["mcp-protocol-version"] in PROTOCOL_VERSIONS + MODERN_VERSIONS:
		return _refuse(400, INVALID_REQUEST, "Bad Request: unsupported MCP-Protocol-Version '%s' (supported: %s)" % [
				headers["mcp-protocol-version"], ", ".join(MODERN_VERSIONS + PROTOCOL_VERSIONS)])
	var text: Variant = BridgeWire.utf8_text(req.body)
	if text == null:
		return _refuse(400, PARSE_ERROR, "Parse error: the body is not UTF-8 JSON")
	var json := JSON.new()
	if json.parse(text) != OK:
		return _refuse(400, PARSE_ERROR, "Parse error: %s at line %d" % [json.get_error_message(), json.get_error_line()])
	var batch: bool = json.data is Array
	var messages: Array = json.data if batch else [json.data]
	if messages.is_empty():
		return _refuse(400, INVALID_REQUEST, "Invalid Request: empty batch")
	for msg: Variant in messages:
		var kind := _kind(msg)
		if kind == "":
			return _refuse(400, INVALID_REQUEST,
					"Invalid Request: expected JSON-RPC 2.0 messages ({\"jsonrpc\": \"2.0\", \"method\": string, \"id\"?, \"params\"?: object})")
		if kind == "request" and msg.method == "initialize" and messages.size() > 1:
			return _refuse(400, INVALID_REQUEST, "Invalid Request: initialize must be sent on its own")
		if kind != "response" and headers.get("mcp-protocol-version", "") in MODERN_VERSIONS:
			var mismatch := _header_mismatch(msg, headers, batch)
			if mismatch != "":
				return _refuse(400, HEADER_MISMATCH, mismatch)
	var replies: Array = []
	var target := str(req.get("target", ""))
	for msg: Dictionary in messages:
		if _kind(msg) == "request":
			replies.append(await _answer(msg, _selection(target, msg, headers), headers, context))
	if replies.is_empty():
		return {"status": 202, "headers": {}, "body": ""}  # notifications and responses: nothing owed
	var body: Variant = replies if batch else replies[0]
	return {"status": 200, "headers": {"Content-Type": "application/json"}, "body": BridgeWireJson.stringify(body)}


## One MCP request relayed by `bridge serve` over its WebSocket (bridge.mcp, transport/net/jsonrpc.gd): answered
## by the same dispatch as a POST, with the session serve keeps in place of the headers and URL — `client` (its
## clientInfo.name), `revision` (negotiated, or the request's own), `toolsets` (the enabled ones), `typed` (its
## --typed). serve frames the era (resultType, serverInfo), so the answer is the bare {result} or {error};
## `context` carries the call's progress and cancellation.
func relay(msg: Dictionary, session: Dictionary, context: RefCounted) -> Dictionary:
	var method: Variant = msg.get("method")
	var params: Variant = msg.get("params", {})
	if params == null:
		params = {}
	if not method is String or not params is Dictionary:
		return {"error": {"code": INVALID_PARAMS, "message": "bridge.mcp: message must be {method: string, params?: object}"}}
	var client := str(session.get("client", ""))
	var revision := str(session.get("revision", ""))
	var selection: Variant = session.get("toolsets")
	if not selection is Array:
		selection = _tools.default_toolsets(client)
	var options := {"context": context, "typed": session.get("typed", true) == true,
			"typed_off": "--typed=false", "session": session}
	return await _dispatch(method, params, selection, revision, _tools.reads_of(client, revision), options)


## "request", "notification", "response", or "" when it is not a JSON-RPC 2.0 message.
static func _kind(msg: Variant) -> String:
	if not msg is Dictionary or not (msg.get("jsonrpc") is String and msg.jsonrpc == "2.0"):
		return ""
	var has_id: bool = msg.has("id") and (msg.id is String or ((msg.id is float or msg.id is int) and not msg.id is bool))
	if msg.has("method"):
		if not msg.method is String or (msg.has("id") and not has_id):
			return ""
		return "request" if has_id else "notification"
	if has_id and (msg.has("result") != msg.has("error")):
		return "response"
	return ""


## The toolsets a request lists: the URL's `?toolsets=`, else the default of the client it names (a 2026-07-28
## request's clientInfo, or the User-Agent) from the table `bridge serve` uses, else all of them.
func _selection(target: String, msg: Dictionary, headers: Dictionary) -> Array:
	if BridgeToolsets.named_in(target):
		return BridgeToolsets.from_target(target)
	return _tools.default_toolsets(_client(msg, headers))


## The client a request names: a 2026-07-28 request's clientInfo, else its User-Agent.
static func _client(msg: Dictionary, headers: Dictionary) -> String:
	var params: Variant = msg.get("params", {})
	var meta: Variant = params.get("_meta", {}) if params is Dictionary else {}
	var info: Variant = meta.get(META_CLIENT_INFO, {}) if meta is Dictionary else {}
	var client: String = str(info.get("name", "")) if info is Dictionary else ""
	return client if client != "" else str(headers.get("user-agent", ""))


## A 2026-07-28 request's Mcp-Method and Mcp-Name headers against its body: "" when they agree. One
## POST carries one message in this revision, so a batch cannot be mirrored.
static func _header_mismatch(msg: Dictionary, headers: Dictionary, batch: bool) -> String:
	if batch:
		return "Header mismatch: a 2026-07-28 POST carries one JSON-RPC message, not a batch"
	if not headers.has("mcp-method"):
		return "Header mismatch: the Mcp-Method header is required (it mirrors the body's method, %s)" % msg.method
	if headers["mcp-method"] != msg.method:
		return "Header mismatch: Mcp-Method '%s' but the body's method is '%s'" % [headers["mcp-method"], msg.method]
	if NAMED.has(msg.method):
		var params: Variant = msg.get("params", {})
		var target: Variant = params.get(NAMED[msg.method]) if params is Dictionary else null
		if target is String:
			if not headers.has("mcp-name"):
				return "Header mismatch: the Mcp-Name header is required for %s (it mirrors params.%s, '%s')" % [
						msg.method, NAMED[msg.method], target]
			if headers["mcp-name"] != target:
				return "Header mismatch: Mcp-Name '%s' but the body's params.%s is '%s'" % [
						headers["mcp-name"], NAMED[msg.method], target]
	return ""


func _answer(msg: Dictionary, selection: Array, headers: Dictionary, context: RefCounted) -> Dictionary:
	var id: Variant = BridgeJsonRpc.normalize_id(msg.id)
	var params: Variant = msg.get("params", {})
	if params == null:
		params = {}
	if not params is Dictionary:
		return _error(id, INVALID_PARAMS, "%s: params must be an object" % msg.method)
	var meta: Variant = params.get("_meta", {})
	var claimed: Variant = meta.get(META_VERSION) if meta is Dictionary else null
	var modern: bool = claimed != null or msg.method == "server/discover"
	if claimed != null and not claimed in MODERN_VERSIONS:
		return {"jsonrpc": "2.0", "id": id, "error": {"code": UNSUPPORTED_VERSION,
				"message": "Unsupported protocol version %s (supported: %s)" % [JSON.stringify(claimed), ", ".join(MODERN_VERSIONS)],
				"data": {"supported": MODERN_VERSIONS, "requested": claimed}}}
	# the revision the request speaks: its own (2026-07-28), else the header a 2025 client sends after initialize
	var revision: String = str(claimed) if claimed != null else str(headers.get("mcp-protocol-version", ""))
	var out: Dictionary = await _dispatch(msg.method, params, selection, revision, _tools.reads_of(_client(msg, headers), revision),
			{"context": context})
	if out.has("error"):
		return {"jsonrpc": "2.0", "id": id, "error": out.error}
	var result: Dictionary = out.result
	if modern:
		result = result.duplicate()
		result["resultType"] = "complete"
		if msg.method in CACHEABLE:
			result["ttlMs"] = 0
			result["cacheScope"] = "private"
		var result_meta: Dictionary = result.get("_meta", {})
		result_meta[META_SERVER_INFO] = _server_info()
		result["_meta"] = result_meta
	return {"jsonrpc": "2.0", "id": id, "result": result}


## `selection`: the toolsets the request's URL asks for (`/mcp?toolsets=a,b`; all without it). `reads`: which
## field of a tool result the client's model reads (a result's text follows it).
## `options`: the call's `context` (the POST's, or the relay's), and from the relay (relay()) whether typed tools are on.
func _dispatch(method: String, params: Dictionary, selection: Array, revision: String, reads: String,
		options: Dictionary = {}) -> Dictionary:
	match method:
		"initialize":
			return _initialize(params)
		"server/discover":
			return {"result": {"supportedVersions": MODERN_VERSIONS, "capabilities": _capabilities(),
					"instructions": _instructions()}}
		"completion/complete":
			return await _resources.complete(params, options.get("context"))
		"ping":
			return {"result": {}}
		"tools/list":
			return {"result": {"tools": _tools.list(selection, options)}}
		"tools/call":
			return await _tools.call_tool(params, selection, revision, reads, options)
		"resources/list":
			return {"result": {"resources": _resources.list()}}
		"resources/templates/list":
			return {"result": {"resourceTemplates": _resources.templates()}}
		"resources/read":
			return await _resources.read(params, options.get("context"))
		"prompts/list":
			return {"result": {"prompts": _prompts.list()}}
		"prompts/get":
			var listed: Array = _tools.list(selection, options).map(func(t: Dictionary) -> String: return str(t.name))
			return _prompts.get_prompt(params, listed)
	return {"error": {"code": METHOD_NOT_FOUND, "message": "Method not found: %s" % method}}


func _initialize(params: Dictionary) -> Dictionary:
	var asked: Variant = params.get("protocolVersion")
	if not asked is String:
		return {"error": {"code": INVALID_PARAMS, "message": "initialize: protocolVersion (a string) is required"}}
	var version: String = asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]
	return {"result": {
		"protocolVersion": version,
		"capabilities": _capabilities(),
		"serverInfo": _server_info(),
		"instructions": _instructions(),
	}}


static func _capabilities() -> Dictionary:
	return {"tools": {"listChanged": false}, "resources": {"listChanged": false}, "prompts": {"listChanged": false},
			"completions": {}}


## The name and title are toolsets.json's `server`, as `bridge serve` sends them (src/surface/identity.ts).
func _server_info() -> Dictionary:
	var identity := _tools.server_identity()
	return {"name": identity.name, "title": identity.title, "version": BridgeDiscovery.ADDON_VERSION}


static func _instructions() -> String:
	return INSTRUCTIONS + " This editor has the project at %s open." % BridgeDiscovery.project_root()


static func _accepts_json(accept: String) -> bool:
	for part: String in accept.to_lower().split(","):
		var media := part.get_slice(";", 0).strip_edges()
		if media in ["application/json", "application/*", "*/*"]:
			return true
	return false


static func _refuse(status: int, code: int, message: String) -> Dictionary:
	return {"status": status, "headers": {"Content-Type": "application/json"}, "body": BridgeWire.error_body(code,
			message)}


static func _error(id: Variant, code: int, message: String) -> Dictionary:
	return {"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}
