extends RefCounted
## The recording file of runtime.record / runtime.replay (game/record.gd, game/replay.gd): JSON lines, one
## object a line, readable and diffable. The first line is the header {bridge_recording: 1, engine, scene,
## scene_md5, dependencies, from_tick, frozen_start, ticks_per_second, time_scale, seed,
## generators, watch}; then, in order, {tick, event, text} for every input the game received,
## {mark, tick, watched, exact, frame?, frame_md5?} for every mark, and last {end: true, ticks, events}
## beside the final mark "end". `tick` counts physics ticks from the start of the recording: an event with
## tick 5 was first seen by the 5th tick the game ran (game/tick_counter.gd: ticks held frozen are none) (as Input counts it: an event parsed between ticks or inside one
## is pressed on the next), a mark with tick 5 holds the state after 5 ticks.
## An event is its class and the stored properties that differ from a new event of that class, each a
## JSON value (bool, int, float at full precision, string) or Godot's own text form for the rest
## (var_to_str: Vector2(…)); only InputEvent classes are ever made from a file, and never a script.

const BridgeJsonValue := preload("../core/json_value.gd")

const FORMAT := 1
## Properties never written or read: the Resource's own, and a script (a file must not run code).
const SKIP := ["resource_local_to_scene", "resource_name", "resource_path", "script"]


## One JSON line, floats at full precision (a replay compares what it reads back bit for bit).
static func line(value: Dictionary) -> String:
	return JSON.stringify(value, "", false, true)


## The event as {class, <property>: value} with only what differs from a new event of its class.
static func event_to_dict(event: InputEvent) -> Dictionary:
	var out := {"class": event.get_class()}
	var blank: Object = ClassDB.instantiate(event.get_class())
	for prop: Dictionary in event.get_property_list():
		var name: String = prop.name
		if not prop.usage & PROPERTY_USAGE_STORAGE or SKIP.has(name):
			continue
		var value: Variant = event.get(name)
		if blank != null and typeof(blank.get(name)) == typeof(value) and blank.get(name) == value:
			continue
		match typeof(value):
			TYPE_BOOL, TYPE_INT, TYPE_STRING:
				out[name] = value
			TYPE_FLOAT:
				out[name] = value if is_finite(value) else var_to_str(value)
			TYPE_STRING_NAME:
				out[name] = str(value)
			TYPE_OBJECT:
				continue  # no InputEvent stores an object the game could need back
			_:
				out[name] = var_to_str(value)
	return out


## The InputEvent a dictionary from event_to_dict describes, or a String saying what is wrong with it.
static func event_from_dict(d: Variant) -> Variant:
	if not d is Dictionary or not d.get("class") is String:
		return "an event must be an object with a class"
	var cls: String = d["class"]
	if not ClassDB.class_exists(cls) or not ClassDB.is_parent_class(cls, "InputEvent") or not ClassDB.can_instantiate(cls):
		return "'%s' is not an input event class" % cls
	var event: InputEvent = ClassDB.instantiate(cls)
	var types := {}
	for prop: Dictionary in event.get_property_list():
		if prop.usage & PROPERTY_USAGE_STORAGE and not SKIP.has(prop.name):
			types[prop.name] = prop.type
	for key: String in d:
		if key == "class":
			continue
		if not types.has(key):
			return "%s has no stored property '%s'" % [cls, key]
		var value: Variant = d[key]
		var type: int = types[key]
		if value is String and type != TYPE_STRING and type != TYPE_STRING_NAME:
			if value.contains("Object(") or value.contains("Resource("):
				return "%s.%s holds an object; a recording holds plain values only" % [cls, key]
			value = str_to_var(value)
		if type == TYPE_INT and value is float:
			value = int(value)
		elif type == TYPE_FLOAT and (value is int or value is float):
			value = float(value)
		if typeof(value) != type and not (type == TYPE_STRING_NAME and value is String):
			return "%s.%s should be %s, got %s" % [cls, key, type_string(type), type_string(typeof(value))]
		event.set(key, value)
	return event


## What a replay must find unchanged: the engine, the scene file and the files it loads (one level of
## dependencies: its scripts, sub-scenes, resources), each by MD5.
static func fingerprint(tree: SceneTree) -> Dictionary:
	var scene := tree.current_scene.scene_file_path if tree.current_scene else ""
	var deps := {}
	if scene != "":
		for dep: String in ResourceLoader.get_dependencies(scene):
			var path := dep.get_slice("::", dep.get_slice_count("::") - 1) if dep.contains("::") else dep
			if path.begins_with("uid://"):
				path = ResourceUID.get_id_path(ResourceUID.text_to_id(path)) if ResourceUID.text_to_id(path) != ResourceUID.INVALID_ID else path
			if FileAccess.file_exists(path):
				deps[path] = FileAccess.get_md5(path)
	return {"engine": Engine.get_version_info().string, "scene": scene,
			"scene_md5": FileAccess.get_md5(scene) if scene != "" else "", "dependencies": deps}


## How a replay's game differs from the recorded one: [{what, recorded, now}] for the engine version, the
## scene, and each file the scene loads.
static func differences(header: Dictionary, now: Dictionary) -> Array:
	var out: Array = []
	for key: String in ["engine", "scene", "scene_md5"]:
		if str(header.get(key, "")) != str(now[key]):
			out.append({"what": {"engine": "engine version", "scene": "scene", "scene_md5": "scene file %s" % now.scene}[key],
					"recorded": header.get(key, ""), "now": now[key]})
	var recorded: Dictionary = header.get("dependencies", {})
	for path: String in recorded:
		if str(now.dependencies.get(path, "")) != str(recorded[path]):
			out.append({"what": "file %s" % path, "recorded": recorded[path], "now": now.dependencies.get(path, "missing")})
	for path: String in now.dependencies:
		if not recorded.has(path):
			out.append({"what": "file %s" % path, "recorded": "not used", "now": now.dependencies[path]})
	return out


## The random number generators the game keeps in its nodes' variables (the current scene's and the
## autoloads'): RandomNumberGenerator objects, and int variables named seed or *_seed. Reported with the
## recording (and compared on replay) so a game that seeds its own generator shows which seed it used.
static func generators(tree: SceneTree) -> Array:
	var out: Array = []
	var roots: Array[Node] = []
	for child: Node in tree.root.get_children():
		if child.name.begins_with("MCPGame"):
			continue
		roots.append(child)
	for top: Node in roots:
		for node: Node in [top] + top.find_children("*", "", true, false):
			var script: Script = node.get_script()
			if script == null:
				continue
			for prop: Dictionary in script.get_script_property_list():
				var name: String = prop.name
				if not prop.usage & PROPERTY_USAGE_SCRIPT_VARIABLE:
					continue
				var value: Variant = node.get(name)
				if value is RandomNumberGenerator:
					out.append({"node": str(node.get_path()), "property": name, "seed": str(value.seed), "state": str(value.state)})
				elif value is int and (name == "seed" or name.ends_with("_seed")):
					out.append({"node": str(node.get_path()), "property": name, "seed": str(value)})
	return out


## The viewport's image now, or null when the game draws nothing (headless).
static func frame(tree: SceneTree) -> Image:
	if DisplayServer.get_name() == "headless":
		return null
	return tree.root.get_viewport().get_texture().get_image()


## The MD5 of an image's pixels (what a replay compares frames by).
static func image_md5(image: Image) -> String:
	var ctx := HashingContext.new()
	ctx.start(HashingContext.HASH_MD5)
	ctx.update(image.get_data())
	return ctx.finish().hex_encode()


## Where the PNG of a mark goes: beside the recording, <file without .jsonl>.<mark>.png.
static func frame_path(recording: String, mark: String, suffix: String = "") -> String:
	var base := recording.get_basename() if recording.get_extension() != "" else recording
	var safe := mark.validate_filename().replace(" ", "_")
	return "%s.%s%s.png" % [base, safe, suffix]


## Reads a recording: {header, events: [{tick, event: InputEvent, text}], marks: [...], end?} or {error}.
static func read(path: String) -> Dictionary:
	if not FileAccess.file_exists(path):
		return {"error": "no recording at %s" % path}
	var text := FileAccess.get_file_as_string(path)
	var out := {"header": {}, "events": [], "marks": []}
	var n := 0
	for raw in text.split("\n", false):
		n += 1
		var json := JSON.new()  # not JSON.parse_string: a bad line is this call's error, not one in the game's log
		var item: Variant = json.data if json.parse(raw) == OK else null
		if not item is Dictionary:
			return {"error": "%s line %d is not a JSON object" % [path, n]}
		if n == 1:
			if int(item.get("bridge_recording", 0)) != FORMAT:
				return {"error": "%s is not a bridge recording (its first line has no bridge_recording: %d)" % [path, FORMAT]}
			out.header = item
		elif item.has("event"):
			var event: Variant = event_from_dict(item.event)
			if event is String:
				return {"error": "%s line %d: %s" % [path, n, event]}
			out.events.append({"tick": int(item.get("tick", 0)), "event": event, "text": str(item.get("text", ""))})
		elif item.has("mark"):
			out.marks.append(item)
		elif item.get("end", false):
			out["end"] = item
	if n == 0:
		return {"error": "%s is empty" % path}
	return out


## The watched expressions' values as JSON (to read) and as Godot text (to compare bit for bit).
static func watched(watch: Array, values: Variant) -> Dictionary:
	var shown := {}
	for i in watch.size():
		shown[str(watch[i])] = BridgeJsonValue.to_json(values[i]) if values is Array and i < values.size() else null
	return {"watched": shown, "exact": var_to_str(values)}
