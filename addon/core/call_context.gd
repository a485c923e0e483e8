@tool
extends RefCounted
## One call's line back to its client while it runs: progress (when the client asked for it) and
## cancellation (the client said bridge.cancel). Transport-neutral: a transport makes one per request and
## passes it to router.dispatch; the router puts it in the handler's call object (core/call.gd), through
## which a handler that waits reports and checks. Calls without a transport context get a silent one.

const BridgeError := preload("bridge_error.gd")

## True once the client cancelled: a waiting handler stops waiting and answers cancelled_error().
var cancelled := false
## Emitted when the client cancels, for a handler that would rather be told than poll.
signal cancel_requested

## The name the client gave itself on the request (`"client"` beside its method: `bridge serve` names the MCP
## client it calls for, e.g. claude-code); "" when it gave none and its connection's name stands.
var client_name := ""

var _reporter: Callable
var _last_msec := -1_000_000


## `reporter`: (progress: float, total: float (-1: unknown), message: String) -> void, or none.
func _init(reporter: Callable = Callable()) -> void:
	_reporter = reporter


## Whether the client listens for progress (so a handler may skip computing it).
func wants_progress() -> bool:
	return _reporter.is_valid()


## Reports how far the call is, at most ten times a second (the final step, done == total, always goes).
func progress(done: float, total: float = -1.0, message: String = "") -> void:
	if not _reporter.is_valid():
		return
	var now := Time.get_ticks_msec()
	if now - _last_msec < 100 and (total < 0.0 or done < total):
		return
	_last_msec = now
	_reporter.call(done, total, message)


## The client cancelled (a transport calls this on bridge.cancel for the request's id).
func cancel() -> void:
	if cancelled:
		return
	cancelled = true
	cancel_requested.emit()


## The answer of a call that stopped waiting because its client cancelled; `state` says what stands.
static func cancelled_error(state: String, data: Dictionary = {}) -> RefCounted:
	return BridgeError.new(BridgeError.CANCELLED, "cancelled by the client; %s" % state, data)
