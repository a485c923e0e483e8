@tool
extends "../stage.gd"
## audit: a command with a parameter declared `evaluates` (code it runs) is checked by the guard and written to
## the audit trail before it runs, and its outcome after (core/code_audit.gd).

const BridgeCodeAudit := preload("../code_audit.gd")


func name() -> String:
	return "audit"


## The audit entry's state, or the guard's refusal.
func enter(c: BridgeCall) -> Variant:
	return BridgeCodeAudit.begin(c.method, c.declaration, c.params, c.caller())


func leave(c: BridgeCall, kept: Variant, result: Variant) -> Variant:
	var audit: Dictionary = kept
	if not audit.is_empty():
		BridgeCodeAudit.finish(c.method, audit, result)
	return result
