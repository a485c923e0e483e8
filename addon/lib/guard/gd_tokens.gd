@tool
extends RefCounted
## A GDScript tokenizer for editor.run_script's guard: the checks read a snippet's tokens, never its
## text, so a comment or a string never looks like code and code never hides in either. Comments,
## line continuations (`\` at the end of a line), all string forms (', ", ''' and """ spanning lines,
## r"raw", &"StringName", ^"NodePath") are handled the way the GDScript tokenizer does; each token keeps
## its line for the refusal message.
##
## A token is {"t": kind, "v": value, "line": int}: kind "id" (identifiers and keywords), "str" (v is
## the decoded value, so "exe\u0063ute" reads as "execute"), "num", "op" (punctuation and operators).
## An unterminated string ends at the end of the snippet; the compile check refuses such a snippet anyway.

const OPS := ["**=", "<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "->", ":=", "+=", "-=", "*=", "/=",
		"%=", "&=", "|=", "^=", "**", "<<", ">>", ".."]


static func tokenize(code: String) -> Array:
	var out: Array = []
	var n := code.length()
	var line := 1
	var i := 0
	while i < n:
		var c := code[i]
		if c == "\n":
			line += 1
			i += 1
		elif c == " " or c == "\t" or c == "\r":
			i += 1
		elif c == "#":
			while i < n and code[i] != "\n":
				i += 1
		elif c == "\\" and _newline_at(code, i + 1) > 0:
			i += 1 + _newline_at(code, i + 1)  # a line continuation: the statement goes on
			line += 1
		elif _is_ident_start(c):
			var start := i
			while i < n and _is_ident_char(code[i]):
				i += 1
			var word := code.substr(start, i - start)
			if word == "r" and i < n and (code[i] == "\"" or code[i] == "'"):
				var raw := _string(code, i, true)
				out.append({"t": "str", "v": raw.value, "line": line})
				line += raw.lines
				i = raw.end
			else:
				out.append({"t": "id", "v": word, "line": line})
		elif c == "\"" or c == "'" or ((c == "&" or c == "^") and i + 1 < n and (code[i + 1] == "\"" or code[i + 1] == "'")):
			var s := _string(code, i + (0 if c == "\"" or c == "'" else 1), false)
			out.append({"t": "str", "v": s.value, "line": line})
			line += s.lines
			i = s.end
		elif _is_digit(c) or (c == "." and i + 1 < n and _is_digit(code[i + 1])):
			var start := i
			i += 1
			while i < n and (_is_ident_char(code[i]) or (code[i] == "." and i + 1 < n and _is_digit(code[i + 1]))
					or ((code[i] == "+" or code[i] == "-") and (code[i - 1] == "e" or code[i - 1] == "E") and not code.substr(start, 2).to_lower() == "0x")):
				i += 1
			out.append({"t": "num", "v": code.substr(start, i - start), "line": line})
		else:
			var op := c
			for candidate: String in OPS:
				if code.substr(i, candidate.length()) == candidate:
					op = candidate
					break
			out.append({"t": "op", "v": op, "line": line})
			i += op.length()
	return out


## A string literal starting at `start` (its opening quote): {value, end (index after it), lines it spans}.
static func _string(code: String, start: int, raw: bool) -> Dictionary:
	var n := code.length()
	var q := code[start]
	var triple := code.substr(start, 3) == q + q + q
	var close := q + q + q if triple else q
	var i := start + close.length()
	var value := ""
	var lines := 0
	# where the next quote, backslash and line break are: the plain run before the nearest is copied in one
	# piece (a 2 MiB literal is one run, not two million loop turns)
	var next := {q: -1, "\\": -1, "\n": -1}
	while i < n:
		var run_end := n
		for special: String in next:
			if next[special] < i:
				var found := code.find(special, i)
				next[special] = found if found >= 0 else n
			run_end = mini(run_end, next[special])
		if run_end > i:
			value += code.substr(i, run_end - i)
			i = run_end
			continue
		if code.substr(i, close.length()) == close:
			return {"value": value, "end": i + close.length(), "lines": lines}
		var c := code[i]
		if c == "\n":
			lines += 1
		if c == "\\" and i + 1 < n:
			var e := code[i + 1]
			var nl := _newline_at(code, i + 1)
			if nl > 0:  # a backslash before a line break joins the lines, in raw strings too
				lines += 1
				if raw:
					value += "\\" + code.substr(i + 1, nl)
				i += 1 + nl
				continue
			if raw:  # escapes are kept as written, but an escaped quote does not end the string
				value += c + e
				i += 2
				continue
			var decoded := _escape(code, i)
			value += decoded.text
			i = decoded.end
			continue
		value += c
		i += 1
	return {"value": value, "end": n, "lines": lines}


## The escape sequence at `i` (a backslash): {text, end}.
static func _escape(code: String, i: int) -> Dictionary:
	var e := code[i + 1]
	var simple := {"n": "\n", "t": "\t", "r": "\r", "a": char(7), "b": char(8), "f": char(12), "v": char(11),
			"\"": "\"", "'": "'", "\\": "\\"}
	if simple.has(e):
		return {"text": simple[e], "end": i + 2}
	if e == "u" or e == "U":
		var digits := 4 if e == "u" else 6
		var hex := code.substr(i + 2, digits)
		if hex.length() == digits and hex.is_valid_hex_number():
			return {"text": char(hex.hex_to_int()), "end": i + 2 + digits}
	return {"text": "\\" + e, "end": i + 2}


## The length of the line break at `i` ("\n" 1, "\r\n" 2), or 0.
static func _newline_at(code: String, i: int) -> int:
	if i < code.length() and code[i] == "\n":
		return 1
	if code.substr(i, 2) == "\r\n":
		return 2
	return 0


static func _is_ident_start(c: String) -> bool:
	return (c >= "a" and c <= "z") or (c >= "A" and c <= "Z") or c == "_" or c.unicode_at(0) > 127


static func _is_ident_char(c: String) -> bool:
	return _is_ident_start(c) or _is_digit(c)


static func _is_digit(c: String) -> bool:
	return c >= "0" and c <= "9"
