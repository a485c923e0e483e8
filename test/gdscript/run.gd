extends SceneTree
## Runs the GDScript unit tests of the addon's pure modules headless, without an editor:
## scripts/test-gdscript.sh puts the addon at res://addons/bridge and these files at res://tests/, then
## runs `godot --headless --script res://tests/run.gd`. Every `test_*` method of every `test_*.gd` file
## runs on a fresh instance; the exit code is the number of failed tests (0: all passed).


func _init() -> void:
	var failed := 0
	var passed := 0
	var files := Array(DirAccess.get_files_at("res://tests")).filter(
			func(f: String) -> bool: return f.begins_with("test_") and f.ends_with(".gd"))
	files.sort()
	for file: String in files:
		var script: GDScript = load("res://tests/" + file)
		if script == null:
			printerr("FAIL %s: does not load" % file)
			failed += 1
			continue
		for method: Dictionary in script.get_script_method_list():
			var name: String = method.name
			if not name.begins_with("test_"):
				continue
			var suite: RefCounted = script.new()
			suite.call(name)
			var problems: Array = suite.get("failures")
			if problems.is_empty():
				passed += 1
				print("  ok   %s %s" % [file.get_basename(), name])
			else:
				failed += 1
				printerr("  FAIL %s %s\n       %s" % [file.get_basename(), name, "\n       ".join(PackedStringArray(problems))])
	print("gdscript unit tests: %d passed, %d failed" % [passed, failed])
	quit(mini(failed, 100))
