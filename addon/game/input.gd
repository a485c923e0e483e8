extends Node
## MCPGameInput, the game autoload that injects input: one FIFO of events and frame waits, fed by
## input.* requests in arrival order and drained every frame, so no event is dropped or reordered.
## A request's reply comes when its last event has been delivered and lists what was delivered.
## While the bridge holds the game frozen (game/clock.gd) the queue moves with the stepped ticks instead of
## frames: events go in at the start of the next stepped tick (a real edge on exactly that tick), a wait
## counts ticks, and the reply comes at once, listing what is still pending.

const BridgeIpc := preload("ipc.gd")
const BridgeEvents := preload("input_events.gd")
const BridgeScreen := preload("screen.gd")
const BridgeCompat := preload("../core/compat.gd")

var _queue: Array[Dictionary] = []
var _mouse := Vector2.ZERO
var _held: Dictionary = {}  # label -> release event, for release_all
var _clock: RefCounted  # game/clock.gd, from MCPGameInspector


func _ready() -> void:
	if not BridgeIpc.enabled():
		set_process(false)
		return
	process_mode = Node.PROCESS_MODE_ALWAYS
	process_priority = -1000  # before game nodes, so events land before their _process this frame
	var inspector := get_node_or_null(^"/root/MCPGameInspector")
	_clock = inspector.get("clock") if inspector else null
	if _clock:
		_clock.add_feeder(func(_tick: int) -> bool: return _due(), func(_tick: int) -> void: _pump())


func _process(_delta: float) -> void:
	if not _frozen():
		_pump()


func _frozen() -> bool:
	return _clock != null and _clock.frozen


## Whether the next _pump() delivers an event (the queue's head, past finished waits, is one).
func _due() -> bool:
	for s: Dictionary in _queue:
		if not s.has("wait"):
			return true
		if s.wait > 0:
			return false
	return false


## The input.* requests this autoload answers (commands/input/index.json names it for each): every one
## builds its steps (events and frame waits) and queues them; the reply lists what was delivered.
func handlers() -> Dictionary:
	return {
		"input.action": func(p: Dictionary, _call_id: String) -> Variant: return await _queued(BridgeEvents.action(p)),
		"input.key": func(p: Dictionary, _call_id: String) -> Variant: return await _queued(BridgeEvents.key(p)),
		"input.mouse_button": func(p: Dictionary, _call_id: String) -> Variant: return await _queued(BridgeEvents.mouse_button(p, _mouse)),
		"input.mouse_motion": func(p: Dictionary, _call_id: String) -> Variant: return await _queued(BridgeEvents.mouse_motion(p, _mouse)),
		"input.text": func(p: Dictionary, _call_id: String) -> Variant: return await _queued(BridgeEvents.text(p)),
		"input.sequence": func(p: Dictionary, _call_id: String) -> Variant: return await _queued(_sequence(p)),
		"input.click_node": func(p: Dictionary, _call_id: String) -> Variant: return await _queued(_click_node(p)),
		"input.release_all": func(_p: Dictionary, _call_id: String) -> Variant: return await _queued(_release_all()),
	}


## Delivers built steps (deliver()), or passes on the error reply the build made instead.
func _queued(steps: Variant) -> Variant:
	if steps is Dictionary:
		return steps
	return await deliver(steps)


## The steps (events and waits) of one input.sequence-style item {type, ...}, or an error reply that
## starts with `where`. runtime.step builds its scheduled inputs here.
func build(item: Dictionary, where: String, from: Variant = null) -> Variant:
	var mouse: Vector2 = _mouse if from == null else from  # where the mouse is before this item
	var built: Variant
	match item.get("type"):
		"action": built = BridgeEvents.action(item) if item.has("action") else null
		"key": built = BridgeEvents.key(item) if item.has("key") else null
		"mouse_button": built = BridgeEvents.mouse_button(item, mouse)
		"mouse_motion": built = BridgeEvents.mouse_motion(item, mouse) if item.has("x") and item.has("y") else null
		"text": built = BridgeEvents.text(item) if item.has("text") else null
		_: return BridgeIpc.error(BridgeIpc.INVALID, "%s has type '%s'; use action, key, mouse_button, mouse_motion or text" % [where, item.get("type")])
	if built == null:
		return BridgeIpc.error(BridgeIpc.INVALID, "%s (%s) lacks the field its type needs" % [where, item.type])
	if built is Dictionary and built.has("error"):
		built.error.message = "%s: %s" % [where, built.error.message]
	return built


## Sends one event now (a stepped tick's scheduled input).
func deliver_now(event: InputEvent, label: String) -> void:
	BridgeCompat.stamp_device(event)
	Input.parse_input_event(event)
	Input.flush_buffered_events()
	_track(event, label)


## Queues steps behind whatever is already queued and waits until the last one was delivered; while the
## game is frozen, replies at once with the steps still pending (they go in with the next stepped ticks).
func deliver(steps: Array) -> Dictionary:
	var ticket := {"delivered": [], "left": steps.size(), "start_frame": Engine.get_process_frames(), "queued_before": _queue.size()}
	for s: Dictionary in steps:
		s["ticket"] = ticket
		_queue.append(s)
	if not _frozen():
		_pump()
	while ticket.left > 0 and not _frozen():
		await get_tree().process_frame
	var out := {"delivered": ticket.delivered, "count": ticket.delivered.size(), "queued_before": ticket.queued_before,
			"frames": Engine.get_process_frames() - ticket.start_frame, "mouse_position": [_mouse.x, _mouse.y]}
	if ticket.left > 0:
		out["pending"] = _queue.filter(func(s: Dictionary) -> bool: return is_same(s.ticket, ticket) and not s.has("wait")).map(
				func(s: Dictionary) -> String: return s.label)
	return out


## Delivers queued events until the queue is empty or a wait step needs more frames.
func _pump() -> void:
	while not _queue.is_empty():
		var s: Dictionary = _queue[0]
		if s.has("wait"):
			if s.wait > 0:
				s.wait -= 1
				return
		else:
			deliver_now(s.event, s.label)
			s.ticket.delivered.append(s.label)
		_queue.pop_front()
		s.ticket.left -= 1


func _track(e: InputEvent, _label: String) -> void:
	if e is InputEventMouse:
		_mouse = e.position
	var key := ""
	if e is InputEventAction:
		key = "action " + str(e.action)
	elif e is InputEventKey:
		key = "key %d" % e.keycode
	elif e is InputEventMouseButton:
		key = "mouse %d" % e.button_index
	if key == "":
		return
	if e.is_pressed():
		var up: InputEvent = e.duplicate()
		up.set("pressed", false)
		if up is InputEventAction:
			up.strength = 0.0
		_held[key] = up
	else:
		_held.erase(key)


func _release_all() -> Array:
	var steps: Array = []
	for k: String in _held:
		steps.append(BridgeEvents.ev(_held[k], k + " released"))
	return steps


## {events: [{type: action|key|mouse_button|mouse_motion|text|wait, ...}], frame_delay}: frame_delay frames
## pass between consecutive events (a {type: wait, frames} entry adds more).
func _sequence(p: Dictionary) -> Variant:
	var steps: Array = []
	var delay: int = p.get("frame_delay", 1)
	var mouse := _mouse
	var i := 0
	for item: Variant in p.events:
		if not item is Dictionary or not item.get("type") is String:
			return BridgeIpc.error(BridgeIpc.INVALID, "events[%d] must be an object with a type (action, key, mouse_button, mouse_motion, text, wait)" % i)
		var built: Variant = [BridgeEvents.wait(int(item.get("frames", 1)))] if item.type == "wait" else build(item, "events[%d]" % i, mouse)
		if built is Dictionary:
			return built
		if item.has("x") and item.has("y"):
			mouse = Vector2(item.x, item.y)
		if i > 0 and delay > 0:
			steps.append(BridgeEvents.wait(delay))
		steps.append_array(built)
		i += 1
	return steps


## A left click where the node shows in the viewport: a Control's centre and a 2D node's origin through
## their canvas (a moved or zoomed Camera2D), a 3D node's origin through the current Camera3D.
func _click_node(p: Dictionary) -> Variant:
	var path: String = p.node_path
	var tree := get_tree()
	var node: Node = tree.root.get_node_or_null(NodePath(path)) if path.begins_with("/") else null
	if node == null and tree.current_scene and not path.begins_with("/"):
		node = tree.current_scene.get_node_or_null(NodePath(path))
	if node == null:
		return BridgeIpc.error(BridgeIpc.NOT_FOUND, "no node '%s' in the running game" % path)
	var at: Variant = BridgeScreen.point_of(node)
	if at is String:
		return BridgeIpc.error(BridgeIpc.INVALID if not (node is CanvasItem or node is Node3D) else BridgeIpc.FAILED,
				"" + at)
	return BridgeEvents.mouse_button({"x": at.x, "y": at.y, "button": p.get("button", "left")}, _mouse)
