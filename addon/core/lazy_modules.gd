@tool
extends RefCounted
## The core scripts only some calls need, loaded on the first call that needs them or by warm_next() in an idle
## frame after start, so the editor's start compiles none of them (docs/performance.md, "Compiling what a bare
## editor does not use in its first second"): the pipeline's stages for parameter kinds, the code audit, the undo
## step and the written files' follow-up, and the JSON Schemas behind describe (engine.commands, tools/list).
## A stage is held typed as core/stage.gd once loaded, so nothing here is called by name on a call's path.
## Every function is static: `const BridgeLazyModules := preload("lazy_modules.gd")`.

## Any core script, for the folder the paths below are relative to.
const BridgeError := preload("bridge_error.gd")

const PARAM_KINDS := "param_kinds.gd"
const UNDO_SCOPE := "undo_scope.gd"
const SCHEMA := "schema.gd"
const RESOLVE_STAGE := "stages/resolve_stage.gd"
const AUDIT_STAGE := "stages/audit_stage.gd"
const STEP_STAGE := "stages/step_stage.gd"
const FINISH_STAGE := "stages/finish_stage.gd"
## In the order warm_next() loads them: a stage's own dependencies come with it.
const ALL: Array[String] = [RESOLVE_STAGE, STEP_STAGE, AUDIT_STAGE, FINISH_STAGE, SCHEMA]

## Loaded so far: path relative to core/ → GDScript.
static var _loaded: Dictionary = {}


## One of the scripts above, loaded on its first use.
static func module(rel: String) -> GDScript:
	var script: GDScript = _loaded.get(rel)
	if script == null:
		var core: String = (BridgeError as Script).resource_path.get_base_dir()
		script = load(core.path_join(rel)) as GDScript
		_loaded[rel] = script
	return script


## Loads the next of ALL not loaded yet (an idle frame's share, before the deferred group files); false when
## all are.
static func warm_next() -> bool:
	for rel in ALL:
		if not _loaded.has(rel):
			module(rel)
			return true
	return false

