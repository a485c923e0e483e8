@tool
extends "../stage.gd"
## finish: what a command that writes leaves behind is settled before the next call. Before the handler, a file
## another program changed reaches its open tab (so the command cannot save over it); after, the editor's open
## copies hold what the command wrote, the write journal names who wrote each file (an undo that finds the file
## changed since names the write: lib/text_step.gd), and every script it wrote is compiled: the answer says
## whether it compiles, and editor.errors lists what does not until a later write fixes it.

const BridgeError := preload("../bridge_error.gd")
const BridgeOpenTextSync := preload("../open_text_sync.gd")
const BridgeWriteJournal := preload("../write_journal.gd")
const BridgeCompileErrors := preload("../compile_errors.gd")


func name() -> String:
	return "finish"


func enter(_c: BridgeCall) -> Variant:
	BridgeOpenTextSync.settle()
	return null


func leave(c: BridgeCall, _kept: Variant, result: Variant) -> Variant:
	var specs: Array = c.declaration.get("params", [])
	var written := written_paths(specs, c.params)
	BridgeOpenTextSync.settle(written)
	if not written.is_empty() and not result is BridgeError:
		BridgeWriteJournal.note(c.method, c.client, written)
	# an undo's or redo's scripts too (core/compile_errors.gd)
	return BridgeCompileErrors.answer(result, written_paths(specs, c.params, "compiles"))


## The values of the parameters declared `writes_path` (the files and folders a command writes), and those
## declared `also` (`compiles`: a script the command loads, node.script_attach's).
static func written_paths(specs: Array, values: Dictionary, also: String = "") -> Array:
	var out: Array = []
	for spec: Dictionary in specs:
		if (spec.get("writes_path", false) or (also != "" and spec.get(also, false))) and values.get(spec.name) is String:
			out.append(values[spec.name])
	return out
