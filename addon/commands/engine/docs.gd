@tool
extends "../../core/command_group.gd"
## engine.docs: the editor's own documentation text for a class or one of its members. It reads the
## doc data the editor's help caches (lib/doc_cache.gd), which holds the full class reference of this exact
## engine build. Script classes are not in it. engine.docs_search finds a class or member by words.

const BridgeParams := preload("../../core/params.gd")
const BridgeDocCache := preload("lib/doc_cache.gd")

## Member lists of a class doc, in the order they are searched.
const MEMBER_KINDS := {"properties": "property", "methods": "method", "signals": "signal", "constants": "constant",
		"theme_properties": "theme_item", "annotations": "annotation", "constructors": "constructor", "operators": "operator"}

var _docs := {}  # class name -> class doc Dictionary
## [pattern, replacement] turning the reference's BBCode into Markdown-like text.
var _markup: Array = []


func commands() -> Array:
	return [
		{
			"method": "engine.docs",
			"summary": "The editor's documentation text for an engine class, or one member of it (inherited members too).",
			"params": [
				req("class", "string", "Class name, e.g. Node2D"),
				opt("member", "string", "Property, method, signal, constant or theme item name, e.g. global_position"),
				choice("format", ["text", "bbcode"], "text: Markdown-like; bbcode: the reference's own markup", "text"),
			],
			"example": {"class": "Node2D", "member": "rotate"},
			"read_only": true,
			# the class (inherits, descriptions, member counts) or the matches of one member
			"returns": {"class": "string", "member?": "string", "matches?": [{"kind": "string", "name": "string", "declared_in": "string",
					"description": "string"}], "inherits?": "string", "brief_description?": "string", "description?": "string",
					"tutorials?": "Array", "members?": "Dictionary"},
			"handler": _docs_for,
		},
	]


func _docs_for(c: BridgeCall) -> Variant:
	var p := c.params
	if _docs.is_empty() and not await _load():
		return c.failed("the editor's doc cache is not there yet (it is written once the help is generated, a few seconds after start); retry shortly",
				{"cache_dir": EditorInterface.get_editor_paths().get_cache_dir()})
	var cls: String = p.class
	if not _docs.has(cls):
		var guess := BridgeParams.did_you_mean(cls, _docs.keys())
		return c.not_found("no documented class '%s'%s" % [cls, " (did you mean '%s'?)" % guess if guess != "" else ""],
				{"class": cls, "suggestion": guess})
	var doc: Dictionary = _docs[cls]
	if not p.has("member"):
		var counts := {}
		for list: String in MEMBER_KINDS:
			if doc.has(list):
				counts[list] = doc[list].size()
		return {"class": cls, "inherits": doc.get("inherits", ""), "brief_description": _text(doc.get("brief_description", ""), p.format),
				"description": _text(doc.get("description", ""), p.format), "tutorials": doc.get("tutorials", []), "members": counts}
	var matches: Array = []
	var known: Array = []
	var owner := cls
	while owner != "" and _docs.has(owner) and matches.is_empty():
		var d: Dictionary = _docs[owner]
		for list: String in MEMBER_KINDS:
			for m: Dictionary in d.get(list, []):
				known.append(m.name)
				if m.name == p.member:
					matches.append(_member(m, MEMBER_KINDS[list], owner, p.format))
		owner = d.get("inherits", "")
	if matches.is_empty():
		var guess := BridgeParams.did_you_mean(p.member, known)
		return c.not_found("%s has no documented member '%s'%s" % [cls, p.member, " (did you mean '%s'?)" % guess if guess != "" else ""],
				{"class": cls, "member": p.member, "suggestion": guess})
	return {"class": cls, "member": p.member, "matches": matches}


func _member(m: Dictionary, kind: String, owner: String, format: String) -> Dictionary:
	var out := {"kind": kind, "name": m.name, "declared_in": owner, "description": _text(m.get("description", ""), format)}
	match kind:
		"method", "signal", "annotation", "constructor", "operator":
			var args := PackedStringArray()
			for a: Dictionary in m.get("arguments", []):
				args.append("%s: %s%s" % [a.name, a.type, " = " + a.default_value if a.get("default_value", "") != "" else ""])
			out["signature"] = "%s(%s)%s" % [m.name, ", ".join(args), " -> " + m.return_type if m.get("return_type", "") != "" else ""]
		"property", "theme_item":
			out["type"] = m.get("type", "")
			if m.has("default_value"):
				out["default"] = m.default_value
		"constant":
			out["value"] = m.get("value", "")
			if m.get("enumeration", "") != "":
				out["enum"] = m.enumeration
	return out


## Reads the editor's doc cache (lib/doc_cache.gd, shared with engine.docs_search).
func _load() -> bool:
	if not await BridgeDocCache.ensure(server.get_tree()):
		return false
	_docs = BridgeDocCache.classes
	return true


## Doc text with the reference's indentation removed; in "text" format its BBCode becomes Markdown-like.
func _text(s: String, format: String) -> String:
	var lines := PackedStringArray()
	for line in s.strip_edges().split("\n"):
		lines.append(line.strip_edges())
	var out := "\n".join(lines)
	if format == "bbcode":
		return out
	if _markup.is_empty():
		for rule: Array in [
			["\\[codeblocks\\]\\s*|\\s*\\[/codeblocks\\]", ""],
			["\\[codeblock[^\\]]*\\]", "```\n"], ["\\[(gdscript|csharp)[^\\]]*\\]", "```$1\n"],
			["\\[/(gdscript|csharp|codeblock)\\]", "\n```"],
			["\\[/?code\\]|\\[/?kbd\\]", "`"], ["\\[/?b\\]", "**"], ["\\[/?i\\]", "*"], ["\\[br\\]", "\n"],
			["\\[url=([^\\]]+)\\]([^\\[]*)\\[/url\\]", "$2 ($1)"],
			["\\[(?:member|method|signal|constant|enum|param|annotation|constructor|operator|theme_item) ([^\\]]+)\\]", "`$1`"],
			["\\[([A-Z@][A-Za-z0-9_.]*)\\]", "`$1`"],
		]:
			_markup.append([RegEx.create_from_string(rule[0]), rule[1]])
	for rule: Array in _markup:
		out = rule[0].sub(out, rule[1], true)
	return out
