@tool
extends "../../core/command_group.gd"
## export.templates / export.run: whether this machine can export, and a headless export of a preset by
## a second Godot process (the same binary as this editor) — a full build, or a .pck/.zip pack, which
## needs no templates. A build without its templates is refused before anything runs, saying what is missing.

const BridgeCallContext := preload("../../core/call_context.gd")
const BridgePresets := preload("lib/export_presets.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")

const EXPORT_LIMIT_MS := 300_000
const MODES := {"release": "--export-release", "debug": "--export-debug", "pack": "--export-pack"}


func commands() -> Array:
	return [
		{
			"method": "export.templates",
			"summary": "Export templates for this editor's version: the folder they go in, whether it exists, and which platform files are there.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"dir": "string", "installed": "bool", "files": ["string"], "platforms": "Dictionary", "version": "string"},
			"handler": _templates,
		},
		{
			"method": "export.run",
			"summary": "Export a preset headlessly: mode release/debug builds the game (needs the platform's export templates; refused with what is missing), pack writes a .pck/.zip of the project's resources.",
			"params": [
				req("preset", "string", "Preset name (export.presets lists them)"),
				req("output", "string", "File to write, e.g. user://exports/game.pck (res:// or user://)", {"writes_path": true}),
				choice("mode", MODES.keys(), "release, debug, or pack (.pck or .zip of the resources, no templates needed)", "release"),
			],
			"example": {"preset": "Linux", "output": "user://exports/game.pck", "mode": "pack"},
			"example_setup": [BridgePresets.SETUP_PRESET],
			"timeout_ms": EXPORT_LIMIT_MS + 20_000,
			"returns": {"preset": "string", "mode": "string", "output": "string", "path": "string", "bytes": "int",
					"exit_code": "int", "duration_ms": "int", "replaced": "bool", "files?": ["string"]},
			# writes the output file; nothing in the project changes
			"undo": "none",
			"handler": _run,
		},
	]


func _templates(_c: BridgeCall) -> Variant:
	var dir := BridgePresets.templates_dir()
	var platforms := {}
	for platform: String in BridgePresets.TEMPLATES:
		var files: Array = []
		for build: String in ["debug", "release"]:
			var file: String = BridgePresets.TEMPLATES[platform][build]
			file = file % "x86_64" if file.contains("%s") else file
			if not file in files:
				files.append(file)
		platforms[platform] = files.all(func(f: String) -> bool: return FileAccess.file_exists(dir.path_join(f)))
	var present: Array = Array(DirAccess.get_files_at(dir)) if DirAccess.dir_exists_absolute(dir) else []
	return {"dir": dir, "installed": DirAccess.dir_exists_absolute(dir), "files": present, "platforms": platforms,
			"version": Engine.get_version_info().string}


func _run(c: BridgeCall) -> Variant:
	var p := c.params
	var context: RefCounted = c.context  # elapsed time as progress; a cancel stops the export process
	var cfg: Variant = BridgePresets.load_file()
	if cfg is BridgeError:
		return cfg
	var s: Variant = BridgePresets.find(cfg, p.preset)
	if s is BridgeError:
		return s
	var output: String = p.output
	var ext := output.get_extension().to_lower()
	if p.mode == "pack" and not ext in ["pck", "zip"]:
		return c.invalid("a pack is written as .pck or .zip, not '%s'" % output.get_file(), {"param": "output"})
	if p.mode != "pack":
		var template := BridgePresets.template_for(cfg, s, p.mode)
		if template == "" or not FileAccess.file_exists(template):
			return c.failed(("cannot build '%s' (%s, %s): the export template %s is not installed on this machine " +
					"(export templates for Godot %s go in %s). Install them with Editor > Manage Export Templates, point the " +
					"preset's custom_template/%s option at a template file, or export a resource pack with mode: pack, " +
					"which needs no templates.") % [p.preset, cfg.get_value(s, "platform", ""), p.mode, template if template != "" else
					"for this platform", Engine.get_version_info().string, BridgePresets.templates_dir(), p.mode],
					{"missing": template, "templates_dir": BridgePresets.templates_dir(), "platform": cfg.get_value(s, "platform", "")})
	var out_abs := ProjectSettings.globalize_path(output)
	DirAccess.make_dir_recursive_absolute(out_abs.get_base_dir())
	var log_abs := ProjectSettings.globalize_path("user://bridge_export.log")
	var before := FileAccess.get_modified_time(out_abs) if FileAccess.file_exists(out_abs) else 0
	DirAccess.remove_absolute(out_abs)
	var args := ["--headless", "--path", ProjectSettings.globalize_path("res://"), "--log-file", log_abs, MODES[p.mode], p.preset, out_abs]
	var started := Time.get_ticks_msec()
	var pid := OS.create_process(OS.get_executable_path(), args)
	if pid <= 0:
		return c.failed("could not start %s" % OS.get_executable_path())
	while OS.is_process_running(pid) and Time.get_ticks_msec() - started < EXPORT_LIMIT_MS:
		if context != null and context.cancelled:
			OS.kill(pid)
			DirAccess.remove_absolute(out_abs)  # never a half-written export
			return c.cancelled_error("the export process was stopped and no %s was written" % output)
		if context != null:
			var ms := Time.get_ticks_msec() - started
			context.progress(ms / 1000.0, -1.0, "exporting '%s': %d s" % [p.preset, floori(ms / 1000.0)])
		await server.get_tree().create_timer(0.1).timeout
	if OS.is_process_running(pid):
		OS.kill(pid)
		return c.error(BridgeError.TIMEOUT, "the export did not finish within %d s and was stopped" % (EXPORT_LIMIT_MS / 1000.0))
	var code := OS.get_process_exit_code(pid)
	var log_text := FileAccess.get_file_as_string(log_abs)
	var errors: Array = Array(log_text.split("\n")).filter(func(l: String) -> bool: return l.begins_with("ERROR") or l.contains("SCRIPT ERROR"))
	if code != 0 or not FileAccess.file_exists(out_abs):
		return c.failed("exporting '%s' failed (exit code %d)%s" % [p.preset, code,
				": " + errors[0] if not errors.is_empty() else ""], {"exit_code": code, "errors": errors.slice(0, 20),
				"log": log_text.right(4000)})
	var out := {"preset": p.preset, "mode": p.mode, "output": output, "path": out_abs, "bytes": FileAccess.open(out_abs, FileAccess.READ).get_length(),
			"exit_code": code, "duration_ms": Time.get_ticks_msec() - started, "replaced": before > 0}
	if ext in ["pck", "zip"]:
		out["files"] = _pack_files(out_abs, ext)
	return out


## The files inside an exported pack (res:// paths), to check what went in.
func _pack_files(path: String, ext: String) -> Array:
	if ext == "zip":
		var zip := ZIPReader.new()
		if zip.open(path) != OK:
			return []
		var files := Array(zip.get_files())
		zip.close()
		return files
	return []  # a .pck's directory is read by the engine only when mounted; its size says it was written
