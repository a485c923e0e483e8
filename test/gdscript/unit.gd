extends RefCounted
## Base of the GDScript unit tests (run.gd): each failed expectation is recorded with what was expected.

var failures: Array = []


func ok(condition: bool, what: String) -> void:
	if not condition:
		failures.append(what)


func eq(actual: Variant, expected: Variant, what: String) -> void:
	if typeof(actual) != typeof(expected) or actual != expected:
		failures.append("%s: expected %s, got %s" % [what, var_to_str(expected), var_to_str(actual)])


## `error` is a BridgeError whose message holds every fragment.
func refused(error: Variant, fragments: Array, what: String) -> void:
	if not (error is RefCounted and "message" in error and "code" in error):
		failures.append("%s: expected a refusal, got %s" % [what, var_to_str(error)])
		return
	for fragment: String in fragments:
		if not fragment in str(error.message):
			failures.append("%s: the refusal '%s' does not say '%s'" % [what, error.message, fragment])
