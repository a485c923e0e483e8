extends "unit.gd"
## editor.run_script's guard: the tokenizer and the rules (commands/editor/lib/).

const Tokens := preload("res://addons/bridge/commands/editor/lib/gd_tokens.gd")
const Guard := preload("res://addons/bridge/commands/editor/lib/script_guard.gd")


func test_tokens_see_through_strings_and_comments() -> void:
	var toks := Tokens.tokenize("var s = \"OS.execute\" # OS.execute\nreturn s")
	var ids := toks.filter(func(t: Dictionary) -> bool: return t.t == "id").map(func(t: Dictionary) -> String: return t.v)
	eq(ids, ["var", "s", "return", "s"], "a string and a comment hold no identifiers")
	eq(toks[toks.size() - 1].line, 2, "tokens keep their line")
	var escaped := Tokens.tokenize("\"exe\\u0063ute\"")
	eq(escaped[0].v, "execute", "a string's value is decoded")


func test_the_guard_refuses_process_execution_and_passes_plain_code() -> void:
	var refusal := Guard.check("OS.execute(\"ls\", [])")
	ok(not refusal.is_empty(), "OS.execute is refused")
	eq(refusal.get("line", 0), 1, "the refusal names its line")
	eq(Guard.check("var x := 1 + 2\nreturn x"), {}, "plain arithmetic passes")
	ok(not Guard.check("OS.call(\"exe\" + \"cute\", \"ls\")").is_empty(), "a method named at run time is refused")
