@tool
extends "guard_names.gd"
## editor.run_script's guard: reads the snippet's tokens (gd_tokens.gd) against the rule list
## (guard_rules.json) and returns the first refusal, by category and line. The classes that can write
## files, change settings, run or stop processes or run code built at run time may be used only through
## their listed members; a method or property named at run time must be a plain string literal, checked
## like a written one; no script gets its source or an object its script from the snippet, nothing is
## compiled, and no decoder builds objects. A guard against accidents, not a sandbox: docs/security.md
## says what it does not catch.

const BridgeError := preload("../../core/bridge_error.gd")
const BridgeTokens := preload("gd_tokens.gd")
const BridgeScope := preload("guard_scope.gd")
const RULES := preload("guard_rules.json")

## Dispatch methods whose value argument (a number, an array, ...) cannot be a name (`f.call(3)` is a lambda call).
const CALL_LIKE := ["call", "callv", "call_deferred", "call_thread_safe", "call_deferred_thread_group"]

static var _constant := RegEx.create_from_string("^[A-Z][A-Z0-9_]*$")

var _scope: BridgeScope
var _loops := {}  # for-variable name -> the literals it walks (or null), computed once


## The first refusal for the snippet as {category, label, line, api, reason}, or {} when it passes.
static func check(code: String) -> Dictionary:
	var guard := new()
	guard._toks = BridgeTokens.tokenize(code)
	guard._rules = RULES.data
	guard._scope = BridgeScope.new(guard._toks)
	for i in guard._toks.size():
		var refusal := guard._at(i)
		if not refusal.is_empty():
			return refusal
	return {}


## The guard's verdict on a body, for the router (a command's `code_guard`, core/code_audit.gd): a BridgeError
## when it is refused (the router writes the refusal to the audit trail and never runs it), else a note for the
## trail ("" or that unsafe io was allowed). One verdict for every command that runs snippets: editor.run_script
## (in the editor) and runtime.eval (in the game), each refusing the same way and naming itself, and the
## expressions the game and its debugger evaluate (runtime.wait_until, runtime.step, runtime.record,
## debug.evaluate), which take no flag (`has_flag` false: the refusal points to runtime.eval's). `code`: a body,
## or a list of expressions (read one a line).
static func verdict(method: String, code: Variant, allow_unsafe: bool, has_flag: bool = true) -> Variant:
	if allow_unsafe:
		return "unsafe editor io allowed"
	var text: String = "\n".join(PackedStringArray(code.map(func(e: Variant) -> String: return str(e)))) if code is Array \
			else ("" if code == null else str(code))
	var refusal := check(text)
	if refusal.is_empty():
		return ""
	var message := "%s refused (%s): line %d: %s; use a bridge command for it, or %s" % [method, refusal.label,
			refusal.line, refusal.reason, "pass allow_unsafe_editor_io (--allow-unsafe-editor-io)" if has_flag else
			"run it with runtime.eval and allow_unsafe_editor_io (--allow-unsafe-editor-io)"]
	return BridgeError.new(BridgeError.UNSAFE_REFUSED, message, refusal)


## The rule list as loaded (for editor.guard_rules-style readers and tests).
static func rules() -> Dictionary:
	return RULES.data


func _at(i: int) -> Dictionary:
	var t: Dictionary = _toks[i]
	if t.t == "op" and t.v == "[":
		return _subscript(i)
	if t.t != "id":
		return {}
	var name: String = t.v
	var prev := _v(i - 1)
	var next := _v(i + 1)
	var methods: Dictionary = _rules.methods
	if methods.has(name) and (prev == "." or next == "(") and not _declares(i):
		return _refuse(methods[name], i, name + ("()" if next == "(" else ""), "%s is refused on any object" % name)
	var code_write := _code_write(i)
	if not code_write.is_empty():
		return code_write
	if _rules.decoders.has(name) and (prev == "." or next == "(") and not _declares(i):
		return _decoder(i)
	if _rules.dispatch.has(name) and next == "(":
		var r := _dispatch(i)
		if not r.is_empty():
			return r
	if prev == "." and next != "(" and _named_dispatch(name):
		return _refuse("dynamic_name", i, "." + name, "%s taken as a value (a method reference, bind, callv): the name it is given later cannot be checked; call it directly with a literal name" % name)
	if name == "open" and prev == "." and next == "(" and not _rules.classes.has(_v(i - 2)):
		var r := _mode(i, _rules.literal_args[".open"], _args(i + 1).get("ranges", []), false)
		if not r.is_empty():
			return r
	var cls: String = _rules.aliases.get(name, name)
	if _rules.classes.has(cls) and (prev != "." or _v(i - 2) == "self") and not (prev in ["$", "%", "&", "^"]) and not _declares(i):
		if _type_context(i):
			return {}
		return _class_use(cls, i, i + 1)
	return {}


## `cls` at token i, followed by the token at j: a listed member, or refused.
func _class_use(cls: String, i: int, j: int) -> Dictionary:
	if _v(j) == "." and j + 1 < _toks.size() and _toks[j + 1].t == "id":
		return _member(cls, _toks[j + 1].v, j + 1, {}, false)
	return _refuse(_rules.classes[cls].category, i, cls + " as a value",
			"%s is used as a value; only its listed members may be called" % cls)


## `cls.m` at token k. `args` overrides the call's arguments (class_call_static passes its own);
## `escapes` says the result leaves the expression (then a handed-out editor object is refused).
func _member(cls: String, m: String, k: int, args: Dictionary, escapes: bool) -> Dictionary:
	if _constant.search(m):
		return {}  # a constant: a value, never an action
	var rule: Dictionary = _rules.classes[cls]
	var api := "%s.%s" % [cls, m]
	if m in CALL_LIKE and not (m in rule.allow) and _v(k + 1) == "(":
		# OS.call("get_name") is OS.get_name; a built name is refused as such
		var ranges: Array = _args(k + 1).ranges
		var named: Variant = _literal(ranges[0]) if ranges.size() > 0 else null
		if named == null:
			return _refuse("dynamic_name", k, api + "()", "%s() with a method name built at run time; write the name as one plain string literal" % api)
		for n: String in named:
			var r := _member(cls, n, k, {"ranges": [], "close": _close(k + 1)}, true)
			if not r.is_empty():
				return r
		return {}
	if not (m in rule.allow):
		return _refuse(_member_category(cls, m), k, api, "%s is not on %s's allow-list" % [api, cls])
	var call_args := args if not args.is_empty() else (_args(k + 1) if _v(k + 1) == "(" else {})
	if _rules.literal_args.has(api):
		var r := _mode(k, _rules.literal_args[api], call_args.get("ranges", []), true)
		if not r.is_empty():
			return r
	if _rules.returns.has(api):
		if escapes or call_args.is_empty():
			return _refuse(_member_category(cls, m), k, api, "%s hands out an editor object; use it in the same expression" % api)
		return _class_use(_rules.returns[api], k, call_args.close + 1)
	if m in ["class_call_static", "instantiate", "get_singleton"]:
		return _by_class_name(m, k, call_args)
	return {}


## A call whose argument must be written as one of the given literals (guard_rules.json literal_args);
## `exact`: the call must have exactly `count` arguments (otherwise: when it has that many).
func _mode(k: int, spec: Dictionary, ranges: Array, exact: bool) -> Dictionary:
	var count := int(spec.count)
	if (exact and ranges.size() != count) or (ranges.size() >= count and not (_text(ranges[int(spec.index)]) in spec.one_of)):
		return _refuse(spec.category, k, spec.api, "%s %s" % [spec.api, spec.why])
	return {}


## ClassDB.class_call_static / ClassDB.instantiate / Engine.get_singleton with literal names: checked as
## the call they stand for.
func _by_class_name(m: String, k: int, call_args: Dictionary) -> Dictionary:
	var ranges: Array = call_args.get("ranges", [])
	var target: Variant = _literal(ranges[0]) if ranges.size() > 0 else null
	if target == null:
		return _refuse("dynamic_name", k, m + "()", "%s() needs its class written as one plain string literal" % m)
	var cls: String = _rules.aliases.get(target[0], target[0])
	if m == "class_call_static":
		var method: Variant = _literal(ranges[1]) if ranges.size() > 1 else null
		if method == null:
			return _refuse("dynamic_name", k, m + "()", "class_call_static() needs its method written as one plain string literal")
		var named := _check_name(method[0], k, "class_call_static", false)
		if not named.is_empty():
			return named
		if _rules.classes.has(cls):
			return _member(cls, method[0], k, {"ranges": ranges.slice(2), "close": call_args.close}, true)
		return {}
	if not _rules.classes.has(cls):
		return {}
	if m == "instantiate":
		return _member(cls, "new", k, {"ranges": [], "close": call_args.close}, false)
	return _class_use(cls, k, call_args.close + 1)  # get_singleton: the singleton itself


## A call whose argument names a method or property (dispatch in the rules): one plain literal, checked.
func _dispatch(i: int) -> Dictionary:
	var name: String = _toks[i].v
	var spec: Dictionary = _rules.dispatch[name]
	if spec.has("after") and not (_v(i - 1) == "." and _v(i - 2) == spec.after):
		return {}
	if name == "Callable" and _v(i - 1) == ".":
		return {}
	var call_args := _args(i + 1)
	var ranges: Array = call_args.ranges
	if spec.get("before_new", false):
		if not (_v(call_args.close + 1) == "." and _v(call_args.close + 2) == "new"):
			return {}
		if ranges.size() > 0 and _literal(ranges[0]) != null:
			return {}
		return _refuse("runtime_code", i, name + "(...).new()", "%s(...).new() needs the script path written as one plain string literal" % name)
	if name in ["get", "set"] and _v(i - 1) == "." and _scope.container_before(i - 2):
		return {}  # Dictionary.get(key) / Array.set(i, v): a key, not a property name
	var index := int(spec.index)
	if ranges.size() <= index:
		return {}
	var names: Variant = _literal(ranges[index])
	if names == null:
		if name in CALL_LIKE and index == 0 and _is_value(ranges[0]):
			return {}
		return _refuse("dynamic_name", i, name + "()", "%s() with a %s name built at run time; write the name as one plain string literal" % [name, spec.names])
	if spec.names == "class":
		return {}  # ClassDB/Engine: the class named is checked as the call it stands for (_by_class_name)
	for n: String in names:
		var r := _check_name(n, i, name, spec.get("writes", false))
		if not r.is_empty():
			return r
	return {}


## `x[...]`. On a plain container (guard_scope.gd proves it) any key is data. Otherwise a literal key is
## checked like a name (a written one like a property write), and any other key must be no string: on an
## object, `obj[k]` reads the method k names as a Callable (`obj["save"]`), or writes the property.
func _subscript(i: int) -> Dictionary:
	if not _is_subscript(i) or _scope.container_before(i - 1):
		return {}
	var close := _close(i)
	var lit: Variant = _literal([i + 1, close])
	if lit != null:
		for n: String in lit:
			var r := _check_name(n, i, "[]", _written(close))
			if not r.is_empty():
				return r
		return {}
	if _scope.non_string(i + 1, close):
		return {}
	for k in range(i + 1, close):
		if _toks[k].t == "str":
			return _refuse("dynamic_name", i, "[...]", "a name built inside a subscript; write it as one plain string literal")
	return _refuse("dynamic_name", i, "[...]", ("a subscript with a key that is not a literal, on a value the guard cannot prove is a " +
			"container: on an object it reads a method (obj[\"save\"] is obj.save) or writes a property; declare the value " +
			"`var d: Dictionary = ...` (or Array), or write the key as a literal"))


## The literal names an argument range stands for: one string token, or a `for` variable that walks
## lists of string literals only and is never assigned otherwise. null when the name is built.
func _literal(r: Array) -> Variant:
	if r[1] - r[0] != 1:
		return null
	var t: Dictionary = _toks[r[0]]
	if t.t == "str":
		return [t.v]
	if t.t == "id":
		return _loop_literals(t.v)
	return null


func _loop_literals(v: String) -> Variant:
	if not _loops.has(v):
		_loops[v] = _find_loop_literals(v)
	return _loops[v]


## Every `for v in [...]` over string literals, joined; null when v is bound or assigned any other way.
func _find_loop_literals(v: String) -> Variant:
	var found: Variant = null
	for k: int in _occurrences(v):
		var prev := _v(k - 1)
		var next := _v(k + 1)
		if prev == "for":
			var j := k + 1
			if next == ":":
				j += 2
			if _v(j) != "in" or _v(j + 1) != "[":
				return null
			var names: Array = [] if found == null else found
			for a: Array in _split(j + 2, _close(j + 1)):
				if a[1] - a[0] != 1 or _toks[a[0]].t != "str":
					return null
				names.append(_toks[a[0]].v)
			found = names
		elif prev in ["var", "const"] or next in ["=", "+=", "-=", "*=", "/=", "%=", ":=", "|=", "&=", "^=", "<<=", ">>=", "**="]:
			return null
	return found


## A value that cannot be a name: a number, a bracketed literal spanning the whole argument, true/false/null, a lambda.
func _is_value(r: Array) -> bool:
	var first: String = _v(r[0])
	if r[1] - r[0] == 1:
		return _toks[r[0]].t == "num" or first in ["true", "false", "null"]
	if first == "-" and r[1] - r[0] == 2:
		return _toks[r[0] + 1].t == "num"
	if first in ["[", "{"]:
		return _close(r[0]) == r[1] - 1
	return first == "func"


func _member_category(cls: String, m: String) -> String:
	var rule: Dictionary = _rules.classes[cls]
	if rule.get("deny", {}).has(m):
		return rule.deny[m]
	return _rules.methods.get(m, rule.category)


## Whether token i is a type (after is/as/->, `var x: T`, a typed parameter, Array[T]), not a value.
func _type_context(i: int) -> bool:
	var prev := _v(i - 1)
	if prev in ["is", "as", "->", "extends"]:
		return true
	if prev == "[" and _v(i - 2) in ["Array", "Dictionary"]:
		return true
	if prev == ":" and i >= 2 and _toks[i - 2].t == "id":
		var before := _v(i - 3)
		if before in ["var", "const", "for"]:
			return true
		if before in ["(", ","]:
			return _in_params(i)
	return false
