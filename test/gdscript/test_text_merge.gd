extends "unit.gd"
## lib/text_merge.gd: the line-level three-way merge an undo or redo of a text step uses to carry its own change
## onto a file someone wrote since (lib/text_step.gd).

const TextMerge := preload("res://addons/bridge/lib/text_merge.gd")

const BASE := "extends Node\n\nvar a := 0\n\nvar c := 0\n\nvar b := 0\n"


func test_a_change_elsewhere_is_kept() -> void:
	var ours := BASE.replace("var c := 0", "var c := 1")  # the write since
	var theirs := BASE.replace("var a := 0", "var a := 1")  # the step's own change
	var merged := TextMerge.merge3(BASE, ours, theirs)
	eq(merged.ok, true, "changes two lines apart merge")
	eq(merged.get("text"), BASE.replace("var c := 0", "var c := 1").replace("var a := 0", "var a := 1"), "both changes in")


func test_neighbouring_lines_merge() -> void:
	var base := "x\na\nb\ny\n"
	var merged := TextMerge.merge3(base, "x\nA\nb\ny\n", "x\na\nB\ny\n")
	eq(merged, {"ok": true, "text": "x\nA\nB\ny\n"}, "each side replaces a line of its own")


func test_the_same_lines_clash() -> void:
	var ours := BASE.replace("var a := 0", "var a := 9")
	var theirs := BASE.replace("var a := 0", "var a := 1")
	var merged := TextMerge.merge3(BASE, ours, theirs)
	eq(merged.ok, false, "both changed line 3")
	eq(merged.get("conflict"), [3, 3], "the clash is named by its lines in ours")


func test_insertions_at_one_place_clash() -> void:
	eq(TextMerge.merge3("a\nb\n", "a\nX\nb\n", "a\nY\nb\n").ok, false, "which goes first would be a guess")


func test_identical_changes_count_once() -> void:
	var both := BASE.replace("var b := 0", "var b := 2")
	eq(TextMerge.merge3(BASE, both, both), {"ok": true, "text": both}, "the same text on both sides")
	var ours := both.replace("var a := 0", "var a := 5")
	eq(TextMerge.merge3(BASE, ours, both), {"ok": true, "text": ours}, "a shared hunk plus one of ours")


func test_unchanged_sides() -> void:
	eq(TextMerge.merge3(BASE, BASE, "new"), {"ok": true, "text": "new"}, "ours untouched: theirs")
	eq(TextMerge.merge3(BASE, "mine", BASE), {"ok": true, "text": "mine"}, "theirs untouched: ours")


func test_hunks() -> void:
	var found: Array = TextMerge.hunks(PackedStringArray(["a", "b", "c"]), PackedStringArray(["a", "B", "c", "d"]))
	eq(found, [{"start": 1, "end": 2, "lines": ["B"]}, {"start": 3, "end": 3, "lines": ["d"]}], "a replacement and an append")
