@tool
extends RefCounted
## Who may talk to the HTTP endpoint: pure checks of the `Origin` and `Host` headers against loopback.
## Addresses are parsed as addresses (127.0.0.0/8, ::1, ::ffff:127.x.x.x), never matched as string
## prefixes, so `127.0.0.1.evil.example` is a foreign name. Anything ambiguous is refused.


## An absent Origin is served (not a browser); otherwise only http(s)://<loopback>[:port], exactly.
static func origin_allowed(origin: String) -> bool:
	var sep := origin.find("://")
	if sep <= 0:
		return false  # includes "null" (sandboxed frames, file:// pages)
	var scheme := origin.substr(0, sep).to_lower()
	if scheme != "http" and scheme != "https":
		return false
	var authority := origin.substr(sep + 3)
	for bad: String in ["/", "?", "#", "@", "\\", " ", ","]:
		if authority.contains(bad):
			return false  # a serialized origin has no path, query, fragment, user info or list
	return authority_is_loopback(authority)


## The Host header must name this machine, or a DNS-rebound page could pass for a local one.
static func host_allowed(host: String) -> bool:
	return authority_is_loopback(host)


## `host[:port]` or `[v6][:port]` whose host is localhost or a loopback address.
static func authority_is_loopback(authority: String) -> bool:
	var host := authority
	var port := ""
	if authority.begins_with("["):
		var close := authority.find("]")
		if close < 0:
			return false
		host = authority.substr(0, close + 1)
		var rest := authority.substr(close + 1)
		if rest != "":
			if not rest.begins_with(":"):
				return false
			port = rest.substr(1)
			if not _valid_port(port):
				return false
	elif authority.count(":") == 1:
		var parts := authority.split(":")
		host = parts[0]
		port = parts[1]
		if not _valid_port(port):
			return false
	elif authority.contains(":"):
		return false  # an IPv6 address outside brackets
	return is_loopback_host(host)


## A bare host: `localhost`, a dotted-quad in 127.0.0.0/8, or a bracketed IPv6 loopback.
static func is_loopback_host(host: String) -> bool:
	if host.to_lower() == "localhost":
		return true
	if host.begins_with("[") and host.ends_with("]"):
		var v6: Variant = parse_ipv6(host.substr(1, host.length() - 2))
		if v6 == null:
			return false
		var g: Array = v6
		if g.slice(0, 7) == [0, 0, 0, 0, 0, 0, 0] and g[7] == 1:
			return true  # ::1
		return g.slice(0, 6) == [0, 0, 0, 0, 0, 0xffff] and (g[6] >> 8) == 127  # ::ffff:127.x.x.x
	var v4: Variant = parse_ipv4(host)
	return v4 != null and v4[0] == 127


## Strict dotted-quad: four decimal parts 0–255 without leading zeros (which some parsers read as octal).
static func parse_ipv4(text: String) -> Variant:
	var parts := text.split(".")
	if parts.size() != 4:
		return null
	var out: Array = []
	for p: String in parts:
		if p.is_empty() or p.length() > 3 or not _all_digits(p):
			return null
		if p.length() > 1 and p.begins_with("0"):
			return null
		var n := p.to_int()
		if n > 255:
			return null
		out.append(n)
	return out


## Eight 16-bit groups, with one optional `::` and an optional trailing dotted-quad; no zone id.
static func parse_ipv6(text: String) -> Variant:
	if text.is_empty() or text.contains("%") or text.count("::") > 1:
		return null
	var head: Array = []
	var tail: Array = []
	var halves := text.split("::")
	var has_gap := halves.size() == 2
	var left: Variant = _ipv6_groups(halves[0], not has_gap)
	if left == null:
		return null
	head = left
	if has_gap:
		var right: Variant = _ipv6_groups(halves[1], true)
		if right == null:
			return null
		tail = right
	var missing := 8 - head.size() - tail.size()
	if (has_gap and missing < 1) or (not has_gap and missing != 0):
		return null
	var out := head.duplicate()
	for i in missing:
		out.append(0)
	out.append_array(tail)
	return out


static func _ipv6_groups(text: String, allow_v4_tail: bool) -> Variant:
	var out: Array = []
	if text.is_empty():
		return out
	var parts := text.split(":")
	for i in parts.size():
		var p: String = parts[i]
		if i == parts.size() - 1 and allow_v4_tail and p.contains("."):
			var v4: Variant = parse_ipv4(p)
			if v4 == null:
				return null
			out.append((v4[0] << 8) | v4[1])
			out.append((v4[2] << 8) | v4[3])
			continue
		if p.is_empty() or p.length() > 4 or not _all_hex(p):
			return null
		out.append(p.hex_to_int())
	return out


static func _valid_port(port: String) -> bool:
	return not port.is_empty() and port.length() <= 5 and _all_digits(port) and port.to_int() <= 65535


static func _all_hex(s: String) -> bool:
	for c in s.to_lower():
		if not ((c >= "0" and c <= "9") or (c >= "a" and c <= "f")):
			return false
	return true


static func _all_digits(s: String) -> bool:
	for c in s:
		if c < "0" or c > "9":
			return false
	return true
