@tool
extends "../../core/command_group.gd"
## cleanup.*: repairs after files moved or vanished. Broken references (scenes/resources naming files that
## are gone), rewriting a moved file's path everywhere, and .import files whose source is gone. Each
## reports first (dry_run / delete false) and changes files on disk only when asked; the editor rescans.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeProjectScan := preload("../../lib/project_scan.gd")


func commands() -> Array:
	return [
		{
			"method": "cleanup.broken_references",
			"summary": "Scenes and resources whose ext_resource paths name files that no longer exist (they fail to load), with a likely new home for each.",
			"params": [opt("include_addons", "bool", "Look inside addons/ too", false)],
			"example": {},
			"read_only": true,
			"returns": {"broken": [{"file": "string", "missing": "string", "candidates": ["string"]}], "count": "int"},
			"handler": _broken,
		},
		{
			"method": "cleanup.fix_references",
			"summary": "Rewrite every text reference to a moved file (scenes, resources, scripts, project.godot) from its old res:// path to the new one; dry_run lists the files first.",
			"params": [
				req("from", "string", "Old path, e.g. res://art/hero.png"),
				req("to", "string", "New path (must exist)", {"writes_path": true}),
				opt("dry_run", "bool", "Only list the files that would change", true),
				opt("include_addons", "bool", "Rewrite inside addons/ too", false),
			],
			"example": {"from": "res://scripts/old_player.gd", "to": "res://scripts/player.gd", "dry_run": true},
			"returns": {"from": "string", "to": "string", "dry_run": "bool", "files": [{"file": "string", "references": "int"}], "count": "int"},
			# files rewritten on disk (dry_run false), outside any history
			"undo": "none",
			"handler": _fix,
		},
		{
			"method": "cleanup.orphaned_imports",
			"summary": "List (or delete) .import files whose source asset is gone, left behind when assets are deleted outside the editor.",
			"params": [
				opt("delete", "bool", "Delete them (and their imported copies under .godot/imported)", false),
				opt("include_addons", "bool", "Look inside addons/ too", false),
			],
			"example": {"delete": false},
			"returns": {"orphaned": [{"import": "string", "source": "string", "imported": ["string"]}], "count": "int", "deleted": "bool"},
			# files deleted on disk, outside any history
			"undo": "none",
			"handler": _orphans,
		},
	]


func _broken(c: BridgeCall) -> Variant:
	var p := c.params
	var all := BridgeProjectScan.files("res://", p.include_addons)
	var by_name := {}
	for f: String in all:
		by_name.get_or_add(f.get_file(), []).append(f)
	var out: Array = []
	for file: String in all:
		if not file.get_extension() in ["tscn", "tres"]:
			continue
		for missing: String in BridgeProjectScan.missing_ext_resources(file):
			out.append({"file": file, "missing": missing, "candidates": by_name.get(missing.get_file(), [])})
	return {"broken": out, "count": out.size()}


func _fix(c: BridgeCall) -> Variant:
	var p := c.params
	if not p.from.begins_with("res://") or p.from == p.to:
		return c.invalid("from must be a res:// path other than to", {"param": "from"})
	if not FileAccess.file_exists(p.to):
		return c.not_found("'%s' does not exist; move the file first, then fix its references" % p.to,
				{"param": "to"})
	var pattern := RegEx.create_from_string("%s(?=[\"'\\s\\)\\]]|$)" % _escape(p.from))
	var changed: Array = []
	for file: String in BridgeProjectScan.files("res://", p.include_addons):
		if not file.get_extension() in BridgeProjectScan.TEXT_EXTS or file.get_extension() == "import":
			continue
		var text := FileAccess.get_file_as_string(file)
		var hits := pattern.search_all(text).size()
		if hits == 0:
			continue
		changed.append({"file": file, "references": hits})
		if not p.dry_run:
			var err := BridgeFileOps.write_text(file, pattern.sub(text, p.to, true))  # a script open in the editor takes it too
			if err != OK:
				return c.failed("cannot write %s: %s" % [file, error_string(err)],
						{"changed_so_far": changed})
	if not p.dry_run and not changed.is_empty():
		EditorInterface.get_resource_filesystem().scan()
	return {"from": p.from, "to": p.to, "dry_run": p.dry_run, "files": changed, "count": changed.size()}


func _orphans(c: BridgeCall) -> Variant:
	var p := c.params
	var out: Array = []
	for file: String in BridgeProjectScan.files("res://", p.include_addons):
		if file.get_extension() != "import" or FileAccess.file_exists(file.get_basename()):
			continue
		var entry := {"import": file, "source": file.get_basename(), "imported": []}
		var cfg := ConfigFile.new()
		if cfg.load(file) == OK:
			for key: String in ["path", "path.s3tc", "path.etc2", "path.bptc", "path.astc"]:
				var target := str(cfg.get_value("remap", key, ""))
				if target.begins_with("res://.godot/imported/"):
					entry.imported.append(target)
			entry.imported.append_array(Array(cfg.get_value("deps", "dest_files", [])).filter(func(d: String) -> bool:
				return d.begins_with("res://.godot/imported/") and not d in entry.imported))
		out.append(entry)
	if p.delete:
		for entry: Dictionary in out:
			for target: String in [entry.import] + entry.imported:
				if FileAccess.file_exists(target):
					DirAccess.remove_absolute(ProjectSettings.globalize_path(target))
			if FileAccess.file_exists(entry.import):
				return c.failed("could not delete %s" % entry.import)
		if not out.is_empty():
			EditorInterface.get_resource_filesystem().scan()
	return {"orphaned": out, "count": out.size(), "deleted": p.delete}


static func _escape(s: String) -> String:
	var out := ""
	for ch in s:
		out += "\\" + ch if ch in ".^$*+?()[]{}|\\/" else ch
	return out
