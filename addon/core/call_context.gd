@tool
extends RefCounted
## One call's line back to its client while it runs: progress (when the client asked for it) and
## cancellation (the client said bridge.cancel). Transport-neutral: a transport makes one per request and
## passes it to router.dispatch; the router puts it in the handler's call object (core/call.gd), through
## which a handler that waits reports and checks. Calls without a transport context get a silent one.
## It also carries who called: the caller travels with the request, never through a static, so a message that
## waits cannot hand its caller to the next one (a batch of messages, two clients at once).

const BridgeError := preload("bridge_error.gd")
const BridgeCallContext := preload("call_context.gd")  # this file: child() makes one

## True once the client cancelled: a waiting handler stops waiting and answers cancelled_error().
var cancelled := false
## Emitted when the client cancels, for a handler that would rather be told than poll.
signal cancel_requested

## The name the client gave itself on the request (`"client"` beside its method: `bridge serve` names the MCP
## client it calls for, e.g. claude-code); "" when it gave none and its connection's name stands.
var client_name := ""
## Who sent the request, as the transport knows it: {transport, client, connection?}; {} for the editor's own calls.
var caller: Dictionary = {}
## The context of the call that runs this one (c.run: a batch entry, a scenario step); null for a client's own
## call. The router counts a call as the client's ("top") when it has no parent.
var parent: RefCounted = null
## The undo step of the call that runs this one (core/undo_step.gd; batch.run's): a command run inside it joins
## that step instead of opening its own (core/undo_scope.gd). Null for a client's own call.
var outer_step: RefCounted = null

var _reporter: Callable
var _last_msec := -1_000_000


## `reporter`: (progress: float, total: float (-1: unknown), message: String) -> void, or none.
func _init(reporter: Callable = Callable()) -> void:
	_reporter = reporter


## The context of a call this call runs (core/call.gd run()): the same caller, this context as its parent, the
## running call's undo step to join; its progress and cancel are its own.
func child(resolved_caller: Dictionary, step: RefCounted) -> BridgeCallContext:
	var sub := BridgeCallContext.new()
	sub.caller = resolved_caller
	sub.parent = self
	sub.outer_step = step
	return sub


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
