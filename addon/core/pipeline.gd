@tool
extends RefCounted
## The second room of the floor: what every call passes between its arrival and its reply, as an ordered list
## of typed stages (core/stage.gd) over the call (core/call.gd):
##
##   name → check → resolve → audit → said → finish → step → run (the handler) → step → finish → said → audit → … → name
##
## in by enter(), out by leave() in the reverse order. Which stages a command passes is worked out once per
## declaration (_applies()): a read skips step and finish, a command without parameter kinds skips
## resolve, one that runs no code skips audit. The stages only some commands need are loaded on the first call
## that needs them (core/lazy_modules.gd), the others with the pipeline.

const BridgeError := preload("bridge_error.gd")
const BridgeCall := preload("call.gd")
const BridgeStage := preload("stage.gd")
const BridgeCallStats := preload("call_stats.gd")
const BridgeLazyModules := preload("lazy_modules.gd")
const BridgeNameStage := preload("stages/name_stage.gd")
const BridgeCheckStage := preload("stages/check_stage.gd")
const BridgeSaidStage := preload("stages/said_stage.gd")
const BridgeRunStage := preload("stages/run_stage.gd")

## In the order calls enter them: [eager stage, or the lazy stage's path relative to core/].
const ORDER := ["name", "check", BridgeLazyModules.RESOLVE_STAGE, BridgeLazyModules.AUDIT_STAGE, "said",
		BridgeLazyModules.FINISH_STAGE, BridgeLazyModules.STEP_STAGE]

## Per-method usage, counted by the name stage.
var stats := BridgeCallStats.new()
var _eager: Dictionary = {}  # "name", "check", "said" -> BridgeStage
var _lazy: Dictionary = {}  # path -> BridgeStage, made on first use
var _run := BridgeRunStage.new()
## method -> {cmd, stages}: the stages its declaration passes (a reloaded group's new declaration gets new ones).
var _plans: Dictionary = {}


func _init() -> void:
	_eager = {"name": BridgeNameStage.new(stats), "check": BridgeCheckStage.new(), "said": BridgeSaidStage.new()}


## Runs the call through its stages and its handler; the reply: {"result": json} or {"error": {…}}. May await.
func run(c: BridgeCall) -> Dictionary:
	var stages := stages_of(c.declaration)
	var kept: Array = []
	var result: Variant = null
	for stage: BridgeStage in stages:
		var entered: Variant = stage.enter(c)
		if entered is BridgeError:
			result = entered
			break
		kept.append(entered)
	if kept.size() == stages.size():
		result = await _run.run(c)
	for i in range(kept.size() - 1, -1, -1):
		result = stages[i].leave(c, kept[i], result)
	return result


## The stages a declaration's calls pass, in order (worked out on its first call).
func stages_of(cmd: Dictionary) -> Array[BridgeStage]:
	var method: String = cmd.method
	var plan: Variant = _plans.get(method)
	if plan == null or not is_same(plan.cmd, cmd):
		var stages: Array[BridgeStage] = []
		for key: String in ORDER:
			if _eager.has(key):
				stages.append(_eager[key])
			elif _applies(key, cmd):
				stages.append(_lazy_stage(key))
		plan = {"cmd": cmd, "stages": stages}
		_plans[method] = plan
	return plan.stages


## The names of the stages a declaration's calls pass, the handler's place marked "run" (docs, tests).
func describe_stages(cmd: Dictionary) -> Array[String]:
	var names: Array[String] = []
	for stage: BridgeStage in stages_of(cmd):
		names.append(stage.name())
	names.append(_run.name())
	return names


## Whether a lazy stage has anything to do for the declaration, read here from the declaration so that a call
## that does not need the stage does not compile it (a read never loads the undo scope).
static func _applies(path: String, cmd: Dictionary) -> bool:
	match path:
		BridgeLazyModules.RESOLVE_STAGE:
			if cmd.get("needs_scene", false) == true:
				return true
			return cmd.get("params", []).any(func(spec: Dictionary) -> bool: return spec.get("kind", "") != "")
		BridgeLazyModules.AUDIT_STAGE:
			return cmd.get("params", []).any(func(spec: Dictionary) -> bool: return spec.get("evaluates", false) == true)
		_:  # step and finish: every command that writes
			return not cmd.get("read_only", false)


func _lazy_stage(path: String) -> BridgeStage:
	var stage: BridgeStage = _lazy.get(path)
	if stage == null:
		stage = BridgeLazyModules.module(path).new()
		_lazy[path] = stage
	return stage
