@tool
extends RefCounted
## JSON-RPC 2.0 framing over the router: one request, a notification or a batch in, the reply text out.

const BridgeError := preload("../../core/bridge_error.gd")
const JsonValue := preload("../../core/json_value.gd")
const Router := preload("../../core/router.gd")

var _router: Router


func _init(router: Router) -> void:
	_router = router


## Returns the reply text, or "" when nothing is owed (notifications only). May await.
func handle_text(text: String) -> String:
	var json := JSON.new()
	if json.parse(text) != OK:
		return JsonValue.stringify(_error(null, BridgeError.PARSE_ERROR,
				"parse error: %s at line %d" % [json.get_error_message(), json.get_error_line()]))
	var msg: Variant = json.data
	if msg is Array:
		if msg.is_empty():
			return JsonValue.stringify(_error(null, BridgeError.INVALID_REQUEST, "empty batch"))
		var replies: Array = []
		for item: Variant in msg:
			var r: Variant = await handle_message(item)
			if r != null:
				replies.append(r)
		return "" if replies.is_empty() else JsonValue.stringify(replies)
	var reply: Variant = await handle_message(msg)
	return "" if reply == null else JsonValue.stringify(reply)


## Returns the reply Dictionary, or null for a notification.
func handle_message(msg: Variant) -> Variant:
	if not msg is Dictionary or not (msg.get("jsonrpc") is String and msg.jsonrpc == "2.0") or not msg.get("method") is String \
			or not valid_id(msg.get("id")):
		# An id that is not a string, number or null cannot be echoed (the client could not match it): null.
		var bad_id: Variant = msg.get("id") if msg is Dictionary and valid_id(msg.get("id")) else null
		return _error(normalize_id(bad_id), BridgeError.INVALID_REQUEST,
				"invalid request: expected {\"jsonrpc\": \"2.0\", \"method\": string, \"params\"?: object, \"id\"?: string | number | null}")
	var is_notification: bool = not msg.has("id")
	var id: Variant = normalize_id(msg.get("id"))
	var out: Dictionary = await _router.dispatch(msg.method, msg.get("params", {}))
	if is_notification:
		return null
	if out.has("error"):
		return {"jsonrpc": "2.0", "id": id, "error": out.error}
	if not out.has("result"):
		return _error(id, BridgeError.INTERNAL_ERROR, "%s failed inside the editor; see the editor output" % msg.method)
	return {"jsonrpc": "2.0", "id": id, "result": out.result}


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
