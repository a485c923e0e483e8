extends "unit.gd"
## core/engine_said.gd without an editor: a note made during a call goes into that call's answer, and into a copy,
## never into the dictionary the handler answered (it may be one it keeps and answers again: engine.version's).

const EngineSaid := preload("res://addons/bridge/core/engine_said.gd")


func test_a_note_goes_into_a_copy_of_the_answer_not_into_the_handlers_dictionary() -> void:
	var kept := {"engine": "4.6"}
	var mark := EngineSaid.begin(true)
	EngineSaid.note("t.cmd", "equals_default", {"property": "x"})
	var answer: Variant = EngineSaid.finish(mark, "t.cmd", kept)
	eq(answer, {"engine": "4.6", "equals_default": [{"property": "x"}]}, "the answer carries the note")
	eq(kept, {"engine": "4.6"}, "the handler's dictionary is as it was")
	var again: Variant = EngineSaid.finish(EngineSaid.begin(true), "t.cmd", kept)
	ok(is_same(again, kept), "a call with nothing to add answers the handler's own dictionary")
	eq(again, {"engine": "4.6"}, "the next call's answer carries no earlier note")


func test_a_note_joins_the_list_the_handler_answered_without_changing_it() -> void:
	var own: Array = [{"property": "a"}]
	var kept := {"equals_default": own}
	var mark := EngineSaid.begin(true)
	EngineSaid.note("t.cmd", "equals_default", {"property": "b"})
	var answer: Dictionary = EngineSaid.finish(mark, "t.cmd", kept)
	eq(answer.equals_default, [{"property": "a"}, {"property": "b"}], "the handler's entries, then the note")
	eq(own, [{"property": "a"}], "the handler's list is as it was")
