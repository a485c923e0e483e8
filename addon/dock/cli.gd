@tool
extends RefCounted
## Runs the `bridge` CLI for the editor dock without blocking the editor: the dock's configure buttons do
## exactly what `bridge configure` does (same merge rules, same refusals) because they run it. Found as
## BRIDGE_CLI, the project's node_modules/.bin/bridge, or `bridge` on PATH. poll() each frame or tick;
## `done` is emitted once with the exit code and the whole output.

signal done(exit_code: int, stdout: String, stderr: String)

var _pid := 0
var _stdio: FileAccess
var _stderr: FileAccess
var _out := PackedByteArray()
var _err := PackedByteArray()


## The CLI's path, or "" when none is found. npm's Windows shim is bridge.cmd, and Windows' PATH is split
## by ';' (a drive letter holds the ':').
static func find(os_name: String = OS.get_name()) -> String:
	var pinned := OS.get_environment("BRIDGE_CLI")
	if pinned != "":
		return pinned if FileAccess.file_exists(pinned) else ""
	var windows := os_name == "Windows"
	var name := "bridge.cmd" if windows else "bridge"
	var local := ProjectSettings.globalize_path("res://node_modules/.bin/" + name)
	if FileAccess.file_exists(local):
		return local
	for dir in OS.get_environment("PATH").split(";" if windows else ":", false):
		if FileAccess.file_exists(dir.path_join(name)):
			return dir.path_join(name)
	return ""


func running() -> bool:
	return _pid != 0


## Starts `bridge <args>`; false (and nothing started) when no CLI is found or one run is still going.
func start(args: PackedStringArray) -> bool:
	var path := find()
	if path == "" or running():
		return false
	var proc := OS.execute_with_pipe(path, args, false)
	if proc.is_empty():
		return false
	_pid = proc.pid
	_stdio = proc.stdio
	_stderr = proc.stderr
	_out.clear()
	_err.clear()
	return true


func poll() -> void:
	if not running():
		return
	_drain()
	if OS.is_process_running(_pid):
		return
	_drain()
	var code := OS.get_process_exit_code(_pid)
	_pid = 0
	_stdio = null
	_stderr = null
	done.emit(code, _out.get_string_from_utf8(), _err.get_string_from_utf8())


func _drain() -> void:
	_out.append_array(_read(_stdio))
	_err.append_array(_read(_stderr))


## What the pipe holds now (it never waits: the pipes were opened non-blocking).
static func _read(pipe: FileAccess) -> PackedByteArray:
	var got := PackedByteArray()
	while pipe and pipe.is_open():
		var chunk := pipe.get_buffer(65536)
		if chunk.is_empty():
			break
		got.append_array(chunk)
	return got
