@tool
extends RefCounted
## Checks and converts a command's JSON parameters against its declared parameter docs, before any
## handler runs: required, type, range, allowed values, unknown names (with a did-you-mean) and the
## path jail for every parameter that names a file the command writes.

const BridgeError := preload("bridge_error.gd")

const TYPES := ["string", "int", "float", "bool", "NodePath", "Vector2", "Vector3", "Color", "Array",
		"Dictionary", "any", "enum"]


## Returns the converted parameters (defaults filled in) or a BridgeError naming what was wrong (the router puts
## the command's name in front).
static func check(specs: Array, params: Variant) -> Variant:
	if params == null:
		params = {}
	if not params is Dictionary:
		return BridgeError.invalid("params must be an object of named parameters")
	var given: Dictionary = params
	# every given name is a declared one when as many declared names were given as names were: one pass with
	# nothing built, on every call; the lookup table for the refusal is built only for a refusal
	var matched := 0
	for spec: Dictionary in specs:
		matched += int(given.has(spec.name))
	if matched < given.size():
		var refusal := _unknown_parameter(specs, given)
		if refusal != null:
			return refusal
	var out := {}
	for spec: Dictionary in specs:
		var name: String = spec.name
		# null stands for "not given", except where a parameter takes any value: there it is one (no resource)
		var absent: bool = not given.has(name) or (given[name] == null and spec.get("type", "any") != "any")
		if absent:
			if spec.get("required", false):
				return BridgeError.invalid("missing required parameter '%s' (%s)" % [name, describe_type(spec)],
						{"param": name})
			if spec.has("default"):
				var d: Variant = convert_value(spec, spec.default)
				out[name] = d if not is_instance_of(d, BridgeError) else spec.default
			continue
		var value: Variant = convert_value(spec, given[name])
		if is_instance_of(value, BridgeError):
			return BridgeError.invalid("parameter '%s' %s" % [name, value.message], {"param": name})
		if spec.get("writes_path", false):
			var jailed: Variant = jail_path(value)
			if is_instance_of(jailed, BridgeError):
				return BridgeError.new(BridgeError.PATH_REFUSED, "parameter '%s' %s" % [name, jailed.message],
						{"param": name, "path": value})
			value = jailed
		out[name] = value
	return out


## The refusal of a parameter no spec declares: a did-you-mean, the parameter it belongs inside, or what the
## command takes. null when every key is declared after all (a key that is not text but reads as a name).
static func _unknown_parameter(specs: Array, params: Dictionary) -> RefCounted:  # a BridgeError
	var known := {}
	for spec: Dictionary in specs:
		known[spec.name] = spec
	for key: Variant in params.keys():
		if not known.has(str(key)):
			var msg := "unknown parameter '%s'" % key
			var guess := did_you_mean(str(key), known.keys())
			var nested := _nested_home(str(key), specs)
			if guess == "":
				guess = _also_known_as(str(key), specs)
			if nested != "":
				msg += " (it belongs inside '%s': {\"%s\": {\"%s\": …}})" % [nested, nested, key]
				guess = "%s.%s" % [nested, key]
			elif guess != "":
				msg += " (did you mean '%s'?)" % guess
			elif not known.is_empty():
				msg += "; it takes: %s" % ", ".join(PackedStringArray(known.keys()))
			else:
				msg += "; it takes no parameters"
			return BridgeError.invalid(msg, {"param": key, "suggestion": guess})
	return null


## The parameter that declares `word` among the names people also use for it (`also` in its spec), or "".
static func _also_known_as(word: String, specs: Array) -> String:
	for spec: Dictionary in specs:
		if word in spec.get("also", []):
			return spec.name
	return ""


## The object parameter whose declared nested keys (`keys` in its spec) hold `word`, or "": a mesh's
## `size` given beside `mesh` instead of inside it.
static func _nested_home(word: String, specs: Array) -> String:
	for spec: Dictionary in specs:
		if word in spec.get("keys", []):
			return spec.name
	return ""


## Converts one JSON value to the declared Godot type, or returns a BridgeError saying what was expected.
static func convert_value(spec: Dictionary, v: Variant) -> Variant:
	var t: String = spec.get("type", "any")
	var result: Variant = _convert(t, spec, v)
	if is_instance_of(result, BridgeError):
		return result
	if t in ["int", "float"]:
		if spec.has("min") and result < spec.min:
			return BridgeError.invalid("must be >= %s, got %s" % [spec.min, result])
		if spec.has("max") and result > spec.max:
			return BridgeError.invalid("must be <= %s, got %s" % [spec.max, result])
	return result


static func _convert(t: String, spec: Dictionary, v: Variant) -> Variant:
	match t:
		"string", "NodePath":
			if v is String or v is StringName or v is NodePath:
				return str(v)
		"int":
			if (v is float and is_finite(v) and v == floorf(v)) or v is int:
				return int(v)
		"float":
			if (v is float or v is int) and not v is bool:
				return float(v)
		"bool":
			if v is bool:
				return v
		"enum":
			var values: Array = spec.get("values", [])
			if (v is String or v is StringName) and str(v) in values:
				return str(v)
			return BridgeError.invalid("must be one of %s, got %s" % [", ".join(PackedStringArray(values)), JSON.stringify(v)])
		"Vector2":
			var n: Variant = _numbers(v, ["x", "y"])
			if n != null:
				return Vector2(n[0], n[1])
		"Vector3":
			var n: Variant = _numbers(v, ["x", "y", "z"])
			if n != null:
				return Vector3(n[0], n[1], n[2])
		"Color":
			var c: Variant = parse_color(v)
			if c != null:
				return c
		"Array":
			if v is Array:
				return v
		"Dictionary":
			if v is Dictionary:
				return v
		"any":
			return v
	return BridgeError.invalid("must be %s, got %s" % [describe_type(spec), JSON.stringify(v)])


## Accepts [x, y(, z)] or {"x":…, "y":…}; returns the numbers or null.
static func _numbers(v: Variant, keys: Array) -> Variant:
	var out: Array = []
	if v is Array and v.size() == keys.size():
		out = v
	elif v is Dictionary and v.size() == keys.size():
		for k: String in keys:
			if not v.has(k):
				return null
			out.append(v[k])
	else:
		return null
	for x: Variant in out:
		if not (x is float or x is int) or x is bool:
			return null
	return out


## '#ff8800', 'ff8800', a named colour ('red'), [r, g, b(, a)] in 0..1, the same as text ("1,0,0", "(1, 0, 0)",
## "Color(1, 0, 0)") or {"r","g","b"(,"a")}.
static func parse_color(v: Variant) -> Variant:
	if v is String:
		var s: String = v.strip_edges()
		if Color.html_is_valid(s):
			return Color.html(s)
		var named := Color.from_string(s, Color(0, 0, 0, -1))
		if named.a >= 0.0:
			return named
		var open := s.find("(")
		if open > 0 and s.substr(0, open).strip_edges().to_lower() == "color":
			s = s.substr(open)  # Color(1, 0, 0) → (1, 0, 0)
		var nums: Array = []
		for part in s.trim_prefix("(").trim_suffix(")").trim_prefix("[").trim_suffix("]").replace(",", " ").split(" ", false):
			var x: Variant = float_text(part)
			if x == null:
				return null
			nums.append(x)
		return parse_color(nums) if nums.size() in [3, 4] else null
	if v is Array and (v.size() == 3 or v.size() == 4):
		for x: Variant in v:
			if not (x is float or x is int):
				return null
		return Color(v[0], v[1], v[2], v[3] if v.size() == 4 else 1.0)
	if v is Dictionary and v.has("r") and v.has("g") and v.has("b"):
		return Color(v.r, v.g, v.b, v.get("a", 1.0))
	return null


static func describe_type(spec: Dictionary) -> String:
	match spec.get("type", "any"):
		"string": return "a string"
		"NodePath": return "a node path string (e.g. /root/Main/Player or Player)"
		"int": return "an integer"
		"float": return "a number"
		"bool": return "true or false"
		"Vector2": return "a Vector2 as [x, y]"
		"Vector3": return "a Vector3 as [x, y, z]"
		"Color": return "a Color as '#rrggbb(aa)', a name, or [r, g, b(, a)]"
		"Array": return "an array"
		"Dictionary": return "an object"
		"enum": return "one of " + ", ".join(PackedStringArray(spec.get("values", [])))
	return "any JSON value"


## The jail: a written path must stay inside res:// or user://. Returns the normalised path or a BridgeError.
static func jail_path(path: Variant) -> Variant:
	var p := str(path).strip_edges()
	var scheme := ""
	for s: String in ["res://", "user://"]:
		if p.begins_with(s):
			scheme = s
	if scheme == "":
		return BridgeError.invalid("must be a res:// or user:// path, got '%s'" % p)
	var rest := p.substr(scheme.length())
	if rest.contains("\\") or rest.contains(":") or rest.begins_with("/"):
		return BridgeError.invalid("must be a plain path inside %s, got '%s'" % [scheme, p])
	var parts: Array[String] = []
	for part in rest.split("/", false):
		if part == ".":
			continue
		if part == "..":
			if parts.is_empty():
				return BridgeError.invalid("escapes %s: '%s'" % [scheme, p])
			parts.pop_back()
			continue
		parts.append(part)
	if parts.is_empty():
		return BridgeError.invalid("names no file: '%s'" % p)
	var jailed: String = scheme + "/".join(parts)
	var escape := link_escape(jailed)
	if escape != "":
		return BridgeError.invalid("leaves %s through the symbolic link %s: '%s'" % [scheme, escape, p])
	return jailed


## Where a res:// or user:// path's existing components lead on disk: the first symbolic link (as a
## res:// or user:// path) through which the path lands outside its root, or "" when it stays inside.
## Every existing component is resolved, so a link to a folder outside the project cannot carry a write
## (or a read) out of it; components that do not exist yet are taken as written.
static func link_escape(path: String) -> String:
	var scheme := "res://" if path.begins_with("res://") else "user://"
	var root := real_path(ProjectSettings.globalize_path(scheme))
	var current := root
	var parts := path.substr(scheme.length()).split("/", false)
	for i in parts.size():
		var next := current.path_join(parts[i])
		if _is_link(next):
			next = real_path(next)
			if not _inside(next, root):
				return scheme + "/".join(parts.slice(0, i + 1))
		current = next
	return ""


## The absolute path with every symbolic link among its existing components resolved (like realpath(3));
## components past the last existing one are kept as written.
static func real_path(absolute: String) -> String:
	var simple := absolute.simplify_path()
	# "/" on Unix, "C:/" on Windows
	var top := simple.substr(0, simple.find("/") + 1) if not simple.begins_with("/") else "/"
	var current := top
	var pending: Array = Array(simple.substr(top.length()).split("/", false))
	var hops := 0
	while not pending.is_empty():
		var part: String = pending.pop_front()
		if part == "..":
			current = current.get_base_dir() if current != top else top
			continue
		var next := current.path_join(part)
		if _is_link(next) and hops < 40:
			hops += 1
			var target := DirAccess.open(current).read_link(part)
			if target.is_relative_path():
				target = current.path_join(target)
			target = target.simplify_path()
			pending = Array(target.substr(top.length()).split("/", false)) + pending
			current = top
			continue
		current = next
	return current


static func _is_link(absolute: String) -> bool:
	var dir := DirAccess.open(absolute.get_base_dir())
	return dir != null and dir.is_link(absolute.get_file())


static func _inside(absolute: String, root: String) -> bool:
	return absolute == root or absolute.begins_with(root.trim_suffix("/") + "/")


static func did_you_mean(word: String, candidates: Array) -> String:
	var best := ""
	var best_score := 0.45
	for c: Variant in candidates:
		var score := word.to_lower().similarity(str(c).to_lower())
		if str(c).to_lower().begins_with(word.to_lower()) or word.to_lower().begins_with(str(c).to_lower()):
			score = maxf(score, 0.6)
		if score > best_score:
			best_score = score
			best = str(c)
	return best


## The number `text` spells, or null when it is no number or none a float can hold ("1e999"). Read with
## the engine's error printing off: String.to_float() logs "Exponent too high" for such text, and a
## refused parameter must not leave an entry in the log users read for their own bugs.
static func float_text(text: String) -> Variant:
	if not text.is_valid_float():
		return null
	var x: float
	if text.containsn("e"):
		var printing := Engine.print_error_messages
		Engine.print_error_messages = false
		x = text.to_float()
		Engine.print_error_messages = printing
	else:
		x = text.to_float()
	return x if is_finite(x) else null
