extends "unit.gd"
## core/scheduler.gd without an editor: a turn per undo history. Edits of different histories hold their turns
## at once; edits of one history wait for each other; a scene switch waits for every turn and holds them all;
## editor.undo waits for the histories it moves; a nested command joins its caller's turn. The methods are
## "bridge.*" ones, which skip the start-up line (it waits on process frames, which a --script run never has),
## so only the turns are in play; a turn's waiters resume inside give_back(), so each step is seen at once.

const Scheduler := preload("res://addons/bridge/core/scheduler.gd")

## The edited scene's history id the scheduler sees (a scene switch changes it).
var edited := 5
## The other open scenes' history ids, by path (a call's `scene` names one).
const OPEN := {"res://b.tscn": 7}
## Who passed enter(), in order; the tickets by name.
var passed: Array = []
var tickets := {}


func _scheduler() -> Scheduler:
	var s := Scheduler.new()
	s.scene_history = func(scene: String) -> int: return edited if scene == "" else OPEN.get(scene, -1)
	s.started = func() -> bool: return true
	return s


## Enters `name` without awaiting: it passes now, or later inside the give_back that frees its turns.
func _enter(s: Scheduler, name: String, cmd: Dictionary, nested: bool = false, scene: String = "") -> void:
	var ticket: Dictionary = await s.enter("bridge." + name, cmd, {"method": "bridge." + name, "client": name}, nested, scene)
	passed.append(name)
	tickets[name] = ticket


func _leave(s: Scheduler, name: String) -> void:
	s.leave(tickets[name])


const SCENE_EDIT := {"undo": "scene"}
const GLOBAL_EDIT := {"undo": "global"}
const SWITCH := {"undo": "none", "switches_scene": true}
const UNDO := {"undo": "global", "moves_histories": ["scene", "global"]}
const READ := {"read_only": true}


func test_a_scene_edit_and_a_global_edit_hold_their_turns_at_once() -> void:
	var s := _scheduler()
	_enter(s, "scene", SCENE_EDIT)
	_enter(s, "global", GLOBAL_EDIT)
	eq(passed, ["scene", "global"], "both started while neither finished")
	eq(s.held(), ["scene:5", "global"], "the turns held")
	eq(s.holder_of("global").get("client"), "global", "the global turn names its holder")


func test_edits_of_one_history_wait_for_each_other() -> void:
	var s := _scheduler()
	_enter(s, "first", SCENE_EDIT)
	_enter(s, "second", SCENE_EDIT)
	_enter(s, "third", GLOBAL_EDIT)
	eq(passed, ["first", "third"], "the second scene edit waits; the global one does not")
	_leave(s, "first")
	eq(passed, ["first", "third", "second"], "the second starts once the first is done")


func test_edits_of_two_scene_histories_do_not_wait_for_each_other() -> void:
	var s := _scheduler()
	_enter(s, "a", SCENE_EDIT)
	edited = 9
	_enter(s, "b", SCENE_EDIT)
	eq(passed, ["a", "b"], "scene:5 and scene:9 are two turns")


func test_an_edit_of_another_open_scene_takes_that_scenes_turn() -> void:
	var s := _scheduler()
	_enter(s, "edited", SCENE_EDIT)
	_enter(s, "other", SCENE_EDIT, false, "res://b.tscn")
	_enter(s, "other_again", SCENE_EDIT, false, "res://b.tscn")
	_enter(s, "undo_other", UNDO, false, "res://b.tscn")
	eq(passed, ["edited", "other"], "an edit of the edited scene and one of scene b at once; b's next edit waits")
	eq(s.switches(UNDO, "res://b.tscn"), true, "an undo in another open scene switches to it")
	eq(s.switches(UNDO, ""), false, "an undo in the edited scene does not")
	eq(s.held(), ["scene:5", "scene:7"], "the turns held")
	_leave(s, "other")
	eq(passed, ["edited", "other", "other_again"], "b's second edit follows b's first, whatever the edited scene does")
	_leave(s, "other_again")
	eq(passed, ["edited", "other", "other_again"], "an undo in scene b makes b the edited scene: it waits for every edit")
	_leave(s, "edited")
	eq(passed, ["edited", "other", "other_again", "undo_other"], "then it runs, holding every turn")
	eq(tickets.undo_other.keys, ["*"], "no edit starts while it has scene b edited")


func test_a_scene_switch_waits_for_every_turn_and_holds_them_all() -> void:
	var s := _scheduler()
	_enter(s, "edit", SCENE_EDIT)
	_enter(s, "settings", GLOBAL_EDIT)
	_enter(s, "open", SWITCH)
	eq(passed, ["edit", "settings"], "the switch waits for the edits in flight")
	_leave(s, "edit")
	eq(passed, ["edit", "settings"], "and for the global one")
	_leave(s, "settings")
	eq(passed, ["edit", "settings", "open"], "then it starts")
	_enter(s, "after", GLOBAL_EDIT)
	_enter(s, "read", READ)
	eq(passed, ["edit", "settings", "open", "read"], "no edit starts during the switch; a read does")
	edited = 7
	_leave(s, "open")
	eq(passed, ["edit", "settings", "open", "read", "after"], "the edit starts once the switch is done")


func test_a_scene_edit_that_waited_through_a_switch_takes_the_new_scenes_turn() -> void:
	var s := _scheduler()
	_enter(s, "open", SWITCH)
	_enter(s, "edit", SCENE_EDIT)
	edited = 8  # the switch opened another scene
	_leave(s, "open")
	eq(tickets.get("edit", {}).get("keys"), ["scene:8"], "the key is read again after the wait")


func test_undo_waits_for_the_histories_it_moves() -> void:
	var s := _scheduler()
	_enter(s, "settings", GLOBAL_EDIT)
	_enter(s, "undo", UNDO)
	eq(passed, ["settings"], "editor.undo waits for the global edit in flight")
	_enter(s, "edit", SCENE_EDIT)
	eq(passed, ["settings", "edit"], "a scene edit meanwhile starts: the waiting undo holds no turn yet")
	_leave(s, "settings")
	eq(passed, ["settings", "edit"], "the undo also waits for the scene edit")
	_leave(s, "edit")
	eq(passed, ["settings", "edit", "undo"], "then it moves both histories")
	eq(tickets.undo.keys, ["scene:5", "global"], "holding both turns")


func test_a_nested_command_joins_its_callers_turn_and_a_read_never_waits() -> void:
	var s := _scheduler()
	_enter(s, "batch", SCENE_EDIT)
	_enter(s, "entry", SCENE_EDIT, true)
	_enter(s, "read", READ)
	eq(passed, ["batch", "entry", "read"], "neither waits for the batch's turn")
	eq(tickets.entry.keys, [], "the entry holds no turn of its own")
	ok(not s.waits("bridge.read", READ), "a read of bridge itself skips enter()")


func test_take_every_turn_waits_for_the_edits_and_names_who_holds_one() -> void:
	var s := _scheduler()
	_enter(s, "edit", SCENE_EDIT)
	var got := [null]
	var take := func() -> void: got[0] = await s.take_every_turn({"method": "bridge.play", "client": "p"}, 60_000)
	take.call()
	eq(got[0], null, "the play waits for the edit in flight")
	_leave(s, "edit")
	eq(got[0], {}, "then holds every turn")
	_enter(s, "later", GLOBAL_EDIT)
	eq(passed, ["edit"], "no edit starts while the play holds them")
	s.give_back([Scheduler.EVERY])
	eq(passed, ["edit", "later"], "given back")
