@tool
extends RefCounted
## JSON-RPC 2.0 framing over the router: one request, a notification or a batch in, the reply text out.

const BridgeError := preload("../../core/bridge_error.gd")
const BridgeJsonValue := preload("../../core/json_value.gd")
const BridgeRouter := preload("../../core/router.gd")
const BridgeCallContext := preload("../../core/call_context.gd")

## The notifications for calls that wait: `bridge.progress {id, progress, total?, message?}` goes out for
## a request that carried `"progress": true` beside its method; `bridge.cancel {id}` comes in and ends
## that request's wait (its answer is then a -32007 cancelled error, or its result if it finished first).
const PROGRESS := "bridge.progress"
const CANCEL := "bridge.cancel"
## `bridge serve`'s relay: one whole MCP message and the session state serve keeps, answered by the HTTP
## endpoint's own dispatch (mcp/endpoint.gd relay()); progress and cancel ride the two notifications above.
const MCP := "bridge.mcp"
## Loaded on the first bridge.mcp, as the HTTP endpoint loads it on the first POST (transport/http/requests.gd).
const ENDPOINT_PATH := "../../mcp/endpoint.gd"

## Stand-ins read instead of building an empty value on every message (read-only: never written through).
const INVALID := {}
const NO_CALLS := {}

var _router: BridgeRouter
## mcp/endpoint.gd over this router, made on the first bridge.mcp.
var _endpoint: RefCounted


func _init(router: BridgeRouter) -> void:
	_router = router


## Returns the reply text, or "" when nothing is owed (notifications only). May await.
## `channel`: the connection's {send: Callable(text), calls: {}} for progress and cancellation (WebSocket), and
## its `caller` ({transport, client}), put in each message's context; without it, calls neither report progress
## nor can be cancelled, and run as the editor's own.
func handle_text(text: String, channel: Dictionary = {}) -> String:
	var json := JSON.new()
	if json.parse(text) != OK:
		return BridgeJsonValue.stringify(_error(null, BridgeError.PARSE_ERROR,
				"parse error: %s at line %d" % [json.get_error_message(), json.get_error_line()]))
	var msg: Variant = json.data
	if msg is Array:
		if msg.is_empty():
			return BridgeJsonValue.stringify(_error(null, BridgeError.INVALID_REQUEST, "empty batch"))
		var replies: Array = []
		for item: Variant in msg:
			var r: Variant = await handle_message(item, channel)
			if r != null:
				replies.append(r)
		return "" if replies.is_empty() else BridgeJsonValue.stringify(replies)
	var reply: Variant = await handle_message(msg, channel)
	return "" if reply == null else BridgeJsonValue.stringify(reply)


## Returns the reply Dictionary, or null for a notification.
func handle_message(msg: Variant, channel: Dictionary = {}) -> Variant:
	var request: Dictionary = msg if msg is Dictionary else INVALID
	var method: Variant = request.get("method")
	var raw_id: Variant = request.get("id")
	var version: Variant = request.get("jsonrpc")
	if not (version is String and version == "2.0") or not method is String or not valid_id(raw_id):
		# An id that is not a string, number or null cannot be echoed (the client could not match it): null.
		return _error(normalize_id(raw_id) if valid_id(raw_id) else null, BridgeError.INVALID_REQUEST,
				"invalid request: expected {\"jsonrpc\": \"2.0\", \"method\": string, \"params\"?: object, \"id\"?: string | number | null}")
	var command: String = method
	var is_notification: bool = not request.has("id")
	var id: Variant = normalize_id(raw_id)
	if is_notification and command == CANCEL:
		var target: Variant = request.get("params", {}).get("id") if request.get("params") is Dictionary else null
		var running: Variant = channel.get("calls", {}).get(str(normalize_id(target)))
		if running != null:
			running.cancel()
		return null  # a finished or unknown context: nothing to cancel
	# one context per message: who sent it travels with it, whatever other messages (of this batch, of other
	# connections) do while it waits
	var calls: Dictionary = channel.get("calls", NO_CALLS)
	var key := ""  # the running call's entry in channel.calls
	var reporter := Callable()
	var tracked: bool = not is_notification and not is_same(calls, NO_CALLS)
	if tracked:
		if request.get("progress") == true and channel.has("send"):
			var send: Callable = channel.send
			reporter = func(done: float, total: float, message: String) -> void:
				var params := {"id": id, "progress": done}
				if total >= 0.0:
					params["total"] = total
				if message != "":
					params["message"] = message
				send.call(BridgeJsonValue.stringify({"jsonrpc": "2.0", "method": PROGRESS, "params": params}))
	var context := BridgeCallContext.new(reporter)
	context.caller = channel.get("caller", {})
	if tracked:
		key = str(id)
		calls[key] = context
	var named: Variant = request.get("client")
	if named is String and str(named).strip_edges() != "":  # the client calls for someone it names
		context.client_name = str(named).strip_edges().left(100)
	var out: Dictionary
	if command == MCP:
		out = await _relay(request.get("params", {}), context)
	else:
		out = await _router.dispatch(command, request.get("params", {}), context)
	if context != null and calls.get(key) == context:
		calls.erase(key)
	if is_notification:
		return null
	var error: Variant = out.get("error")
	if error != null:
		return {"jsonrpc": "2.0", "id": id, "error": error}
	if not out.has("result"):
		return _error(id, BridgeError.INTERNAL_ERROR, "%s failed inside the editor; see the editor output" % command)
	return {"jsonrpc": "2.0", "id": id, "result": out.result}


## bridge.mcp: {message, session} → {result: {result} or {error}}, the MCP answer in the result; a malformed
## relay request is this call's own -32602.
func _relay(params: Variant, context: BridgeCallContext) -> Dictionary:
	if not params is Dictionary or not params.get("message") is Dictionary or not params.get("session", {}) is Dictionary:
		return {"error": {"code": BridgeError.INVALID_PARAMS,
				"message": "%s: params must be {message: an MCP JSON-RPC request, session?: object}" % MCP}}
	if _endpoint == null:
		_endpoint = load(get_script().resource_path.get_base_dir().path_join(ENDPOINT_PATH).simplify_path()).new(_router)
	return {"result": await _endpoint.relay(params.message, params.get("session", {}), context)}


## JSON-RPC 2.0 ids are a string, a number or null (JSON booleans parse as bool, never float).
static func valid_id(id: Variant) -> bool:
	return id == null or id is String or id is float or id is int


## JSON numbers arrive as floats; an integral id goes back as an integer, as the client sent it.
static func normalize_id(id: Variant) -> Variant:
	if id is float and is_finite(id) and id == floorf(id) and absf(id) < 9.0e15:
		return int(id)
	return id


static func _error(id: Variant, code: int, message: String) -> Dictionary:
	return {"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}
