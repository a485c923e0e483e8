@tool
extends RefCounted
## A typed command failure: a stable JSON-RPC code, a message that says what to do, data for machines.
## Handlers return one instead of a result; the router turns it into a JSON-RPC error.
## Codes are listed in docs/errors.md.

const PARSE_ERROR := -32700
const INVALID_REQUEST := -32600
const METHOD_NOT_FOUND := -32601
const INVALID_PARAMS := -32602
const INTERNAL_ERROR := -32603
const COMMAND_FAILED := -32000
const NOT_FOUND := -32001
const NO_SCENE := -32002
const PATH_REFUSED := -32003
const UNSAFE_REFUSED := -32004
const GAME_NOT_RUNNING := -32005
const TIMEOUT := -32006
## The client cancelled the call while it waited (bridge.cancel); what it had finished stays, nothing is half-applied.
const CANCELLED := -32007
## The command needs a newer Godot than the editor runs (its declaration's `since`); data.since names it.
const UNAVAILABLE := -32008

var code: int
var message: String
var data: Dictionary


func _init(p_code: int, p_message: String, p_data: Dictionary = {}) -> void:
	code = p_code
	message = p_message
	data = p_data


func to_dict() -> Dictionary:
	var d := {"code": code, "message": message}
	if not data.is_empty():
		d["data"] = data
	return d


static func failed(msg: String, extra: Dictionary = {}) -> RefCounted:
	return new(COMMAND_FAILED, msg, extra)


static func not_found(msg: String, extra: Dictionary = {}) -> RefCounted:
	return new(NOT_FOUND, msg, extra)


static func invalid(msg: String, extra: Dictionary = {}) -> RefCounted:
	return new(INVALID_PARAMS, msg, extra)
