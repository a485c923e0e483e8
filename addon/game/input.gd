extends Node
## MCPGameInput, the game autoload that injects input: one FIFO of events and frame waits, fed by
## input.* requests in arrival order and drained every frame, so no event is dropped or reordered.
## A request's reply comes when its last event has been delivered and lists what was delivered.

const Ipc := preload("ipc.gd")
const Events := preload("input_events.gd")

var _queue: Array[Dictionary] = []
var _mouse := Vector2.ZERO
var _held: Dictionary = {}  # label -> release event, for release_all


func _ready() -> void:
	if not Ipc.enabled():
		set_process(false)
		return
	process_mode = Node.PROCESS_MODE_ALWAYS
	process_priority = -1000  # before game nodes, so events land before their _process this frame


func _process(_delta: float) -> void:
	_pump()


## Builds, queues and delivers one input request; returns what was delivered or an error reply.
func handle(method: String, p: Dictionary) -> Variant:
	var steps: Variant
	match method:
		"input.action":
			steps = Events.action(p)
		"input.key":
			steps = Events.key(p)
		"input.mouse_button":
			steps = Events.mouse_button(p, _mouse)
		"input.mouse_motion":
			steps = Events.mouse_motion(p, _mouse)
		"input.text":
			steps = Events.text(p)
		"input.sequence":
			steps = _sequence(p)
		"input.click_node":
			steps = _click_node(p)
		"input.release_all":
			steps = _release_all()
		_:
			return Ipc.error(Ipc.INVALID, "MCPGameInput: unknown request %s" % method)
	if steps is Dictionary:
		return steps
	return await deliver(steps)


## Queues steps behind whatever is already queued and waits until the last one was delivered.
func deliver(steps: Array) -> Dictionary:
	var ticket := {"delivered": [], "left": steps.size(), "start_frame": Engine.get_process_frames(), "queued_before": _queue.size()}
	for s: Dictionary in steps:
		s["ticket"] = ticket
		_queue.append(s)
	_pump()
	while ticket.left > 0:
		await get_tree().process_frame
	return {"delivered": ticket.delivered, "count": ticket.delivered.size(), "queued_before": ticket.queued_before,
			"frames": Engine.get_process_frames() - ticket.start_frame, "mouse_position": [_mouse.x, _mouse.y]}


## Delivers queued events until the queue is empty or a wait step needs more frames.
func _pump() -> void:
	while not _queue.is_empty():
		var s: Dictionary = _queue[0]
		if s.has("wait"):
			if s.wait > 0:
				s.wait -= 1
				return
		else:
			var e: InputEvent = s.event
			Input.parse_input_event(e)
			Input.flush_buffered_events()
			_track(e, s.label)
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
		steps.append(Events.ev(_held[k], k + " released"))
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
			return Ipc.error(Ipc.INVALID, "input.sequence: events[%d] must be an object with a type (action, key, mouse_button, mouse_motion, text, wait)" % i)
		var built: Variant
		match item.type:
			"action": built = Events.action(item) if item.has("action") else _missing(i, "action")
			"key": built = Events.key(item) if item.has("key") else _missing(i, "key")
			"mouse_button": built = Events.mouse_button(item, mouse)
			"mouse_motion": built = Events.mouse_motion(item, mouse) if item.has("x") and item.has("y") else _missing(i, "x and y")
			"text": built = Events.text(item) if item.has("text") else _missing(i, "text")
			"wait": built = [Events.wait(int(item.get("frames", 1)))]
			_: built = Ipc.error(Ipc.INVALID, "input.sequence: events[%d] has unknown type '%s'" % [i, item.type])
		if built is Dictionary:
			return built
		if item.has("x") and item.has("y"):
			mouse = Vector2(item.x, item.y)
		if i > 0 and delay > 0:
			steps.append(Events.wait(delay))
		steps.append_array(built)
		i += 1
	return steps


func _missing(i: int, what: String) -> Dictionary:
	return Ipc.error(Ipc.INVALID, "input.sequence: events[%d] needs %s" % [i, what])


## A left click at the centre of a Control (its global rect) or a 2D node (its canvas position).
func _click_node(p: Dictionary) -> Variant:
	var path: String = p.node_path
	var tree := get_tree()
	var node: Node = tree.root.get_node_or_null(NodePath(path)) if path.begins_with("/") else null
	if node == null and tree.current_scene and not path.begins_with("/"):
		node = tree.current_scene.get_node_or_null(NodePath(path))
	if node == null:
		return Ipc.error(Ipc.NOT_FOUND, "input.click_node: no node '%s' in the running game" % path)
	var at: Vector2
	if node is Control:
		if not node.is_visible_in_tree():
			return Ipc.error(Ipc.FAILED, "input.click_node: %s is not visible" % node.get_path())
		at = node.get_global_rect().get_center()
	elif node is Node2D:
		at = node.get_global_transform_with_canvas().origin
	else:
		return Ipc.error(Ipc.INVALID, "input.click_node: %s is a %s; only Controls and 2D nodes have a place to click" % [node.get_path(), node.get_class()])
	return Events.mouse_button({"x": at.x, "y": at.y, "button": p.get("button", "left")}, _mouse)
