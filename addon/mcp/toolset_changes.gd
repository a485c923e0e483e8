@tool
extends RefCounted
## bridge_toolsets' enable, disable and set for `bridge serve`'s session (relayed: endpoint.gd relay()). The
## addon keeps no session, so serve sends which toolsets are enabled with every message and keeps the new
## selection this answers with (the relay's `session`); the rule is decided here once: a change is taken while
## the list stays within the client's known tool limit (toolsets.json), else refused — nothing changes — with
## the one call that fits and still holds what was asked (core, the asked toolsets, then the enabled ones in the
## client's order of preference), naming what it would drop.

const BridgeToolsets := preload("toolsets.gd")

var _toolsets: BridgeToolsets


func _init(toolsets: BridgeToolsets) -> void:
	_toolsets = toolsets


## `sets`: today's toolsets (toolsets_for); `enabled`: the session's; `fixed`: the tools listed whatever is
## enabled (the always-listed and the packs' tools). → {"enabled": the selection after it, "refusal": "" when
## taken, else why nothing changed}.
func change(action: String, asked: Array, enabled: Array, client: String, sets: Array, fixed: int) -> Dictionary:
	var before := _names_in(sets, enabled)
	var wanted := wanted_after(action, asked, before, sets)
	if action == "disable":
		return {"enabled": wanted, "refusal": ""}
	var refusal := _over_cap(action, asked, wanted, before, client, sets, fixed)
	return {"enabled": before if refusal != "" else _names_in(sets, wanted), "refusal": refusal}


## The toolsets an action asks for, the limit aside: `set` the core and the asked ones, `enable` the enabled ones
## and the asked ones, `disable` the enabled ones but the asked ones (the HTTP endpoint names them in the URL it
## offers instead).
func wanted_after(action: String, asked: Array, enabled: Array, sets: Array) -> Array:
	if action == "set":
		return with_core(asked, sets)
	var wanted: Array = enabled.duplicate()
	for name: String in asked:
		if action == "disable":
			wanted.erase(name)
		elif not name in wanted:
			wanted.append(name)
	return wanted


## `core` (the whole loop) first, then the names asked, each once.
func with_core(names: Array, sets: Array) -> Array:
	var out: Array = []
	for toolset: Dictionary in sets:
		if toolset.name == _toolsets.core:
			out.append(_toolsets.core)
	for name: String in names:
		if not name in out:
			out.append(name)
	return out


## The toolsets of `names` that exist today, in the toolsets' order.
static func _names_in(sets: Array, names: Array) -> Array:
	var out: Array = []
	for toolset: Dictionary in sets:
		if toolset.name in names:
			out.append(toolset.name)
	return out


func _over_cap(action: String, asked: Array, wanted: Array, now: Array, client: String, sets: Array,
		fixed: int) -> String:
	var profile: Dictionary = _toolsets.match_client(client)
	var cap: Variant = profile.get("max_tools")
	if cap == null:
		return ""
	var sizes := {}
	for toolset: Dictionary in sets:
		sizes[toolset.name] = toolset.methods.size()
	var count := func(names: Array) -> int:
		var n := fixed
		for name: String in names:
			n += int(sizes.get(name, 0))
		return n
	var total: int = count.call(wanted)
	if total <= int(cap):
		return ""
	var preference: Array = profile.get("toolsets", [])
	var proposal: Array = []
	var left: Array = []
	for name: String in with_core(asked, sets):
		if count.call(proposal + [name]) <= int(cap):
			proposal.append(name)
		else:
			left.append(name)
	var others: Array = wanted.filter(func(n: String) -> bool: return not n in proposal and not n in left)
	var rank := func(n: String) -> int: return preference.find(n) if n in preference else preference.size()
	others.sort_custom(func(a: String, b: String) -> bool: return rank.call(a) < rank.call(b))
	for name: String in others:
		if count.call(proposal + [name]) <= int(cap):
			proposal.append(name)
	var dropped: Array = now.filter(func(n: String) -> bool: return not n in proposal)
	var sized := func(names: Array) -> String:
		return ", ".join(PackedStringArray(names.map(func(n: String) -> String: return "%s (%d)" % [n, int(sizes.get(n, 0))])))
	var keeps := ("The most of it that fits is %s (%d tools; %s left out: too large together)" % [_list(proposal),
			count.call(proposal), _list(left)]) if not left.is_empty() \
			else "This set fits and keeps what you asked: %s (%d tools)" % [_list(proposal), count.call(proposal)]
	return ("bridge_toolsets: %s %s would list %d tools, %d over the %d that suit %s (%s); now %d tools (%s). "
			+ "Nothing was changed. %s%s: {\"action\": \"set\", \"toolsets\": %s}. Every command also runs through engine_run.") % [
			"setting" if action == "set" else "enabling", sized.call(asked), total, total - int(cap), int(cap),
			profile.get("name", client), profile.get("why", ""), count.call(now), _list(now) if not now.is_empty() else "none",
			keeps, (", dropping " + sized.call(dropped)) if not dropped.is_empty() else "", JSON.stringify(proposal)]


static func _list(names: Array) -> String:
	return ", ".join(PackedStringArray(names))
