extends "unit.gd"
## game/process_info.gd: whether a pid runs and this process's whole command line, by Linux's rules (/proc)
## and by macOS's (ps, whose options Linux's procps takes too); on Windows it falls back to the engine.

const ProcessInfo := preload("res://addons/bridge/game/process_info.gd")


func test_this_process_runs_by_every_platform_rule() -> void:
	var me := OS.get_process_id()
	for os_name: String in ["Linux", "macOS"]:
		eq(ProcessInfo.pid_alive(me, os_name), true, "%s: this engine runs" % os_name)
	# Windows' rule is the engine's OS.is_process_running, which only knows the engine's own children
	for os_name: String in ["Linux", "macOS", "Windows"]:
		eq(ProcessInfo.pid_alive(0, os_name), false, "%s: pid 0 is no process" % os_name)


func test_a_finished_process_is_gone_by_the_linux_and_macos_rules() -> void:
	var out: Array = []
	# a shell that has ended by the time OS.execute returns; its pid is printed first
	OS.execute("sh", ["-c", "echo $$"], out)
	var pid := int(str(out[0]).strip_edges())
	ok(pid > 0, "the shell said its pid: %s" % out)
	eq(ProcessInfo.pid_alive(pid, "Linux"), false, "Linux: /proc has no running %d" % pid)
	eq(ProcessInfo.pid_alive(pid, "macOS"), false, "macOS: ps knows no running %d" % pid)


func test_the_whole_command_line_holds_the_engine_arguments() -> void:
	for os_name: String in ["Linux", "macOS"]:
		var args := ProcessInfo.own_cmdline(os_name)
		ok("--headless" in args, "%s: the engine's own --headless is there: %s" % [os_name, args])
		ok("--script" in args, "%s: and --script: %s" % [os_name, args])
	eq(ProcessInfo.own_cmdline("Windows"), PackedStringArray(), "Windows: none (no /proc, no ps)")
