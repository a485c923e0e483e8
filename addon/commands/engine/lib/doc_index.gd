@tool
extends RefCounted
## A word index over the class reference's prose (lib/doc_cache.gd): one entry per class description and per
## member description, ranked by BM25 with the names' own words counted three times, so "one-way platform" finds
## CollisionShape2D.one_way_collision though the reference never says "platform" there. Built once per engine
## build (about a second) and kept in the editor's cache dir beside the doc cache, so later editors load it.

const K1 := 1.2
const B := 0.75
## A name's words weigh this many times a description's: an agent asks in the words members are named by.
const NAME_WEIGHT := 3
const SNIPPET := 200
const FORMAT := 2
## An entry whose own name's words the query covers scores up to this much more (one_way_collision for "one-way").
const COVERAGE_BONUS := 1.0
## A class's description is long (BM25 shortens its score for that) and is what a "which node" question asks for.
const CLASS_WEIGHT := 1.4
## The editor's own settings, the engine's extension hooks and virtual methods answer few game questions: they
## stay findable, below what a game uses.
const ASIDE := 0.6
## Words too common in questions and the reference to tell anything apart.
const STOPWORDS := ["a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "by", "for", "from", "with",
		"is", "are", "be", "it", "its", "this", "that", "as", "if", "can", "do", "does", "how", "what", "which",
		"when", "i", "my", "me", "we", "you", "your", "make", "use", "using", "get", "set", "will", "not", "no",
		"so", "into", "than", "then", "also", "has", "have", "want", "should", "would", "there", "few", "some",
		"something", "thing", "doing", "like", "just", "need"]

## [{class, member, kind}] per entry, their snippets, lengths, own name's words, and term -> PackedInt32Array
## [entry, count, …].
static var entries: Array = []
static var name_terms: Array = []
static var snippets := PackedStringArray()
static var lengths := PackedInt32Array()
static var postings := {}
static var average := 1.0
static var _markup: RegEx = null
static var _split: RegEx = null
static var _camel: RegEx = null
static var _space: RegEx = null


## The index, built from `classes` or read from the cache file of this engine build; "built" or "cache".
static func ensure(classes: Dictionary) -> String:
	if not entries.is_empty():
		return "memory"
	var path := _file()
	if FileAccess.file_exists(path) and _read(path):
		return "cache"
	_build(classes)
	_write(path)
	return "built"


## The best `limit` entries for `query`: [{class, member?, kind, score, text}].
static func search(query: String, limit: int, kind: String) -> Array:
	var scores := {}
	var n := float(entries.size())
	var asked := _terms(query)
	for term: String in asked.keys():
		var posting: PackedInt32Array = postings.get(term, PackedInt32Array())
		if posting.is_empty():
			continue
		var df := posting.size() / 2.0
		var idf := log(1.0 + (n - df + 0.5) / (df + 0.5))
		for i in range(0, posting.size(), 2):
			var e := posting[i]
			var tf := float(posting[i + 1])
			var norm := K1 * (1.0 - B + B * lengths[e] / average)
			scores[e] = scores.get(e, 0.0) + idf * tf * (K1 + 1.0) / (tf + norm)
	for e: int in scores:
		var own: PackedStringArray = name_terms[e]
		var covered := 0
		for t in own:
			if asked.has(t):
				covered += 1
		# one word of a name matched counts half: "play" alone is not "play a sound"
		var factor := 1.0 + COVERAGE_BONUS * float(covered) / float(maxi(1, own.size())) * minf(1.0, covered / 2.0)
		if entries[e].kind == "class":
			factor *= CLASS_WEIGHT
		if _aside(entries[e]):
			factor *= ASIDE
		scores[e] *= factor
	var ranked: Array = scores.keys()
	if kind != "":
		ranked = ranked.filter(func(e: int) -> bool: return entries[e].kind == kind)
	ranked.sort_custom(func(a: int, b: int) -> bool: return scores[a] > scores[b])
	var out: Array = []
	for e: int in ranked.slice(0, limit):
		var entry: Dictionary = entries[e].duplicate()
		if entry.member == "":
			entry.erase("member")
		entry["score"] = snappedf(scores[e], 0.01)
		entry["text"] = snippets[e]
		out.append(entry)
	return out


static func _build(classes: Dictionary) -> void:
	var counts: Array = []
	var names: Array = classes.keys()
	names.sort()
	for cls: String in names:
		var doc: Dictionary = classes[cls]
		var prose := "%s %s" % [doc.get("brief_description", ""), doc.get("description", "")]
		_add(counts, {"class": cls, "member": "", "kind": "class"}, _name_words(cls), prose)
		for list: String in ["properties", "methods", "signals", "constants", "theme_properties"]:
			for m: Dictionary in doc.get(list, []):
				var text: String = m.get("description", "")
				if text.strip_edges() == "":
					continue
				var kind: String = {"properties": "property", "methods": "method", "signals": "signal",
						"constants": "constant", "theme_properties": "theme_item"}[list]
				_add(counts, {"class": cls, "member": m.name, "kind": kind}, _name_words(m.name) + " " + _name_words(cls), text)
	var total := 0
	for e in counts.size():
		for term: String in counts[e]:
			var posting: PackedInt32Array = postings.get(term, PackedInt32Array())
			posting.append(e)
			posting.append(counts[e][term])
			postings[term] = posting
		total += lengths[e]
	average = max(1.0, float(total) / max(1, counts.size()))


static func _aside(entry: Dictionary) -> bool:
	var cls: String = entry["class"]
	return cls.begins_with("Editor") or cls.ends_with("Extension") or str(entry.member).begins_with("_")


static func _add(counts: Array, entry: Dictionary, name_words: String, prose: String) -> void:
	var plain := _plain(prose)
	var terms := _terms(plain)
	var length := 0
	for t: String in terms:
		length += terms[t]
	for t: String in _terms(name_words):
		terms[t] = terms.get(t, 0) + NAME_WEIGHT
		length += NAME_WEIGHT
	entries.append(entry)
	name_terms.append(PackedStringArray(_terms(_name_words(entry.member if entry.member != "" else entry["class"])).keys()))
	counts.append(terms)
	lengths.append(length)
	snippets.append(_snippet(plain))


## Words of a text, lower-cased, stopwords out, a plural's "s" off: {word: count}.
static func _terms(text: String) -> Dictionary:
	if _split == null:
		_split = RegEx.create_from_string("[a-z0-9]+")
	var out := {}
	for m in _split.search_all(text.to_lower()):
		var w := m.get_string()
		if w.length() < 2 or w in STOPWORDS:
			continue
		if w.length() > 3 and w.ends_with("s") and not w.ends_with("ss"):
			w = w.substr(0, w.length() - 1)
		out[w] = out.get(w, 0) + 1
	return out


## "one_way_collision" → "one way collision"; "CollisionShape2D" → "collision shape 2d collisionshape2d".
static func _name_words(name: String) -> String:
	if _camel == null:
		_camel = RegEx.create_from_string("([a-z0-9])([A-Z])")
	return "%s %s" % [_camel.sub(name, "$1 $2", true).replace("_", " "), name]


## The reference's BBCode as plain words: tags out, [member x] and [Class] kept as their names.
static func _plain(text: String) -> String:
	if _markup == null:
		_markup = RegEx.create_from_string("\\[/?(?:b|i|u|code|codeblock[^\\]]*|codeblocks|gdscript[^\\]]*|csharp[^\\]]*|kbd|br|url[^\\]]*|center|lb|rb)\\]|\\[(?:member|method|signal|constant|enum|param|annotation|constructor|operator|theme_item) |\\[|\\]")
	return _markup.sub(text, " ", true).strip_edges()


## The first sentence or two, at most SNIPPET characters, on one line.
static func _snippet(plain: String) -> String:
	if _space == null:
		_space = RegEx.create_from_string("\\s+")
	var line := _space.sub(plain, " ", true).strip_edges()
	if line.length() <= SNIPPET:
		return line
	var cut := line.rfind(". ", SNIPPET)
	return line.substr(0, cut + 1) if cut > 40 else line.substr(0, SNIPPET - 1) + "…"


static func _file() -> String:
	return EditorInterface.get_editor_paths().get_cache_dir().path_join("bridge_docs_index-%s-%d.bin" % [Engine.get_version_info().string, FORMAT])


static func _write(path: String) -> void:
	var f := FileAccess.open(path + ".tmp", FileAccess.WRITE)
	if f == null:
		return  # no cache then: the next editor builds it again
	f.store_var({"entries": entries, "snippets": snippets, "lengths": lengths, "postings": postings, "average": average,
			"name_terms": name_terms})
	f.close()
	DirAccess.rename_absolute(path + ".tmp", path)


static func _read(path: String) -> bool:
	var f := FileAccess.open(path, FileAccess.READ)
	var data: Variant = f.get_var() if f != null else null
	if not data is Dictionary or not data.has("postings"):
		return false
	entries = data.entries
	snippets = data.snippets
	lengths = data.lengths
	postings = data.postings
	average = data.average
	name_terms = data.name_terms
	return true
