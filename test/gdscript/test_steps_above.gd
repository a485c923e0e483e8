extends "unit.gd"
## commands/editor/lib/steps_above.gd: whose steps lie above a client's last one, from the step names alone.

const StepsAbove := preload("res://addons/bridge/commands/editor/lib/steps_above.gd")


func test_counts_the_steps_of_whom_above_the_clients_last_one() -> void:
	var applied := ["Bridge: add A [node.add by agent-a]", "Bridge: add B [node.add by agent-b]",
			"Bridge: add C [node.add by agent-a]", "Bridge: set x [node.set by agent-b]", "Move Node",
			"Bridge: set y [node.set by agent-b]"]
	var counted := StepsAbove.count(applied, "agent-a")
	eq(counted.mine, 2, "agent-a's newest step")
	eq(counted.mine_name, "Bridge: add C", "named without its owner")
	eq(counted.total, 3, "three steps above it")
	eq(counted.above, [{"client": "agent-b", "steps": 2}, {"client": StepsAbove.BY_HAND, "steps": 1}], "by owner")
	eq(StepsAbove.describe(counted.above), "2 steps of agent-b and 1 of the editor (by hand)", "as the refusal says it")


func test_a_client_with_no_step_has_every_step_above_it() -> void:
	var counted := StepsAbove.count(["Bridge: add B [node.add by agent-b]"], "agent-a")
	eq(counted.mine, -1, "no step of agent-a")
	eq(counted.total, 1, "one step above nothing")
	eq(StepsAbove.describe([{"client": "x", "steps": 1}, {"client": "y", "steps": 2}, {"client": "z", "steps": 3}]),
			"1 step of x, 2 of y and 3 of z", "three owners")
