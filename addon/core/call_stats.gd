@tool
extends RefCounted
## Per-method usage since the editor started (or the last reset): {calls, errors, total_usec, max_usec}, counted
## by the pipeline's last stage for every call that reached it (profiling.router_stats reads it).

var _methods: Dictionary = {}
var _since_msec := Time.get_ticks_msec()


func count(method: String, started_usec: int, failed: bool) -> void:
	var usec := Time.get_ticks_usec() - started_usec
	var known: Variant = _methods.get(method)  # not get_or_add: its default would be built on every call
	var s: Dictionary = known if known != null else {"calls": 0, "errors": 0, "total_usec": 0, "max_usec": 0}
	if known == null:
		_methods[method] = s
	s.calls += 1
	s.errors += int(failed)
	s.total_usec += usec
	if usec > s.max_usec:
		s.max_usec = usec


## Usage per method and when counting started (ticks msec).
func read() -> Dictionary:
	return {"since_msec": _since_msec, "methods": _methods.duplicate(true)}


func reset() -> void:
	_methods.clear()
	_since_msec = Time.get_ticks_msec()
