@tool
extends RefCounted
## The editor's own class reference, as its help caches it (editor_doc_cache-<major>.<minor>.res in the editor
## cache dir, written a few seconds after the editor starts): the full text of this exact engine build. Read once
## and shared by engine.docs and engine.docs_search.

const WAIT_MS := 15000

## class name -> class doc Dictionary (name, inherits, brief_description, description, methods, properties, …).
static var classes := {}


## Loads the doc cache, waiting up to WAIT_MS for a just-started editor to write it; false when it never came.
static func ensure(tree: SceneTree) -> bool:
	if not classes.is_empty():
		return true
	var path := file_path()
	var give_up := Time.get_ticks_msec() + WAIT_MS
	while true:
		var res: Resource = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) if FileAccess.file_exists(path) else null
		if res != null:
			for c: Dictionary in res.get_meta("classes", []):
				classes[c.name] = c
			if not classes.is_empty():
				return true
		if Time.get_ticks_msec() > give_up:
			return false
		await tree.create_timer(0.25).timeout
	return false


static func file_path() -> String:
	var v := Engine.get_version_info()
	return EditorInterface.get_editor_paths().get_cache_dir().path_join("editor_doc_cache-%d.%d.res" % [v.major, v.minor])
