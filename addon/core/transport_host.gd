@tool
extends RefCounted
## What a transport sees of the server (transport/README.md): the router it dispatches messages to, the
## greeting it sends a new client, and where it reports clients' activity and a port that moved. The server
## (core/bridge_server.gd) makes one and hands it to every transport; a transport never holds the server
## itself, and only the server writes the discovery file.

const BridgeRouter := preload("router.gd")

## Runs the messages: `router.dispatch(method, params, context)`; the MCP endpoint also lists commands from it.
var router: BridgeRouter
var _hello: Callable
var _started: Callable
var _finished: Callable
var _touch: Callable
var _port_changed: Callable


func _init(p_router: BridgeRouter, on_hello: Callable, on_started: Callable, on_finished: Callable, on_touch: Callable,
		on_port_changed: Callable) -> void:
	router = p_router
	_hello = on_hello
	_started = on_started
	_finished = on_finished
	_touch = on_touch
	_port_changed = on_port_changed


## This editor's identity for a new client (the discovery file's fields).
func hello() -> Dictionary:
	return _hello.call()


## A request started; every call_started() is paired with a call_finished(). Keeps the editor loop fast.
func call_started() -> void:
	_started.call()


func call_finished() -> void:
	_finished.call()


## A client connected or is otherwise active (the editor loop runs fast for a while).
func touch() -> void:
	_touch.call()


## The transport's port changed while the editor runs (a setting was changed): the server rewrites the
## discovery file.
func port_changed() -> void:
	_port_changed.call()
