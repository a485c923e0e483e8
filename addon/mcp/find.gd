@tool
extends RefCounted
## bridge_find over both transports (addon/mcp/find.json; `bridge serve` relays it here): any command by words, with its method, tool name, one-line use and input schema, so a small
## default tool list hides nothing and engine_run calls what it finds at once.

const BridgeWire := preload("wire_json.gd")
const DEFAULT_LIMIT := 6
const MAX_LIMIT := 30

## The tool's definition (empty when find.json cannot be read: the endpoint then lists no bridge_find).
var tool: Dictionary = {}
var _points: Dictionary = {}
var _stop: Dictionary = {}
## Beside this file, wherever the addon is installed.
var _file: String = get_script().resource_path.get_base_dir().path_join("find.json")
static var _word := RegEx.create_from_string("[a-z0-9]+")


func _init() -> void:
	var data: Variant = JSON.parse_string(FileAccess.get_file_as_string(_file))
	if data is Dictionary and data.get("tool") is Dictionary and data.get("points") is Dictionary:
		tool = data.tool
		_points = data.points
		for word: String in data.get("stop_words", []):
			_stop[word] = true
	else:
		push_error("bridge: cannot read %s; the HTTP endpoint lists no bridge_find" % _file)


## {value} with the best matches of `args.query` among `docs` (router.describe_all()), or {error} naming what
## was wrong. `listed`: the methods whose typed tools the request's toolsets list.
func find(docs: Array, args: Dictionary, listed: Dictionary) -> Dictionary:
	var query: Variant = args.get("query")
	if not query is String:
		return {"error": "bridge_find: query (a string of words, e.g. \"paint tiles on a tilemap\") is required"}
	var limit: Variant = args.get("limit", DEFAULT_LIMIT)
	# JSON numbers arrive as floats: 3.0 is the integer 3, 3.5 is not
	if not (limit is int or (limit is float and limit == floorf(limit))) or limit < 1 or limit > MAX_LIMIT:
		return {"error": "bridge_find: limit must be an integer from 1 to %d, got %s" % [MAX_LIMIT, BridgeWire.stringify(limit)]}
	for key: Variant in args:
		if not str(key) in ["query", "limit"]:
			return {"error": "bridge_find: unknown parameter '%s'; it takes: query, limit" % key}
	var words := _query_words(query)
	var whole: String = query.strip_edges().to_lower()
	if words.is_empty() and whole == "":
		return {"error": "bridge_find: query is empty; give words for the task, e.g. \"paint tiles on a tilemap\""}
	var hits: Array = []
	for i in docs.size():
		var points := _score(docs[i], words, whole)
		if points > 0:
			hits.append({"index": i, "score": points})
	# a total order (score, then the commands' order), so the unstable sort answers the same every time
	hits.sort_custom(func(a: Dictionary, b: Dictionary) -> bool:
		return a.score > b.score or (a.score == b.score and a.index < b.index))
	var results: Array = []
	for hit: Dictionary in hits.slice(0, int(limit)):
		var doc: Dictionary = docs[hit.index]
		results.append({"method": doc.method, "tool": str(doc.method).replace(".", "_"), "summary": doc.summary,
				"input_schema": doc.input_schema, "listed": listed.has(doc.method)})
	return {"value": {"query": query, "count": results.size(), "total": hits.size(), "results": results,
			"note": _note(results.size(), hits.size())}}


## Lower-case runs of letters and digits, a final `s` dropped (tiles = tile, but not class or `is`).
static func words_of(text: String) -> PackedStringArray:
	var out := PackedStringArray()
	for m: RegExMatch in _word.search_all(text.to_lower()):
		out.append(_stem(m.get_string()))
	return out


static func _stem(word: String) -> String:
	return word.left(-1) if word.length() > 3 and word.ends_with("s") and not word.ends_with("ss") else word


func _query_words(query: String) -> PackedStringArray:
	var out := PackedStringArray()
	for m: RegExMatch in _word.search_all(query.to_lower()):
		var word := m.get_string()
		if not _stop.has(word) and not _stem(word) in out:
			out.append(_stem(word))
	return out


## One command's score (find.json `why`): the best match per query word, summed.
func _score(doc: Dictionary, words: PackedStringArray, whole: String) -> int:
	var method := str(doc.method)
	var name := words_of(method)
	var summary := words_of(str(doc.get("summary", "")))
	var schema: Dictionary = doc.get("input_schema", {})
	var params := words_of(" ".join(PackedStringArray(schema.get("properties", {}).keys())))
	var total: int = int(_points.exact) if whole == method or whole == method.replace(".", "_") else 0
	for word: String in words:
		if word in name:
			total += int(_points.name)
		elif _prefixed(name, word):
			total += int(_points.prefix)
		elif word in summary:
			total += int(_points.summary)
		elif word in params:
			total += int(_points.param)
		elif word.length() >= 4 and _starts_one(summary, word):
			total += int(_points.part)
	return total


## Whether a name word and the query word start one another, both 3 letters or more.
static func _prefixed(name: PackedStringArray, word: String) -> bool:
	for n: String in name:
		if mini(n.length(), word.length()) >= 3 and (n.begins_with(word) or word.begins_with(n)):
			return true
	return false


static func _starts_one(summary: PackedStringArray, word: String) -> bool:
	for s: String in summary:
		if s.begins_with(word):
			return true
	return false


## What to do with the results (or with none).
static func _note(count: int, total: int) -> String:
	if total == 0:
		return "No command matches these words; try other words (a node class, a verb), or engine_run {\"method\": \"engine.commands\"} for the whole list."
	var more := " %d more match: raise limit or add words." % (total - count) if total > count else ""
	return "Call any of them now with engine_run {\"method\": <method>, \"params\": {...}} (or its typed tool when listed is true).%s" % more
