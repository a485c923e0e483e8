@tool
extends "../../core/command_group.gd"
## particles.*, inspecting and converting: describe an emitter with every setting that differs from the
## default, restart an emitting one in the editor's preview (changing nothing that is saved), and convert a
## GPU emitter to a CPU one (as the editor's "Convert to CPUParticles" does), in place and undoable.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeParticleSettings := preload("lib/particle_settings.gd")
const BridgeEmitters := preload("emitters.gd")


func commands() -> Array:
	return [
		{
			"method": "particles.info",
			"summary": "Describe a particle emitter: class, amount, lifetime, shot settings, and every node and process-material setting that differs from the default.",
			"params": [node_param("node_path", "Particle emitter", true, null, BridgeParticleSettings.EMITTERS)],
			"example": {"node_path": "/root/Main/Campfire"},
			"example_setup": [BridgeEmitters.CAMPFIRE],
			"returns": {"path": "string", "type": "string", "amount": "int", "lifetime": "float", "one_shot": "bool", "explosiveness": "float",
					"emitting": "bool", "settings": "Dictionary", "process_material?": {"class": "string", "settings": "Dictionary"}},
			"read_only": true,
			"handler": _info,
		},
		{
			"method": "particles.restart",
			"summary": "Restart an emitting emitter's simulation in the editor preview; changes nothing that is saved (an emitter whose emitting is off is refused: turning it on is a saved change, made with particles.configure).",
			"params": [node_param("node_path", "Particle emitter", true, null, BridgeParticleSettings.EMITTERS)],
			"example": {"node_path": "/root/Main/Campfire"},
			"example_setup": [BridgeEmitters.CAMPFIRE],
			"returns": {"path": "string", "emitting": "bool", "restarted": "bool"},
			"undo": "none",
			"handler": _restart,
		},
		{
			"method": "particles.convert_to_cpu",
			"summary": "Replace a GPUParticles2D/3D with an equivalent CPUParticles2D/3D (same name, place and children), for platforms without compute.",
			"params": [node_param("node_path", "GPUParticles2D or GPUParticles3D", true, null, ["GPUParticles2D", "GPUParticles3D"])],
			"example": {"node_path": "/root/Main/Campfire"},
			"example_setup": [BridgeEmitters.CAMPFIRE],
			"returns": {"path": "string", "type": "string", "amount": "int", "lifetime": "float", "emission_shape": "int"},
			"undo": "scene",
			"handler": _convert,
		},
	]


func _info(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var out := {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "amount": node.amount, "lifetime": node.lifetime,
			"one_shot": node.one_shot, "explosiveness": node.explosiveness, "emitting": node.emitting,
			"settings": _changed(node, ["amount", "lifetime", "one_shot", "explosiveness", "emitting", "position", "transform"])}
	if "process_material" in node and node.process_material:
		out["process_material"] = {"class": node.process_material.get_class(), "settings": _changed(node.process_material, [])}
	return out


func _restart(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	if not node.emitting:
		# restart() would turn emitting on: a property saved with the scene, set outside any history
		return c.failed(("%s is not emitting (emitting is off, as it is saved); turn it on with "
				+ "particles.configure {\"node_path\": \"%s\", \"settings\": {\"emitting\": true}} (undoable), then restart it")
				% [BridgeSceneAccess.path_of(node), BridgeSceneAccess.path_of(node)], {"param": "node_path",
						"emitting": false})
	node.restart()  # the seed it may draw is saved only with use_fixed_seed, and then restart() keeps it
	return {"path": BridgeSceneAccess.path_of(node), "emitting": node.emitting, "restarted": true}


func _convert(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	if node == BridgeSceneAccess.root():
		return c.failed("particles.convert_to_cpu cannot replace the scene's root")
	var cpu: Node = CPUParticles3D.new() if node is GPUParticles3D else CPUParticles2D.new()
	cpu.convert_from_particles(node)
	cpu.name = node.name
	cpu.transform = node.transform
	cpu.visible = node.visible
	var parent: Node = node.get_parent()
	var index: int = node.get_index()
	var children: Array = node.get_children()
	var ur := BridgeSceneAccess.action(c.step, "convert %s to %s" % [node.name, cpu.get_class()])
	# out first: the new node takes the old one's name; undo takes the new one out (children and all) first too
	ur.add_do_method(parent, "remove_child", node)
	BridgeSceneEdit.add_to_action(ur, parent, cpu)
	ur.add_do_method(parent, "move_child", cpu, index)
	for child: Node in children:
		ur.add_do_method(node, "remove_child", child)
		ur.add_do_method(cpu, "add_child", child, true)
		BridgeSceneAccess.add_owner_ops(ur, BridgeSceneAccess.owner_pairs(child), false)
	for child: Node in children:
		ur.add_undo_method(cpu, "remove_child", child)
		ur.add_undo_method(node, "add_child", child, true)
	ur.add_undo_method(parent, "add_child", node, true)
	ur.add_undo_method(parent, "move_child", node, index)
	BridgeSceneAccess.add_owner_ops(ur, BridgeSceneAccess.owner_pairs(node), true)
	ur.add_undo_reference(node)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(cpu), "type": cpu.get_class(), "amount": cpu.amount,
			"lifetime": cpu.lifetime,
			"emission_shape": cpu.emission_shape}


## Editor-visible properties that differ from a fresh object of the same class (minus `skip`).
func _changed(obj: Object, skip: Array) -> Dictionary:
	var fresh: Object = ClassDB.instantiate(obj.get_class())
	var out := {}
	for info: Dictionary in obj.get_property_list():
		if not info.usage & PROPERTY_USAGE_EDITOR or info.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			continue
		if info.name in skip or info.name.begins_with("resource_"):
			continue
		var v: Variant = obj.get(info.name)
		if typeof(v) != typeof(fresh.get(info.name)) or v != fresh.get(info.name):
			out[info.name] = v
	if fresh is Node:
		fresh.free()
	return out
