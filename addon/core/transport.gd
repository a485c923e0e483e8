@tool
extends RefCounted
## The transport contract of transport/README.md as a type: every transport extends this, and
## core/bridge_server.gd holds them as it, so a transport missing a member, or the server calling one the
## contract does not have, is a parse error rather than a failure when the editor starts.

## Every transport is made with `new(host)`: the narrow view of the server it needs (dispatch through its
## router, report clients), never the server itself.
const BridgeTransportHost := preload("../core/transport_host.gd")

## The bound port, 0 when not listening (read through _bound_port(), which a transport overrides).
var port: int:
	get:
		return _bound_port()


## "ws", "http", ...: the key of the transport's port in the discovery file.
func name() -> String:
	return ""


## Binds from the transport's own settings; OK (also when it is switched off, port 0) or the bind error.
func listen() -> int:
	return ERR_UNAVAILABLE


## Called every editor frame; never blocks on a socket.
func poll() -> void:
	pass


## Closes every connection and the listener.
func stop() -> void:
	pass


## Who is connected: [{transport, client, since_unix}] (the editor dock lists them); nobody by default.
func clients() -> Array:
	return []


func _bound_port() -> int:
	return 0
