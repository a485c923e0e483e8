@tool
extends RefCounted
## The addon's project settings and environment overrides, registered so they show in Project
## Settings while their defaults stay out of project.godot.

const WS_PORT := "bridge/network/ws_port"
const HTTP_PORT := "bridge/network/http_port"
const MCP_HTTP := "bridge/network/mcp_http"
const HTTP_TYPED := "bridge/network/http_typed"

## The project's own command groups (core/local_commands.gd); the server checks for it at start.
const LOCAL_COMMANDS_DIR := "res://bridge_commands"

const WS_DEFAULT_PORT := 9080
const WS_LAST_PORT := 9095
const HTTP_FIRST_PORT := 9100
const HTTP_LAST_PORT := 9115

## Any script of core/: its folder locates the addon wherever it was installed.
const _CORE_ANCHOR := preload("bridge_error.gd")


static func register() -> void:
	_define(WS_PORT, TYPE_INT, 0, PROPERTY_HINT_RANGE, "0,65535")
	_define(HTTP_PORT, TYPE_INT, 0, PROPERTY_HINT_RANGE, "0,65535")
	_define(MCP_HTTP, TYPE_BOOL, true)
	_define(HTTP_TYPED, TYPE_BOOL, true)


static func _define(name: String, type: int, default: Variant, hint: int = PROPERTY_HINT_NONE, hint_string: String = "") -> void:
	if not ProjectSettings.has_setting(name):
		ProjectSettings.set_setting(name, default)
	ProjectSettings.set_initial_value(name, default)
	ProjectSettings.add_property_info({"name": name, "type": type, "hint": hint, "hint_string": hint_string})
	ProjectSettings.set_as_basic(name, true)


## A pinned port from the environment or the project setting, or 0 when the port is free to choose.
static func pinned_port(env_name: String, setting: String) -> int:
	var env := OS.get_environment(env_name)
	if env.is_valid_int():
		return env.to_int()
	return int(ProjectSettings.get_setting(setting, 0))


static func flag(setting: String) -> bool:
	return bool(ProjectSettings.get_setting(setting, true))


## The addon's own folder (res://addons/bridge in a normal install), found from this file's location so
## paths stay right if the addon is installed elsewhere. Runtime paths derive from it; preloads are relative.
static func addon_dir() -> String:
	return (_CORE_ANCHOR as Script).resource_path.get_base_dir().get_base_dir()
