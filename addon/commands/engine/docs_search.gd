@tool
extends "../../core/command_group.gd"
## engine.docs_search: asks the class reference in words ("how do I make a one-way platform") and answers the
## classes and members whose names and descriptions fit best, each with a line of its text, so an agent finds
## `CollisionShape2D.one_way_collision` without knowing the name; engine.docs then gives the whole text. The
## reference is the running editor's own (lib/doc_cache.gd); its index is built once per engine build
## (lib/doc_index.gd) and kept in the editor's cache dir.

const BridgeDocCache := preload("lib/doc_cache.gd")
const BridgeDocIndex := preload("lib/doc_index.gd")

const KINDS := ["class", "property", "method", "signal", "constant", "theme_item"]


func commands() -> Array:
	return [
		{
			"method": "engine.docs_search",
			"summary": "Search the class reference by words (a question or keywords): the classes and members that fit, each with a line of its text.",
			"params": [
				req("query", "string", "e.g. how do I make a one-way platform"),
				choice("kind", ["all"] + KINDS, "Only this kind", "all"),
				opt("limit", "int", "At most this many results", 8, {"min": 1, "max": 50}),
			],
			"example": {"query": "one-way platform collision", "limit": 5},
			"read_only": true,
			"answer_size": "search hits with a passage of text each (limit says how many)",
			"returns": {"query": "string", "count": "int", "index": "string",
					"results": [{"class": "string", "member?": "string", "kind": "string", "score": "float", "text": "string"}]},
			"handler": _docs_search,
		},
	]


func _docs_search(c: BridgeCall) -> Variant:
	var p := c.params
	var query: String = p.query.strip_edges()
	if BridgeDocIndex._terms(query).is_empty():
		return c.invalid("the query has no word to search for (common words like 'how' and 'the' are left out): '%s'" % query,
				{"param": "query"})
	if not await BridgeDocCache.ensure(server.get_tree()):
		return c.failed("the editor's doc cache is not there yet (it is written once the help is generated, a few seconds after start); retry shortly",
				{"cache_dir": EditorInterface.get_editor_paths().get_cache_dir()})
	var index := BridgeDocIndex.ensure(BridgeDocCache.classes)
	var results := BridgeDocIndex.search(query, p.limit, "" if p.kind == "all" else p.kind)
	return {"query": query, "count": results.size(), "index": index, "results": results}
