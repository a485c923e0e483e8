@tool
extends "../../core/command_group.gd"
## particles.*, building emitters: add a GPU or CPU emitter (2D or 3D) with a process material and a
## visible draw mesh, change its settings by one set of names, apply a preset, set the colour ramp.
## Every change is one undoable action; the values are read back.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeObjectProps := preload("../../lib/object_props.gd")
const BridgeParticleSettings := preload("lib/particle_settings.gd")

const KINDS := {"gpu_3d": "GPUParticles3D", "gpu_2d": "GPUParticles2D", "cpu_3d": "CPUParticles3D", "cpu_2d": "CPUParticles2D"}
## The sweeps' setup for the commands that change the examples' emitter: a plain GPU emitter named Campfire.
const CAMPFIRE := {"method": "particles.create", "params": {"name": "Campfire", "kind": "gpu_3d"}}
## _apply's result.
const APPLIED := {"path": "string", "type": "string", "values": "Dictionary"}


func commands() -> Array:
	return [
		{
			"method": "particles.create",
			"summary": "Add a particle emitter (GPU with a ParticleProcessMaterial, or CPU; 2D or 3D) with amount, lifetime and shot settings, optionally from a preset; 3D emitters get a small quad to draw.",
			"params": [
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: the class name, made unique)"),
				choice("kind", ["auto"] + KINDS.keys(), "Emitter class (auto: GPU, 2D under a 2D parent, else 3D)", "auto"),
				choice("preset", ["none"] + BridgeParticleSettings.PRESETS.keys(), "Start from a preset", "none"),
				opt("amount", "int", "Particles alive at once (default: the preset's or 16)", null, {"min": 1, "max": 100000}),
				opt("lifetime", "float", "Seconds each particle lives", null, {"min": 0.01}),
				opt("one_shot", "bool", "Emit once instead of continuously"),
				opt("explosiveness", "float", "0: steady stream, 1: all at once", null, {"min": 0, "max": 1}),
				opt("position", "Vector3", "Position (x, y used for 2D)", [0, 0, 0]),
			],
			"example": {"parent": "/root/Main", "name": "Campfire", "kind": "gpu_3d", "preset": "fire"},
			"returns": {"path": "string", "type": "string", "preset": "string", "amount": "int", "lifetime": "float", "one_shot": "bool",
					"explosiveness": "float"},
			"undo": "scene",
			"handler": _create,
		},
		{
			"method": "particles.configure",
			"idempotent": true,
			"summary": "Change emitter settings by ParticleProcessMaterial names for any emitter (direction, spread, initial_velocity_min/max, gravity, scale_min/max, color, emission_shape, emission_sphere_radius, emission_box_extents, damping_min/max, …) and node settings (amount, lifetime, one_shot, …).",
			"params": [
				node_param("node_path", "Particle emitter", true, null, BridgeParticleSettings.EMITTERS),
				req("settings", "Dictionary", "Settings, e.g. {\"emission_shape\": \"Box\", \"emission_box_extents\": [2, 0.1, 2], \"amount\": 64}"),
			],
			"example": {"node_path": "/root/Main/Campfire", "settings": {"amount": 64, "spread": 25, "emission_shape": "Box",
					"emission_box_extents": [0.5, 0.1, 0.5]}},
			"example_setup": [CAMPFIRE],
			"answer_size": "every setting it applied, read back from the emitter (as many as were given)",
			"returns": APPLIED,
			"undo": "scene",
			"handler": _configure,
		},
		{
			"method": "particles.preset",
			"idempotent": true,
			"summary": "Apply a ready-made effect (fire, smoke, sparks, snow, explosion) as real settings: shape, velocities, gravity, scale and a colour ramp (2D emitters in pixels, y down).",
			"params": [
				node_param("node_path", "Particle emitter", true, null, BridgeParticleSettings.EMITTERS),
				choice("preset", BridgeParticleSettings.PRESETS.keys(), "Effect"),
			],
			"example": {"node_path": "/root/Main/Campfire", "preset": "smoke"},
			"example_setup": [CAMPFIRE],
			"answer_size": "every setting the preset applied, read back from the emitter (a preset sets about 20, a colour ramp among them)",
			"returns": APPLIED.merged({"preset": "string"}),
			"undo": "scene",
			"handler": _preset,
		},
		{
			"method": "particles.gradient",
			"summary": "Set the colour over each particle's life from gradient stops.",
			"params": [
				node_param("node_path", "Particle emitter", true, null, BridgeParticleSettings.EMITTERS),
				req("stops", "Array", "Stops [[offset 0..1, colour], …] or [{offset, color}, …]", {"items": "any"}),
			],
			"example": {"node_path": "/root/Main/Campfire", "stops": [[0, "#ffffff"], [1, "#ff000000"]]},
			"example_setup": [CAMPFIRE],
			"returns": APPLIED,
			"undo": "scene",
			"handler": _gradient,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var kind: String = p.kind
	if kind == "auto":
		kind = "gpu_2d" if parent is CanvasItem else "gpu_3d"
	var node: Node = ClassDB.instantiate(KINDS[kind])
	if node is GPUParticles2D or node is GPUParticles3D:
		node.process_material = ParticleProcessMaterial.new()
	if node is GPUParticles3D:
		var quad := QuadMesh.new()
		quad.size = Vector2(0.2, 0.2)
		var mat := StandardMaterial3D.new()
		mat.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
		mat.vertex_color_use_as_albedo = true
		mat.billboard_mode = BaseMaterial3D.BILLBOARD_PARTICLES
		mat.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
		quad.material = mat
		node.draw_pass_1 = quad
	elif node is CPUParticles3D:
		var quad := QuadMesh.new()
		quad.size = Vector2(0.2, 0.2)
		node.mesh = quad
	node.position = p.position if node is Node3D else Vector2(p.position.x, p.position.y)
	var settings: Dictionary = BridgeParticleSettings.preset(p.preset, node) if p.preset != "none" else {}
	for key: String in ["amount", "lifetime", "one_shot", "explosiveness"]:
		if p.has(key):
			settings[key] = p[key]
	var planned: Variant = BridgeParticleSettings.plan(node, settings)
	if planned is BridgeError:
		node.free()
		return planned
	for pair: Array in planned:
		for key: String in pair[1]:
			pair[0].set(key, pair[1][key])
	BridgeSceneEdit.add(c.step, "add %s" % node.get_class(), parent, node, p.name)
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "preset": p.preset,
			"amount": node.amount,
			"lifetime": node.lifetime, "one_shot": node.one_shot, "explosiveness": node.explosiveness}


func _configure(c: BridgeCall) -> Variant:
	var p := c.params
	if p.settings.is_empty():
		return c.invalid("settings is empty", {"param": "settings"})
	return _apply(c.step, p.node_path, p.settings, "configure %s")


func _preset(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var settings := BridgeParticleSettings.preset(p.preset, node)
	var out: Variant = _apply(c.step, p.node_path, settings, "apply %s preset to %%s" % p.preset)
	if out is Dictionary:
		out["preset"] = p.preset
	return out


func _gradient(c: BridgeCall) -> Variant:
	var p := c.params
	return _apply(c.step, p.node_path, {"gradient": p.stops}, "set colour ramp of %s")


## Plans, records as one action and reads back `settings` on an emitter (the router checked its class).
func _apply(undo_step: RefCounted, node: Node, settings: Dictionary, action_format: String) -> Variant:
	var planned: Variant = BridgeParticleSettings.plan(node, settings)
	if planned is BridgeError:
		return planned
	var ur := BridgeSceneAccess.action(undo_step, action_format % node.name)
	BridgeParticleSettings.add_ops(ur, planned)
	ur.commit_action()
	var values := {}
	for pair: Array in planned:
		var read := BridgeObjectProps.read(pair[0], pair[1].keys())
		for key: String in read:
			values[key] = read[key]
	if values.has("color_ramp"):
		var ramp: Variant = values.color_ramp
		var g: Gradient = ramp.gradient if ramp is GradientTexture1D else ramp
		values["color_ramp"] = {"offsets": g.offsets, "colors": g.colors}
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "values": values}
