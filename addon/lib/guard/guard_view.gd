@tool
extends RefCounted
## What editor.run_script's guard (script_guard.gd) and its proofs about values (guard_scope.gd) share: a
## snippet's tokens (gd_tokens.gd) read as brackets, argument lists and statements.

## The operators that write what stands on their left.
const ASSIGN := ["=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>=", "**="]

## Words before `[` that open an array literal, not a subscript.
const NOT_SUBSCRIPT := ["in", "return", "and", "or", "not", "if", "elif", "else", "while", "match", "await", "Array",
		"Dictionary", "var", "const", "func"]

var _toks: Array
var _bound := {}  # name -> whether the snippet binds it, computed once
var _where := {}  # identifier -> the indices of its tokens, built on first use (one pass, not one per name)


## A token's text for operators and identifiers ("" outside the snippet or for strings, so a string "("
## never reads as a bracket).
func _v(k: int) -> String:
	if k < 0 or k >= _toks.size():
		return ""
	var t: Dictionary = _toks[k]
	return t.v if t.t in ["op", "id"] else ("" if t.t == "str" else t.v)


func _kind(k: int) -> String:
	return _toks[k].t if k >= 0 and k < _toks.size() else ""


## The index of the bracket closing the one at `open` (or the last token when it is never closed).
func _close(open: int) -> int:
	var depth := 0
	for k in range(open, _toks.size()):
		var v := _v(k)
		if _toks[k].t == "op" and v in ["(", "[", "{"]:
			depth += 1
		elif _toks[k].t == "op" and v in [")", "]", "}"]:
			depth -= 1
			if depth == 0:
				return k
	return _toks.size()


## The index of the bracket opening the one closed at `close` (-1 when there is none).
func _open(close: int) -> int:
	var depth := 0
	for k in range(close, -1, -1):
		var v := _v(k)
		if _toks[k].t == "op" and v in [")", "]", "}"]:
			depth += 1
		elif _toks[k].t == "op" and v in ["(", "[", "{"]:
			depth -= 1
			if depth == 0:
				return k
	return -1


## The arguments of the call whose `(` is at `open`: {ranges: [[start, end), ...], close}.
func _args(open: int) -> Dictionary:
	var close := _close(open)
	return {"ranges": _split(open + 1, close), "close": close}


## Comma-separated ranges of tokens in [start, end) at depth 0.
func _split(start: int, end: int) -> Array:
	var out: Array = []
	var depth := 0
	var from := start
	for k in range(start, end):
		var v := _v(k)
		if v in ["(", "[", "{"]:
			depth += 1
		elif v in [")", "]", "}"]:
			depth -= 1
		elif v == "," and depth == 0:
			out.append([from, k])
			from = k + 1
	if end > from:
		out.append([from, end])
	return out


## The end (exclusive) of the expression that starts at `start`: the first `;`, `,`, `:` or closing bracket
## at depth 0, or the first token at depth 0 on a later line than the one before it.
func _expr_end(start: int) -> int:
	var depth := 0
	for k in range(start, _toks.size()):
		var v := _v(k)
		if depth == 0 and k > start and _toks[k].line != _toks[k - 1].line:
			return k
		if depth == 0 and v in [";", ",", ":", ")", "]", "}"]:
			return k
		if v in ["(", "[", "{"]:
			depth += 1
		elif v in [")", "]", "}"]:
			depth -= 1
	return _toks.size()


## Whether the place that ends at token k (a name, or a `]`) is written: followed, after any `[...]` or
## `.member` (a value type changed in place is written back), by an assignment.
func _written(k: int) -> bool:
	var j := k + 1
	while j < _toks.size():
		if _v(j) == "[":
			j = _close(j) + 1
		elif _v(j) == "." and _kind(j + 1) == "id" and _v(j + 2) != "(":
			j += 2
		else:
			break
	return _v(j) in ASSIGN


## Whether the `[` at i reads from the value before it (a subscript), rather than opening an array literal.
func _is_subscript(i: int) -> bool:
	if i <= 0:
		return false
	var t: String = _toks[i - 1].t
	var v := _v(i - 1)
	if t == "id":
		return not (v in NOT_SUBSCRIPT)
	return t == "str" or v in [")", "]", "}"]


## Whether token i sits in a `func (...)` parameter list.
func _in_params(i: int) -> bool:
	var depth := 0
	for k in range(i, -1, -1):
		var v := _v(k)
		if v in [")", "]", "}"]:
			depth += 1
		elif v in ["(", "[", "{"]:
			if depth == 0:
				return v == "(" and (_v(k - 1) == "func" or _v(k - 2) == "func")
			depth -= 1
	return false


## Whether token i is a name being declared (a variable, constant, function or loop variable).
func _declares(i: int) -> bool:
	return _v(i - 1) in ["var", "const", "func", "signal", "class", "enum", "for", "class_name"]


## Whether the snippet binds `name` anywhere (var, const, for, a parameter).
func _declared(name: String) -> bool:
	if not _bound.has(name):
		_bound[name] = false
		for k: int in _occurrences(name):
			if _v(k - 1) in ["var", "const", "for"] or (_v(k - 1) in ["(", ","] and _in_params(k)):
				_bound[name] = true
				break
	return _bound[name]


## The indices of the identifier tokens spelling `name`.
func _occurrences(name: String) -> Array:
	if _where.is_empty():
		_where[""] = []
		for k in _toks.size():
			if _toks[k].t == "id":
				if not _where.has(_toks[k].v):
					_where[_toks[k].v] = []
				_where[_toks[k].v].append(k)
	return _where.get(name, [])


func _text(r: Array) -> String:
	var s := ""
	for k in range(r[0], r[1]):
		s += _v(k) if _toks[k].t != "str" else JSON.stringify(_toks[k].v)
	return s
