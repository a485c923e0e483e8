@tool
extends Node
## Owns the router, the transports and the discovery file for the editor's lifetime.

const Router := preload("res://addons/bridge/core/router.gd")
const Settings := preload("res://addons/bridge/core/settings.gd")
const Discovery := preload("res://addons/bridge/core/discovery.gd")
const WsServer := preload("res://addons/bridge/core/ws_server.gd")
const Registry := preload("res://addons/bridge/commands/registry.gd")

## About 1 ms per editor frame instead of 6.9 ms: commands answer in ~1 ms for ~6 % of a core.
const LOOP_SLEEP_USEC := 1000

var plugin: EditorPlugin
var router: RefCounted = Router.new()
var discovery: RefCounted = Discovery.new()
var ws: RefCounted
var http: RefCounted
var _stopped := false


func _ready() -> void:
	Settings.register()
	OS.low_processor_usage_mode_sleep_usec = LOOP_SLEEP_USEC
	Registry.register_all(router, self)
	ws = WsServer.new(router, hello)
	var pinned := Settings.pinned_port("BRIDGE_WS_PORT", Settings.WS_PORT)
	var err: int = ws.listen(pinned, Settings.WS_DEFAULT_PORT, Settings.WS_LAST_PORT)
	if err != OK:
		push_error("bridge: cannot listen on 127.0.0.1:%s (%s); set %s or BRIDGE_WS_PORT to a free port" % [
				pinned if pinned > 0 else "9080-9095", error_string(err), Settings.WS_PORT])
		return
	discovery.info.ws_port = ws.port
	_start_http()
	discovery.write()
	print("bridge: listening on ws://127.0.0.1:%d (http %d) for %s" % [ws.port, discovery.info.http_port, discovery.info.project_root])


## The HTTP MCP endpoint is optional: its transport file may be absent in a trimmed install.
func _start_http() -> void:
	var path := "res://addons/bridge/core/http_server.gd"
	if not Settings.flag(Settings.MCP_HTTP) or not ResourceLoader.exists(path):
		return
	http = load(path).new(router, self)
	var pinned := Settings.pinned_port("BRIDGE_MCP_HTTP_PORT", Settings.HTTP_PORT)
	if http.listen(pinned, Settings.HTTP_FIRST_PORT, Settings.HTTP_LAST_PORT) == OK:
		discovery.info.http_port = http.port
	else:
		push_error("bridge: HTTP MCP endpoint could not bind (tried %s)" % [pinned if pinned > 0 else "9100-9115"])
		http = null


func _process(_delta: float) -> void:
	if ws:
		ws.poll()
	if http:
		http.poll()


## Identity sent to every client on connect.
func hello() -> Dictionary:
	return discovery.info


func shutdown() -> void:
	if _stopped:
		return
	_stopped = true
	if ws:
		ws.stop()
	if http:
		http.stop()
	discovery.remove()


func _exit_tree() -> void:
	shutdown()
