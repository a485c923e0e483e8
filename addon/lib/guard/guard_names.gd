@tool
extends "guard_view.gd"
## The rules of editor.run_script's guard (script_guard.gd) about names and code: a name written as a
## string is checked like the member it names; no script gets its source, and no object its script, from
## the snippet (guard_rules.json code_properties); no decoder builds objects (decoders); and calls that take
## a name (call, set, ...) are not taken as values, where the name they get later cannot be seen.

var _rules: Dictionary


## A code-bearing property (guard_rules.json code_properties) written at token i, through a member
## (`s.source_code = x`, `script = x`) or its setter (`s.set_source_code(x)`, taken as a value too): refused,
## except a `script` given null or a script the project holds (`load("res://…")` with a literal path).
func _code_write(i: int) -> Dictionary:
	var name: String = _toks[i].v
	var prev := _v(i - 1)
	var props: Dictionary = _rules.code_properties
	if props.has(name) and _written(i) and not _declares(i) and (prev == "." or not _declared(name)):
		var at := i + 1
		while _v(at) != "" and not (_v(at) in ASSIGN):
			at = _close(at) + 1 if _v(at) == "[" else at + 1
		if _v(at) == "=" and _project_code(props[name], at + 1, _expr_end(at + 1)):
			return {}
		return _refuse("runtime_code", i, name + " =", "%s: %s" % [name, props[name].why])
	for p: String in props:
		if props[p].get("setter", "") == name and (prev == "." or _v(i + 1) == "(") and not _declares(i):
			if _v(i + 1) == "(":
				var ranges: Array = _args(i + 1).ranges
				if ranges.size() == 1 and _project_code(props[p], ranges[0][0], ranges[0][1]):
					return {}
			return _refuse("runtime_code", i, name + "()", "%s sets %s: %s" % [name, p, props[p].why])
	return {}


## Whether [start, end) is a value the property may take from a snippet: null, or `load("res://…")` /
## `preload(...)` with one literal path (the project's own code), when the rule allows it.
func _project_code(prop: Dictionary, start: int, end: int) -> bool:
	if not prop.get("project_code", false):
		return false
	if end - start == 1:
		return _v(start) == "null"
	return end - start == 4 and _v(start) in ["load", "preload"] and _v(start + 1) == "(" and _kind(start + 2) == "str" \
			and _v(start + 3) == ")"


## A decoder (guard_rules.json decoders) at token i: refused when it always builds objects, or when its
## allow-objects argument is not left out or written `false`.
func _decoder(i: int) -> Dictionary:
	var name: String = _toks[i].v
	var index := int(_rules.decoders[name])
	if index >= 0 and _v(i + 1) == "(":
		var ranges: Array = _args(i + 1).ranges
		if ranges.size() <= index or _text(ranges[index]) == "false":
			return {}
	var why := "builds objects from data, and an object brings its script" if index < 0 else \
			"with objects allowed builds objects from data, and an object brings its script; leave the argument out or write false"
	return _refuse("runtime_code", i, name + "()", "%s %s" % [name, why])


## Whether `name` is a call that takes a method or property name (call, set, Callable, ...).
func _named_dispatch(name: String) -> bool:
	var spec: Dictionary = _rules.dispatch.get(name, {})
	return not spec.is_empty() and spec.names in ["method", "property"] and not spec.has("after") and name != "Callable"


## A name given as a string literal: refused like the member it names; `writes`: the call writes the
## property it names (set, tween_property, ...), so a code-bearing one is refused too.
func _check_name(n: String, i: int, via: String, writes: bool) -> Dictionary:
	var api := "%s(\"%s\")" % [via, n]
	if _rules.methods.has(n):
		return _refuse(_rules.methods[n], i, api, "%s is refused, called by name too" % n)
	if _rules.aliases.has(n) or _rules.classes.has(n):
		var cls: String = _rules.aliases.get(n, n)
		return _refuse(_rules.classes[cls].category, i, api, "%s reached by name" % cls)
	if _rules.decoders.has(n):
		return _refuse("runtime_code", i, api, "%s named in a string: whether it builds objects cannot be checked" % n)
	if _named_dispatch(n):
		return _refuse("dynamic_name", i, api, "%s named in a string: the name it is given cannot be checked; call it directly" % n)
	var props: Dictionary = _rules.code_properties
	var prop := n.get_slice(":", 0)
	if writes and props.has(prop):
		return _refuse("runtime_code", i, api, "%s: %s" % [prop, props[prop].why])
	for p: String in props:
		if props[p].get("setter", "") == n:
			return _refuse("runtime_code", i, api, "%s sets %s: %s" % [n, p, props[p].why])
	return {}


func _refuse(category: String, k: int, api: String, reason: String) -> Dictionary:
	return {"category": category, "label": _rules.categories[category], "line": _toks[mini(k, _toks.size() - 1)].line,
			"api": api, "reason": reason}
