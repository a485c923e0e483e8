@tool
extends RefCounted
## GDScript source for the script.* commands: compile a text with the engine's own parser and collect
## its errors with line numbers, find top-level declarations and a function's line range, and write a
## script so the editor (and its loaded copy) picks the new text up — as an undoable step (lib/text_step.gd).

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeScriptCompile := preload("../../../core/script_compile.gd")
const BridgeTextStep := preload("../../../lib/text_step.gd")

static var _decl := RegEx.create_from_string(
		"^(?:(?<annos>(?:@\\w+(?:\\([^)]*\\))?\\s+)*)(?<static>static\\s+)?(?<kind>func|var|const|signal|enum|class_name|extends|class)\\b\\s*(?<name>[A-Za-z_][A-Za-z0-9_]*)?)")


## Compiles `text` as the script at `path` would be compiled (core/script_compile.gd, the check every command shares).
static func check(text: String, path: String, server: Node) -> Dictionary:
	return BridgeScriptCompile.check(text, path, server)


## Top-level declarations (and inner classes' names): [{kind, name, line, static, annotations, text}].
static func declarations(text: String) -> Array:
	var out: Array = []
	var lines := text.split("\n")
	for i in lines.size():
		var line := lines[i]
		if line.begins_with("\t") or line.begins_with(" ") or line.strip_edges() == "":
			continue
		var m := _decl.search(line)
		if m == null:
			continue
		out.append({"kind": m.get_string("kind"), "name": m.get_string("name"), "line": i + 1,
				"static": m.get_string("static") != "", "annotations": m.get_string("annos").strip_edges(),
				"text": line.strip_edges()})
	return out


## [first, last] line numbers (1-based) of a top-level function, its annotations and doc comment
## included, trailing blank lines excluded; or [] when the script has no such function.
static func function_range(text: String, name: String) -> Array:
	var lines := text.split("\n")
	var head := -1
	var re := RegEx.create_from_string("^(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:static\\s+)?func\\s+%s\\s*\\(" % name)
	for i in lines.size():
		if re.search(lines[i]) != null:
			head = i
			break
	if head < 0:
		return []
	var first := head
	while first > 0 and (lines[first - 1].begins_with("@") or lines[first - 1].begins_with("##")):
		first -= 1
	var last := head
	for i in range(head + 1, lines.size()):
		var l := lines[i]
		if l.strip_edges() == "" or l.begins_with("\t") or l.begins_with(" "):
			if l.strip_edges() != "":
				last = i
			continue
		break
	return [first + 1, last + 1]


## Replaces a script file's text as one undoable action in the editor's global history. Its undo and redo
## never write over a change made since by someone else (lib/text_step.gd: they merge or keep the file).
static func commit(undo_step: RefCounted, action: String, path: String, old_text: String, new_text: String) -> int:
	return BridgeTextStep.commit(undo_step, "Bridge: " + action, path, old_text, new_text)
