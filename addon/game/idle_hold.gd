extends RefCounted
## What games advance on idle frames, moved onto the stepped ticks for the length of a run (game/clock.gd):
## idle frames come as the machine allows while stepping, so their delta sums to anything, while a tick's
## delta is exact. AnimationMixers (AnimationPlayer, AnimationTree) and Timer nodes on the idle callback
## switch to the physics one and back; running Tweens are held (paused) and advanced by exactly one tick's
## delta after each tick, as the idle frame that follows a tick would. Nodes and tweens that appear during
## the run are taken too. SceneTreeTimers cannot be listed from a script: those made with
## create_timer(t, process_always, true) (process_in_physics) step exactly, the default ones count idle frames.

var _tree: SceneTree
var _delta := 0.0
var _mixers: Array[AnimationMixer] = []
var _timers: Array[Timer] = []
var _tweens: Array[Tween] = []


func _init(tree: SceneTree) -> void:
	_tree = tree


## Takes every idle-processed animation, timer and tween; `delta` is one tick's game time (1 / ticks per
## second * time scale, before the clock's speed-up).
func begin(delta: float) -> void:
	_delta = delta
	for node: Node in _tree.root.find_children("*", "AnimationMixer", true, false):
		_take(node)
	for node: Node in _tree.root.find_children("*", "Timer", true, false):
		_take(node)
	_tree.node_added.connect(_take)
	hold_tweens()


## After a tick (before the next one, or when the run ends): the held tweens advance by one tick.
func after_tick() -> void:
	hold_tweens()
	for tween: Tween in _tweens.duplicate():
		if not tween.is_valid() or not tween.custom_step(_delta):
			_tweens.erase(tween)  # finished or killed: nothing to resume


## Holds tweens the game started since the last look, before an idle frame advances them.
func hold_tweens() -> void:
	for tween: Tween in _tree.get_processed_tweens():
		if tween.is_running() and not _tweens.has(tween):
			tween.pause()
			_tweens.append(tween)


## Gives everything back to idle processing.
func end() -> void:
	if _tree.node_added.is_connected(_take):
		_tree.node_added.disconnect(_take)
	for mixer: AnimationMixer in _mixers:
		if is_instance_valid(mixer):
			mixer.callback_mode_process = AnimationMixer.ANIMATION_CALLBACK_MODE_PROCESS_IDLE
	for timer: Timer in _timers:
		if is_instance_valid(timer):
			timer.process_callback = Timer.TIMER_PROCESS_IDLE
	for tween: Tween in _tweens:
		if tween.is_valid():
			tween.play()
	_mixers.clear()
	_timers.clear()
	_tweens.clear()


func _take(node: Node) -> void:
	if node is AnimationMixer:
		var mixer: AnimationMixer = node
		if mixer.callback_mode_process == AnimationMixer.ANIMATION_CALLBACK_MODE_PROCESS_IDLE:
			mixer.callback_mode_process = AnimationMixer.ANIMATION_CALLBACK_MODE_PROCESS_PHYSICS
			_mixers.append(mixer)
	elif node is Timer:
		var timer: Timer = node
		if timer.process_callback == Timer.TIMER_PROCESS_IDLE:
			timer.process_callback = Timer.TIMER_PROCESS_PHYSICS
			_timers.append(timer)
