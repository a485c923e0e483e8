extends "unit.gd"
## editor.run_script's guard: the tokenizer and the rules (lib/guard/: editor.run_script, runtime.eval and the evaluated expressions).

const Tokens := preload("res://addons/bridge/lib/guard/gd_tokens.gd")
const Guard := preload("res://addons/bridge/lib/guard/script_guard.gd")


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


func test_one_verdict_for_every_command_that_runs_code() -> void:
	var body := "OS.execute(\"ls\", [])"
	var in_editor: Variant = Guard.verdict("editor.run_script", body, false)
	var in_game: Variant = Guard.verdict("runtime.eval", body, false)
	eq(in_game.code, -32004, "a runtime.eval body is refused as unsafe")
	eq(in_game.data, in_editor.data, "with the same refusal as editor.run_script's")
	eq(in_game.message, in_editor.message.replace("editor.run_script", "runtime.eval"), "only the name differs")
	ok(in_game.message.contains("--allow-unsafe-editor-io"), "and it names the flag")
	eq(Guard.verdict("runtime.eval", body, true), "unsafe editor io allowed", "the flag lets it run, with a note")
	var expression: Variant = Guard.verdict("runtime.step", ["1", body], false, false)
	eq(expression.data.line, 2, "a list of expressions is read one a line")
	ok(expression.message.contains("run it with runtime.eval"), "a command with no flag points to runtime.eval's")
	eq(Guard.verdict("runtime.step", ["$Player.position"], false, false), "", "a plain read passes")
