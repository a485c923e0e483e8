@tool
extends Node
## Owns the router, the transports and the discovery file for the editor's lifetime.

const Router := preload("router.gd")
const Settings := preload("settings.gd")
const Discovery := preload("discovery.gd")
const GroupLoader := preload("group_loader.gd")
const LocalCommands := preload("local_commands.gd")
## Every transport, in start order; each follows the contract in transport/README.md. The first one
## is required: without it no client can reach the editor, so nothing is advertised.
const TRANSPORTS: Array[Script] = [
	preload("../transport/ws/server.gd"),
	preload("../transport/http/server.gd"),
]

## About 1 ms per editor frame instead of 6.9 ms: commands answer in ~1 ms for ~6 % of a core.
const LOOP_SLEEP_USEC := 1000

var plugin: EditorPlugin
var router: RefCounted = Router.new()
var discovery: RefCounted = Discovery.new()
var transports: Array[RefCounted] = []
## The project's own groups (res://bridge_commands/), reloaded live as the files change.
var local_commands: RefCounted
var _stopped := false


func _ready() -> void:
	Settings.register()
	OS.low_processor_usage_mode_sleep_usec = LOOP_SLEEP_USEC
	GroupLoader.register_all(router, self)
	local_commands = LocalCommands.new(router, self)
	local_commands.sync()
	for script in TRANSPORTS:
		var transport: RefCounted = script.new(router, self)
		if transport.listen() != OK and transports.is_empty():
			return  # the transport already said why
		transports.append(transport)
	discovery.info.ws_port = transport_port("ws")
	discovery.info.http_port = transport_port("http")
	discovery.write()
	print("bridge: listening on ws://127.0.0.1:%d (http %d) for %s" % [discovery.info.ws_port, discovery.info.http_port,
			discovery.info.project_root])


## The port a transport is bound to, 0 when it is off or absent.
func transport_port(transport_name: String) -> int:
	for transport in transports:
		if transport.name() == transport_name:
			return transport.port
	return 0


func _process(_delta: float) -> void:
	local_commands.poll()
	for transport in transports:
		transport.poll()


## Identity sent to every client on connect.
func hello() -> Dictionary:
	return discovery.info


func shutdown() -> void:
	if _stopped:
		return
	_stopped = true
	for transport in transports:
		transport.stop()
	discovery.remove()


func _exit_tree() -> void:
	shutdown()
