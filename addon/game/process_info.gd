@tool
extends RefCounted
## What the editor and its games learn about processes without touching them, per platform: Linux reads
## /proc, macOS asks ps, Windows has neither (no zombies there, and no readable command line of our own
## without a slow PowerShell call). The OS name is a parameter so the GDScript unit tests run the macOS
## rules on Linux, whose ps takes the same options.

## How long a macOS answer from ps is reused: the game link asks every editor frame while a call waits,
## and each ps is a process start on the editor's main thread.
const PS_REUSE_MS := 200

static var _ps_answers: Dictionary = {}


## Whether process `pid` still runs, without reaping it. OS.is_process_running() waits on the child
## (waitpid) on Linux and macOS, which takes the game's exit from the editor's own run bar: the editor then
## logs "Thread N exited with errno: 10" and may see the NEXT game as stopped. /proc (Linux) and ps
## (macOS) tell without touching the child; a zombie (state Z) has exited and waits for the editor to
## reap it. On Windows OS.is_process_running() only reads the exit code.
static func pid_alive(pid: int, os_name: String = OS.get_name()) -> bool:
	if pid <= 0:
		return false
	if os_name == "Linux":
		return _linux_alive(pid)
	if os_name == "macOS":
		return _ps_alive(pid)
	return OS.is_process_running(pid)


## This process's whole command line, engine arguments included (OS.get_cmdline_args() drops the ones
## the engine consumed); empty where neither /proc nor ps can tell (Windows).
static func own_cmdline(os_name: String = OS.get_name()) -> PackedStringArray:
	if os_name == "Linux":
		var f := FileAccess.open("/proc/self/cmdline", FileAccess.READ)
		return _split_nul(f.get_buffer(65536)) if f != null else PackedStringArray()
	if os_name == "macOS":
		var out: Array = []
		if OS.execute("ps", ["-ww", "-o", "args=", "-p", str(OS.get_process_id())], out) != 0 or out.is_empty():
			return PackedStringArray()
		return str(out[0]).strip_edges().split(" ", false)  # the arguments bridge reads hold no spaces
	return PackedStringArray()


static func _linux_alive(pid: int) -> bool:
	var stat_path := "/proc/%d/stat" % pid
	if not FileAccess.file_exists(stat_path):
		return false
	var stat := FileAccess.open(stat_path, FileAccess.READ)
	if stat == null:
		return false
	var line := stat.get_line()  # pid (comm) state ...: the state follows the last ')'
	var state := line.substr(line.rfind(")") + 2, 1)
	return state != "Z" and state != "X"


static func _ps_alive(pid: int) -> bool:
	var now := Time.get_ticks_msec()
	var cached: Array = _ps_answers.get(pid, [])
	if not cached.is_empty() and now - int(cached[0]) < PS_REUSE_MS:
		return cached[1]
	var out: Array = []
	# ps exits 1 for a pid it does not know; its stat column starts with Z for a zombie
	var state := str(out[0]).strip_edges() if OS.execute("ps", ["-o", "stat=", "-p", str(pid)], out) == 0 and not out.is_empty() else ""
	var alive := state != "" and not state.begins_with("Z")
	if _ps_answers.size() > 64:
		_ps_answers.clear()
	_ps_answers[pid] = [now, alive]
	return alive


static func _split_nul(bytes: PackedByteArray) -> PackedStringArray:
	var out := PackedStringArray()
	var start := 0
	for i in bytes.size():
		if bytes[i] == 0:
			out.append(bytes.slice(start, i).get_string_from_utf8())
			start = i + 1
	return out
