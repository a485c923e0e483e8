@tool
extends RefCounted
## res://export_presets.cfg as the export.* commands use it ([preset.N] sections and their options), and
## where this editor's export templates live and which files each platform needs from them.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeParams := preload("../../../core/params.gd")

const FILE := "res://export_presets.cfg"
const PLATFORMS := ["Linux", "Windows Desktop", "macOS", "Web", "Android", "iOS"]
const FILTERS := ["all_resources", "scenes", "resources", "exclude"]
## One preset in results (to_json): its fields (these and the rest of the file's) and its options.
const PRESET := {"name": "string", "platform": "string", "runnable": "bool", "export_path": "string",
		"export_filter": "string", "options": "Dictionary"}
## example_setup for the export examples: export.preset_add's example (the Linux preset they name).
const SETUP_PRESET := {"method": "export.preset_add", "params": {"name": "Linux", "platform": "Linux",
		"path": "build/linux/game.x86_64", "exclude_filter": "test/*"}}
## The template file each platform needs, per build; %s is the architecture where it matters.
const TEMPLATES := {
	"Linux": {"debug": "linux_debug.%s", "release": "linux_release.%s"},
	"Windows Desktop": {"debug": "windows_debug_%s.exe", "release": "windows_release_%s.exe"},
	"macOS": {"debug": "macos.zip", "release": "macos.zip"},
	"Web": {"debug": "web_nothreads_debug.zip", "release": "web_nothreads_release.zip"},
	"Android": {"debug": "android_debug.apk", "release": "android_release.apk"},
	"iOS": {"debug": "ios.zip", "release": "ios.zip"},
}


## The presets file parsed (empty when there is none), or a BridgeError when it does not parse.
static func load_file() -> Variant:
	var cfg := ConfigFile.new()
	if not FileAccess.file_exists(FILE):
		return cfg
	var err := cfg.load(FILE)
	if err != OK:
		return BridgeError.failed("%s does not parse: %s" % [FILE, error_string(err)], {"path": FILE})
	return cfg


## Section names of the presets, in order: ["preset.0", "preset.1", …].
static func sections(cfg: ConfigFile) -> Array:
	var out: Array = []
	var i := 0
	while cfg.has_section("preset.%d" % i):
		out.append("preset.%d" % i)
		i += 1
	return out


## The section of the preset named `name`, or NOT_FOUND listing the presets.
static func find(cfg: ConfigFile, name: String) -> Variant:
	var names: Array = []
	for s: String in sections(cfg):
		if cfg.get_value(s, "name", "") == name:
			return s
		names.append(cfg.get_value(s, "name", ""))
	var guess := BridgeParams.did_you_mean(name, names)
	return BridgeError.not_found("no export preset named '%s'%s; presets: %s" % [name,
			" (did you mean '%s'?)" % guess if guess != "" else "", ", ".join(PackedStringArray(names)) if not names.is_empty() else
			"none (export.preset_add makes one)"], {"name": name, "suggestion": guess})


## One preset as JSON: its fields and options.
static func to_json(cfg: ConfigFile, section: String) -> Dictionary:
	var out := {}
	for key in cfg.get_section_keys(section):
		out[key] = cfg.get_value(section, key)
	var options := {}
	if cfg.has_section(section + ".options"):
		for key in cfg.get_section_keys(section + ".options"):
			options[key] = cfg.get_value(section + ".options", key)
	out["options"] = options
	return out


## The folder this editor looks in for export templates of its own version.
static func templates_dir() -> String:
	var v := Engine.get_version_info()
	var number := "%d.%d" % [v.major, v.minor] + (".%d" % v.patch if v.patch > 0 else "")
	return EditorInterface.get_editor_paths().get_data_dir().path_join("export_templates").path_join("%s.%s" % [number, v.status])


## The template file a preset's build needs (its custom template when it names one), absolute.
static func template_for(cfg: ConfigFile, section: String, build: String) -> String:
	var custom: String = cfg.get_value(section + ".options", "custom_template/" + build, "")
	if custom != "":
		return ProjectSettings.globalize_path(custom)
	var platform: String = cfg.get_value(section, "platform", "")
	if not TEMPLATES.has(platform):
		return ""
	var file: String = TEMPLATES[platform][build]
	if file.contains("%s"):
		file = file % cfg.get_value(section + ".options", "binary_format/architecture", "x86_64")
	return templates_dir().path_join(file)
