@tool
extends "guard_view.gd"
## What editor.run_script's guard can prove about a value before it lets `x[key]` with a non-literal key
## pass: that x is a plain container (Array, Dictionary, String, a packed array: a key there never reads a
## method), or that the key is no string (a number never names a method). Read from the snippet's own
## bindings of a name, all of them: a name is proven only when every `var`, `const`, `for` and parameter
## binding of it proves it, and an untyped name is never assigned anything that does not.

const CONTAINERS := ["Array", "Dictionary", "String", "PackedByteArray", "PackedInt32Array", "PackedInt64Array",
		"PackedFloat32Array", "PackedFloat64Array", "PackedStringArray", "PackedVector2Array", "PackedVector3Array",
		"PackedVector4Array", "PackedColorArray"]
const NUMBERS := ["int", "float"]
## Operators a string does not take: an arithmetic chain with one of them at its top is no string.
const NOT_FOR_STRINGS := ["-", "*", "/"]

static var _constant := RegEx.create_from_string("^[A-Z][A-Z0-9_]*$")

var _proofs := {}  # "name|kind" -> bool, computed once


func _init(toks: Array) -> void:
	_toks = toks


## Whether the value that ends at token k (just before a subscript's `[`) is a plain container.
func container_before(k: int) -> bool:
	var v := _v(k)
	if _kind(k) == "str" or v == "}":
		return true  # a string or a dictionary literal
	if _kind(k) == "id":
		return _v(k - 1) != "." and _name_is(v, CONTAINERS)
	if v == "]":
		var open := _open(k)
		return open >= 0 and not _is_subscript(open)  # an array literal, not what a subscript read
	if v == ")":
		var open := _open(k)
		return open > 0 and _v(open - 1) in CONTAINERS + ["range"] and _v(open - 2) != "."
	return false


## Whether the key in [start, end) can be no string: an arithmetic chain (`+ - * /` at its top and nothing
## else) with `-`, `*` or `/` in it, or with a number among its terms.
func non_string(start: int, end: int) -> bool:
	var depth := 0
	var term_start := start
	var numeric := false
	for k in range(start, end):
		var v := _v(k)
		if v in ["(", "[", "{"]:
			depth += 1
		elif v in [")", "]", "}"]:
			depth -= 1
		elif depth == 0 and _kind(k) == "op" and v in ["+"] + NOT_FOR_STRINGS:
			numeric = numeric or v in NOT_FOR_STRINGS or _number_term(term_start, k)
			term_start = k + 1
		elif depth == 0 and ((_kind(k) == "op" and v != ".") or v in ["if", "else", "and", "or", "not", "in", "as"]):
			return false  # `%` formats strings, a condition picks either side: not a plain chain
	return numeric or _number_term(term_start, end)


## A term that is a number: a numeric literal, a name proven a number, an engine constant (`KEY_A`,
## `Mesh.ARRAY_NORMAL`: the engine's constants are numbers; one the snippet declares is not taken),
## len(...) or x.size() (no engine class has a size() that returns a string).
func _number_term(start: int, end: int) -> bool:
	if end - start == 1:
		return _kind(start) == "num" or (_kind(start) == "id" and (_name_is(_v(start), NUMBERS) or _engine_constant(start)))
	if end - start == 3 and _v(start + 1) == "." and _kind(start) == "id" and _v(start)[0] == _v(start)[0].to_upper():
		return _engine_constant(start + 2) and not _declared(_v(start))
	if _v(start) == "len" and _v(start + 1) == "(":
		return _close(start + 1) == end - 1
	return end - start >= 5 and _v(end - 4) == "." and _v(end - 3) == "size" and _v(end - 2) == "(" and _v(end - 1) == ")"


## Whether token k is an UPPER_CASE name the snippet does not declare.
func _engine_constant(k: int) -> bool:
	var v := _v(k)
	return _kind(k) == "id" and _constant.search(v) != null and not _declared(v)


## Whether every binding of `name` gives it one of `types`, and an untyped one is never assigned anything else.
func _name_is(name: String, types: Array) -> bool:
	var key := "%s|%s" % [name, types[0]]
	if not _proofs.has(key):
		_proofs[key] = false  # while it is being proven (`for i in i`), the name proves nothing
		_proofs[key] = _prove(name, types)
	return _proofs[key]


func _prove(name: String, types: Array) -> bool:
	var bound := false
	var typed := true
	var assigned: Array = []  # where a plain `name = ...` assigns
	for k: int in _occurrences(name):
		if _v(k - 1) == ".":
			continue
		var prev := _v(k - 1)
		var next := _v(k + 1)
		if prev in ["var", "const"]:
			bound = true
			if next == ":" and _v(k + 2) in types:
				continue
			if not (next in [":=", "="] and _expr_is(k + 2, types)):
				return false
			typed = typed and next == ":="
		elif prev == "for":
			bound = true
			if next == ":":
				if not (_v(k + 2) in types):
					return false
				continue
			if not (types == NUMBERS and _counts(k + 1)):
				return false
			typed = false
		elif prev in ["(", ","] and _in_params(k):
			bound = true
			if not (next == ":" and _v(k + 2) in types):
				return false
		elif next == "=":
			assigned.append(k + 2)
	if not bound:
		return false  # the template's own members (scene, editor, ...) and anything else not declared here
	if not typed:
		for start: int in assigned:
			if not _expr_is(start, types):
				return false
	return true


## Whether the expression at `start` is a value of one of `types`, as written.
func _expr_is(start: int, types: Array) -> bool:
	var end := _expr_end(start)
	if end <= start:
		return false
	if types == NUMBERS:
		for k in range(start, end):
			if not (_kind(k) == "num" or (_kind(k) == "op" and _v(k) in ["+", "-", "*", "/", "(", ")"])):
				return false
		return true
	var v := _v(start)
	if end - start == 1:
		return _kind(start) == "str"
	if v in ["[", "{"]:
		return _close(start) == end - 1
	return v in types and _v(start + 1) == "(" and _close(start + 1) == end - 1


## Whether `in ...:` at k walks numbers: `range(...)`, a number or len(...).
func _counts(k: int) -> bool:
	if _v(k) != "in":
		return false
	var end := _expr_end(k + 1)
	if _v(end) == ":" and _v(k + 1) == "range" and _v(k + 2) == "(":
		return _close(k + 2) == end - 1
	return _v(end) == ":" and _number_term(k + 1, end)
