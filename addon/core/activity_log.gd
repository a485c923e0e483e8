@tool
extends RefCounted
## The recent calls the router ran, newest first and bounded: method, transport and client (as the
## transport set them in core/audit_log.gd's context), duration, ok or the error. The editor dock shows them;
## recording is one small Array per call, nothing else, so it costs nothing while nobody looks.

const MAX_ENTRIES := 200

## A ring of the last MAX_ENTRIES calls: entry `_seq` sits at `(_seq - 1) % MAX_ENTRIES`, so recording
## writes one slot instead of shifting every entry (the router records every call). An entry is kept as an
## Array and made a Dictionary only when read: recording is on every call's path, reading only when the dock
## redraws.
var _entries: Array[Array] = []
var _seq := 0


## `caller` is {transport, client} captured when the call arrived (the context changes as calls interleave).
func record(method: String, caller: Dictionary, started_usec: int, error: Dictionary) -> void:
	_seq += 1
	var entry := [_seq, Time.get_unix_time_from_system(), method, caller.get("transport", ""), caller.get("client", ""),
			Time.get_ticks_usec() - started_usec, error]
	if _entries.size() < MAX_ENTRIES:
		_entries.append(entry)
	else:
		_entries[(_seq - 1) % MAX_ENTRIES] = entry


## The newest `limit` calls, newest first: {seq, time_unix, method, transport, client, duration_ms, ok, error}.
func recent(limit: int) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	for i in mini(limit, _entries.size()):
		var e: Array = _entries[(_seq - 1 - i) % MAX_ENTRIES]
		var error: Dictionary = e[6]
		out.append({"seq": e[0], "time_unix": e[1], "method": e[2], "transport": e[3], "client": e[4],
				"duration_ms": e[5] / 1000.0, "ok": error.is_empty(), "error": error.get("message", "")})
	return out


## How many calls were recorded since start (the dock redraws only when this moved).
func count() -> int:
	return _seq
