@tool
extends Node
## Owns the router, the transports and the discovery file for the editor's lifetime: the only writer of the
## discovery file. Transports see it through core/transport_host.gd (dispatch, report a client), never whole.

const BridgeRouter := preload("router.gd")
const BridgeSettings := preload("settings.gd")
const BridgeDiscovery := preload("discovery.gd")
const BridgeEditorStartup := preload("editor_startup.gd")
const BridgeGroupLoader := preload("group_loader.gd")
const BridgeDeclarationCache := preload("declaration_cache.gd")
const BridgeStartPhases := preload("start_phases.gd")
## The project's own groups (core/local_commands.gd), loaded at start only when the project has their folder;
## else in the first idle frame after DEFERRED_LOAD_AFTER_MS, from when on it notices the folder appearing.
const LOCAL_COMMANDS := "core/local_commands.gd"
const BridgeOutputLog := preload("output_log.gd")
## Reads the games' output into the log (editor.errors, runtime.errors); made in the first idle frame after
## DEFERRED_LOAD_AFTER_MS (no game runs before then; it reads a game's file from its start whenever it comes),
## or by the first command that asks for it.
const GAME_OUTPUT := "lib/game_output.gd"
const BridgeTransport := preload("transport.gd")
const BridgeTransportHost := preload("transport_host.gd")
## Every transport (paths under the addon), in start order; each follows the contract in transport/README.md.
## The first one is required: without it no client can reach the editor, so nothing is advertised. Loaded by
## path: core/ preloads no transport (transports stand on core/, not the other way round).
const TRANSPORTS: Array[String] = ["transport/ws/server.gd", "transport/http/server.gd"]

## While clients are busy: about 1 ms per editor frame instead of 6.9 ms, so commands answer in ~1 ms
## for ~6 % of a core. Otherwise the editor keeps its own value and costs nothing extra while idle.
const LOOP_SLEEP_USEC := 1000
## Group scripts known from the declaration cache load in idle frames from this long after the editor's first
## frame (its own start-up frames, and a client's first calls, stay undisturbed), one script per frame. Counted
## from the first frame, not from start: on a busy machine the start alone can take longer than this.
const DEFERRED_LOAD_AFTER_MS := 1000
## How long after the last request (or connection) the fast loop is kept: an agent's next call usually
## follows within this window; the first call after a pause waits at most one slow frame (~7 ms).
const ACTIVE_WINDOW_MS := 2000
## Within one editor frame, the transports are polled again while read requests keep arriving and are
## answered at once (a client with many calls in flight sends its next ones as the replies reach it), for at
## most this long: one editor frame (and its sleep) per burst instead of one per burst's answers.
const DRAIN_BUDGET_USEC := 3000
## How long the drain waits for the next request after the last one arrived before the frame goes on;
## checked every DRAIN_STEP_USEC, sleeping between checks so the client (on the same machine) gets the CPU.
const DRAIN_IDLE_USEC := 500
const DRAIN_STEP_USEC := 250

var plugin: EditorPlugin
var router: BridgeRouter = BridgeRouter.new()
var discovery: BridgeDiscovery = BridgeDiscovery.new()
var transports: Array[BridgeTransport] = []
## The project's own groups (res://bridge_commands/), reloaded live as the files change.
var local_commands: RefCounted  # core/local_commands.gd; null until made
var _stopped := false
var _editor_sleep_usec := OS.low_processor_usage_mode_sleep_usec
var _pending_calls := 0
var _started_calls := 0
var _last_activity_msec := -ACTIVE_WINDOW_MS
var _first_frame_msec := -1
var _late_started := false


func _ready() -> void:
	BridgeStartPhases.mark("server_ready_begin")
	BridgeSettings.register()
	BridgeOutputLog.of(self)  # from the start: refusals quote what the engine logged while a value was set
	BridgeGroupLoader.register_all(router, self)
	BridgeStartPhases.mark("groups_registered")
	if DirAccess.dir_exists_absolute(BridgeSettings.LOCAL_COMMANDS_DIR):
		_start_local_commands()
	var host := BridgeTransportHost.new(router, hello, call_started, call_finished, touch, _write_ports)
	for path in TRANSPORTS:
		var script := load(BridgeSettings.addon_dir().path_join(path)) as GDScript
		var made: Object = script.new(host)
		var transport := made as BridgeTransport
		if transport.listen() != OK and transports.is_empty():
			return  # the transport already said why
		transports.append(transport)
	BridgeStartPhases.mark("transports_bound")
	BridgeEditorStartup.watch()
	# clients may connect now; `ready` turns true once the editor's own start-up work is over (core/editor_startup.gd)
	discovery.info.ready = BridgeEditorStartup.poll()
	BridgeStartPhases.mark("discovery_written")
	BridgeStartPhases.into(discovery.info)
	_write_ports()
	print("bridge: listening on ws://127.0.0.1:%d (http %d) for %s" % [discovery.info.ws_port, discovery.info.http_port,
			discovery.info.project_root])


## Writes every transport's current port into the discovery file (at start, and when a transport's port moves).
func _write_ports() -> void:
	discovery.info.ws_port = transport_port("ws")
	discovery.info.http_port = transport_port("http")
	discovery.write()


## The port a transport is bound to, 0 when it is off or absent.
func transport_port(transport_name: String) -> int:
	for transport in transports:
		if transport.name() == transport_name:
			return transport.port
	return 0


## Registers the project's own groups and keeps them in step with their folder from now on.
func _start_local_commands() -> void:
	local_commands = (load(BridgeSettings.addon_dir().path_join(LOCAL_COMMANDS)) as GDScript).new(router, self)
	local_commands.call("sync")


func _process(_delta: float) -> void:
	if local_commands != null:
		local_commands.call("poll")
	if _first_frame_msec < 0:
		BridgeStartPhases.mark("first_frame")
	if not discovery.info.get("ready", true) and BridgeEditorStartup.poll():
		discovery.info.ready = true
		BridgeStartPhases.mark("ready_written")
		BridgeStartPhases.into(discovery.info)
		discovery.write()
		BridgeDeclarationCache.finish_startup()
	_drain()
	if _first_frame_msec < 0:
		_first_frame_msec = Time.get_ticks_msec()
	var late := Time.get_ticks_msec() - _first_frame_msec > DEFERRED_LOAD_AFTER_MS
	if late and not _late_started:
		_late_started = true
		(load(BridgeSettings.addon_dir().path_join(GAME_OUTPUT)) as GDScript).call("of", self)
		if local_commands == null:
			_start_local_commands()
	elif late and _pending_calls == 0 and not router.warm_next():
		router.registry.load_next_deferred()
	var busy := _pending_calls > 0 or Time.get_ticks_msec() - _last_activity_msec < ACTIVE_WINDOW_MS
	var wanted := LOOP_SLEEP_USEC if busy else _editor_sleep_usec
	if OS.low_processor_usage_mode_sleep_usec != wanted:
		OS.low_processor_usage_mode_sleep_usec = wanted


## Polls every transport; while that brought only reads (commands declared read_only) that were all answered
## within the poll, polls again for more, up to DRAIN_BUDGET_USEC. A request still waiting (a command that
## awaits a frame, a signal) ends the drain: it resumes in the editor's frames, as before. So does a command
## that may change something: what it left for the frame's end (a node freed, a deferred call) is done before
## the next request is read, as with one poll per frame. Each poll reads a connection's messages in arrival
## order, as one poll per frame did.
func _drain() -> void:
	var start := Time.get_ticks_usec()
	var last_arrival := start
	var now := start
	while true:
		var started := _started_calls
		var pending := _pending_calls
		var writes := router.writes_started
		for transport in transports:
			transport.poll()
		now = Time.get_ticks_usec()
		if _pending_calls > pending or router.writes_started > writes:
			return  # a command waits for a later frame, or may have left work for this frame's end
		if _started_calls > started:
			last_arrival = now
		elif now - last_arrival >= DRAIN_IDLE_USEC or last_arrival == start:
			return  # nothing arrived for a while (or nothing at all this frame)
		if now - start >= DRAIN_BUDGET_USEC:
			return
		OS.delay_usec(DRAIN_STEP_USEC)


## Transports report each request (and new connection) here, so the editor loop runs fast only while
## clients are busy. Every call_started() is paired with a call_finished().
func call_started() -> void:
	_started_calls += 1
	_pending_calls += 1
	touch()


func call_finished() -> void:
	_pending_calls = maxi(0, _pending_calls - 1)
	_last_activity_msec = Time.get_ticks_msec()


func touch() -> void:
	_last_activity_msec = Time.get_ticks_msec()
	if OS.low_processor_usage_mode_sleep_usec != LOOP_SLEEP_USEC:
		OS.low_processor_usage_mode_sleep_usec = LOOP_SLEEP_USEC


## Who is connected, over every transport that can tell: [{transport, client, since_unix}] (the editor dock).
func clients() -> Array:
	var out: Array = []
	for transport in transports:
		out.append_array(transport.clients())
	return out


## Identity sent to every client on connect.
func hello() -> Dictionary:
	return discovery.info


## Stops serving. `closing`: the editor itself is closing (not the plugin being disabled), so bridge's own
## files leave the project too.
func shutdown(closing: bool = false) -> void:
	if _stopped:
		return
	_stopped = true
	for transport in transports:
		transport.stop()
	OS.low_processor_usage_mode_sleep_usec = _editor_sleep_usec
	if closing:
		discovery.remove_all()
	else:
		discovery.remove()


func _exit_tree() -> void:
	shutdown()
