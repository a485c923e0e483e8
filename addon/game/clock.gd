extends RefCounted
## The game's clock under the bridge: frozen between physics ticks (SceneTree.paused, which also stops the
## physics servers), or stepped an exact number of ticks as fast as the machine allows. Input for a tick
## comes from feeders (game/input.gd's queue, runtime.step's scheduled inputs) and goes in before the tick,
## outside any physics tick: Input records an event parsed during a tick as pressed on the NEXT tick
## (measured on 4.6), so a tick with input due gets a frame of its own and the event goes in between
## frames, where the engine puts real input. What the game advances on idle frames (animations, timers,
## tweens) follows the ticks during a run (game/idle_hold.gd), so it too advances by exactly the stepped
## time. One per game, owned by MCPGameInspector.

const BridgeIdleHold := preload("idle_hold.gd")

## A stepped tick begins (from SceneTree.physics_frame, before any node's _physics_process of the tick):
## the seam for per-tick reports. `tick` counts from 1 in this run, of at most `of`.
signal tick_started(tick: int, of: int)

## Ticks run per nominal tick of wall time while stepping. A power of two, so the physics delta the engine
## computes, (1 / (tps * SPEEDUP)) * (time_scale * SPEEDUP), is bit-identical to 1 / tps * time_scale: only
## the exponent changes. Measured on the demo (bench, "600 physics ticks stepped"): see docs/performance.md.
const SPEEDUP := 256

## Whether the bridge holds the game between ticks (runtime.pause, runtime.step, scene.play frozen).
var frozen := false
## Whether a run() is in progress.
var stepping := false

var _tree: SceneTree
var _idle: RefCounted  # game/idle_hold.gd
var _stop_reason := ""
var _feeders: Array[Dictionary] = []  # {due: (tick) -> bool, feed: (tick) -> void}


func _init(tree: SceneTree) -> void:
	_tree = tree
	_idle = BridgeIdleHold.new(tree)


## Holds the game before its next physics tick: its nodes and physics stop, the bridge keeps answering.
func freeze() -> void:
	frozen = true
	_tree.paused = true


## Lets the game run in real time again.
func thaw() -> void:
	frozen = false
	_tree.paused = false


## Ends a run() early, at the start of the next tick; `reason` comes back as its stopped_by.
func stop(reason: String) -> void:
	if stepping:
		_stop_reason = reason


## Adds a source of input for stepped ticks: due(tick) says whether it has events for that tick (then the
## tick gets a frame of its own), feed(tick) runs before every stepped tick (outside the physics tick when
## something was due) and may count waits. Returns the handle for remove_feeder().
func add_feeder(due: Callable, feed: Callable) -> Dictionary:
	var f := {"due": due, "feed": feed}
	_feeders.append(f)
	return f


func remove_feeder(f: Dictionary) -> void:
	_feeders.erase(f)


## Runs at most `max_ticks` physics ticks from the frozen state and leaves the game frozen. Before each tick
## `until` (optional; -> Variant) is checked on the state the previous tick left: truthy ends the run.
## `on_tick` (optional; (tick: int) -> void) runs at the start of each tick, after its input went in: the
## seam for per-tick work such as progress reports; stop() ends the run early. Returns {ticks, stopped_by: "frames" |
## "until" | <stop reason> | "error", until_value, first_physics_frame, wall_usec}.
func run(max_ticks: int, until: Callable = Callable(), on_tick: Callable = Callable()) -> Dictionary:
	stepping = true
	frozen = true
	_stop_reason = ""
	var st := {"ticks": 0, "idled": 0, "done": false, "stopped_by": "", "until_value": null, "first": -1, "gap": false, "fed": false}
	var started := Time.get_ticks_usec()
	var handler := func() -> void:
		if st.done or st.gap:
			return
		if st.idled < st.ticks:  # the idle frame that follows a tick, for what idle_hold.gd holds
			st.idled = st.ticks
			_idle.after_tick()
		if st.ticks > 0 and until.is_valid():
			st.until_value = until.call()
			if st.until_value:
				st.stopped_by = "until"
		if st.stopped_by == "" and _stop_reason != "":
			st.stopped_by = _stop_reason
		if st.stopped_by == "" and st.ticks >= max_ticks:
			st.stopped_by = "frames"
		if st.stopped_by != "":
			st.done = true
			_tree.paused = true  # before this tick's _physics_process: the tick does not happen
			return
		var next: int = st.ticks + 1
		if not st.fed:
			if _due(next):
				st.gap = true  # this tick waits for the next frame; its input goes in before it
				_tree.paused = true
				return
			_feed(next)  # nothing due: the feeders count this tick (waits)
		st.fed = false
		if st.ticks == 0:
			st.first = Engine.get_physics_frames()
		st.ticks = next
		tick_started.emit(next, max_ticks)
		if on_tick.is_valid():
			on_tick.call(next)
	var saved := _fast_forward()
	_idle.begin(saved.scale / saved.tps)
	_tree.physics_frame.connect(handler)
	# Input goes in with the tree running: a paused tree's Controls take no GUI input (a click on a
	# button would be lost). No tick runs in between: this is code between frames.
	_tree.paused = false
	if _due(1):  # called from a request, between frames: the first tick's input can go in now
		_feed(1)
		st.fed = true
	while not st.done:
		await _tree.process_frame  # between frames, outside any physics tick
		_idle.hold_tweens()  # before this frame's tweens step: one the game just made follows the ticks too
		if st.gap:
			_tree.paused = false
			_feed(st.ticks + 1)
			st.fed = true
			st.gap = false
	_tree.physics_frame.disconnect(handler)
	_idle.end()
	_restore(saved)
	stepping = false
	return {"ticks": st.ticks, "stopped_by": st.stopped_by, "until_value": st.until_value, "first_physics_frame": st.first,
			"wall_usec": Time.get_ticks_usec() - started}


## More ticks per wall second with the same delta: ticks per second and time scale times SPEEDUP, no
## frame-rate cap, no idle sleep between frames (a headless game sleeps low_processor_usage_mode_sleep_usec
## every frame), and room for many ticks per frame.
func _fast_forward() -> Dictionary:
	var saved := {"tps": Engine.physics_ticks_per_second, "scale": Engine.time_scale, "steps": Engine.max_physics_steps_per_frame,
			"max_fps": Engine.max_fps, "sleep": OS.low_processor_usage_mode_sleep_usec}
	Engine.physics_ticks_per_second = saved.tps * SPEEDUP
	Engine.time_scale = saved.scale * SPEEDUP
	Engine.max_physics_steps_per_frame = SPEEDUP
	Engine.max_fps = 0
	OS.low_processor_usage_mode_sleep_usec = 0
	return saved


func _restore(saved: Dictionary) -> void:
	Engine.physics_ticks_per_second = saved.tps
	Engine.time_scale = saved.scale
	Engine.max_physics_steps_per_frame = saved.steps
	Engine.max_fps = saved.max_fps
	OS.low_processor_usage_mode_sleep_usec = saved.sleep


func _due(tick: int) -> bool:
	for f: Dictionary in _feeders:
		if f.due.call(tick):
			return true
	return false


func _feed(tick: int) -> void:
	for f: Dictionary in _feeders:
		f.feed.call(tick)
