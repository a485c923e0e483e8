extends SceneTree
## Runs script.lint's rules (addon/commands/script/lib/gdscript_style.gd) over every addon script, the way
## `script.lint` would on one file; scripts/check-gdscript.ts copies this into its temp project and reads
## one "path:line: rule: message" line per issue. Arguments after `--`: max line length, then rules to skip.

const Style := preload("res://addons/bridge/commands/script/lib/gdscript_style.gd")
const ROOT := "res://addons/bridge"


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var max_length := int(args[0]) if args.size() > 0 else 100
	var off: Array = Array(args.slice(1))
	var files: Array[String] = []
	_collect(ROOT, files)
	var count := 0
	for f in files:
		for issue: Dictionary in Style.lint(FileAccess.get_file_as_string(f), f, max_length, off):
			print("%s:%d: %s: %s" % [f.trim_prefix(ROOT + "/"), issue.line, issue.rule, issue.message])
			count += 1
	print("linted %d scripts, %d issues" % [files.size(), count])
	quit(1 if count > 0 else 0)


func _collect(dir: String, out: Array[String]) -> void:
	for f in DirAccess.get_files_at(dir):
		if f.ends_with(".gd"):
			out.append(dir.path_join(f))
	for d in DirAccess.get_directories_at(dir):
		_collect(dir.path_join(d), out)
