@tool
extends RefCounted
## Particle emitter settings by one set of names for all four emitters (GPUParticles2D/3D with their
## ParticleProcessMaterial, CPUParticles2D/3D with the same settings on the node), the colour ramp as
## gradient stops, and the presets (fire, smoke, sparks, snow, explosion) as plain settings.
## `const BridgeParticleSettings := preload("lib/particle_settings.gd")`.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")
const BridgeObjectProps := preload("../../../lib/object_props.gd")

const EMITTERS := ["GPUParticles2D", "GPUParticles3D", "CPUParticles2D", "CPUParticles3D"]
## ParticleProcessMaterial name → CPUParticles name where they differ.
const CPU_NAMES := {"scale_min": "scale_amount_min", "scale_max": "scale_amount_max", "color_ramp": "color_ramp"}
## Settings that are distances or speeds: multiplied for 2D presets, whose unit is a pixel.
const DISTANCES := ["initial_velocity_min", "initial_velocity_max", "gravity", "emission_sphere_radius", "emission_box_extents"]
const PIXELS_PER_UNIT := 40.0

const PRESETS := {
	"fire": {"amount": 48, "lifetime": 1.0, "emission_shape": "Sphere", "emission_sphere_radius": 0.2, "direction": [0, 1, 0],
			"spread": 15.0, "initial_velocity_min": 1.0, "initial_velocity_max": 2.0, "gravity": [0, 1.5, 0],
			"scale_min": 0.6, "scale_max": 1.2,
			"gradient": [[0.0, "#fff27a"], [0.4, "#ff8a1c"], [1.0, "#c0200000"]]},
	"smoke": {"amount": 24, "lifetime": 3.0, "emission_shape": "Sphere", "emission_sphere_radius": 0.3, "direction": [0, 1, 0],
			"spread": 20.0, "initial_velocity_min": 0.4, "initial_velocity_max": 0.8, "gravity": [0, 0.3, 0],
			"scale_min": 1.0, "scale_max": 2.0, "gradient": [[0.0, "#5a5a5a99"], [1.0, "#8a8a8a00"]]},
	"sparks": {"amount": 40, "lifetime": 0.6, "explosiveness": 0.8, "emission_shape": "Point", "direction": [0, 1, 0],
			"spread": 60.0, "initial_velocity_min": 3.0, "initial_velocity_max": 6.0, "gravity": [0, -9.8, 0],
			"scale_min": 0.1, "scale_max": 0.2, "gradient": [[0.0, "#ffffe0"], [0.5, "#ffb020"], [1.0, "#ff400000"]]},
	"snow": {"amount": 100, "lifetime": 6.0, "emission_shape": "Box", "emission_box_extents": [8, 0.2, 8], "direction": [0, -1, 0],
			"spread": 10.0, "initial_velocity_min": 0.5, "initial_velocity_max": 1.0, "gravity": [0, -0.5, 0],
			"scale_min": 0.1, "scale_max": 0.2, "gradient": [[0.0, "#ffffff"], [1.0, "#ffffffcc"]]},
	"explosion": {"amount": 64, "lifetime": 1.0, "one_shot": true, "explosiveness": 1.0, "emission_shape": "Sphere",
			"emission_sphere_radius": 0.1, "spread": 180.0, "initial_velocity_min": 4.0, "initial_velocity_max": 8.0,
			"gravity": [0, -4, 0], "damping_min": 2.0, "damping_max": 4.0, "scale_min": 0.5, "scale_max": 1.0,
			"gradient": [[0.0, "#ffffff"], [0.2, "#ffd040"], [0.6, "#ff5010"], [1.0, "#30303000"]]},
}


## [[object, {property: coerced value}], …] for every setting, or a BridgeError: process-material names go
## to the ParticleProcessMaterial of a GPU emitter, other names (amount, lifetime, …) to the node.
static func plan(node: Node, settings: Dictionary) -> Variant:
	var gpu := node is GPUParticles2D or node is GPUParticles3D
	var material: Object = node.process_material if gpu else null
	if gpu and not material is ParticleProcessMaterial:
		return BridgeError.failed("%s has no ParticleProcessMaterial; give it one with particles.create or material.assign" % BridgeSceneAccess.path_of(node))
	var on_node := {}
	var on_material := {}
	for key: String in settings:
		var value: Variant = settings[key]
		if key == "gradient":
			continue
		var target: Object = node
		var name := key
		if gpu and _has(material, key):
			target = material
		elif not gpu and CPU_NAMES.has(key):
			name = CPU_NAMES[key]
		if node is CPUParticles2D and key == "emission_box_extents":
			name = "emission_rect_extents"  # CPUParticles2D's names for the box
		if node is CPUParticles2D and key == "emission_shape" and value is String and value.to_lower() == "box":
			value = "Rectangle"
		var info: Variant
		if _has(target, name):
			info = BridgeSceneAccess.property_info(target, name)
		elif gpu and not _has(node, name):
			info = BridgeSceneAccess.property_info(material, name)  # its did-you-mean lists the emitter settings
		else:
			info = BridgeSceneAccess.property_info(node, name)
		if info is BridgeError:
			return info
		if info.type == TYPE_VECTOR3 and value is Array and value.size() == 2:
			value = value + [0]  # a 2D emitter's process material is 3D: z stays 0
		var coerced: Variant = BridgeSceneAccess.coerce(value, info)
		if coerced is BridgeError:
			return coerced
		(on_material if target == material else on_node)[name] = coerced
	var out: Array = [[node, on_node]]
	if material:
		out.append([material, on_material])
	if settings.has("gradient"):
		var ramp: Variant = gradient(settings.gradient)
		if ramp is BridgeError:
			return ramp
		if gpu:
			var tex := GradientTexture1D.new()
			tex.gradient = ramp
			out[1][1]["color_ramp"] = tex
		else:
			out[0][1]["color_ramp"] = ramp
	return out


## Adds the do/undo property changes of a plan to an open action.
static func add_ops(ur: EditorUndoRedoManager, planned: Array) -> void:
	for pair: Array in planned:
		BridgeObjectProps.add_ops(ur, pair[0], pair[1])


## A preset's settings for an emitter: 2D emitters get y flipped and distances in pixels.
static func preset(name: String, node: Node) -> Dictionary:
	var out: Dictionary = PRESETS[name].duplicate(true)
	if node is GPUParticles2D or node is CPUParticles2D:
		for key: String in out.keys():
			var v: Variant = out[key]
			if key in ["direction", "gravity"]:
				v = [v[0], -v[1], v[2]]  # 2D y points down
			if key in DISTANCES:
				v = v.map(func(x: float) -> float: return x * PIXELS_PER_UNIT) if v is Array else v * PIXELS_PER_UNIT
			if node is CPUParticles2D and v is Array and v.size() == 3:
				v = v.slice(0, 2)  # CPUParticles2D takes Vector2 settings
			out[key] = v
	return out


## A Gradient from [[offset, colour], …] or [{offset, color}, …], or a BridgeError.
static func gradient(stops: Variant) -> Variant:
	if not stops is Array or stops.size() < 1:
		return BridgeError.invalid("gradient stops must be a non-empty array of [offset, colour] or {offset, color}",
				{"param": "stops"})
	var g := Gradient.new()
	var offsets := PackedFloat32Array()
	var colors := PackedColorArray()
	for stop: Variant in stops:
		var offset: Variant = stop[0] if stop is Array and stop.size() == 2 else (stop.get("offset") if stop is Dictionary else null)
		var color: Variant = stop[1] if stop is Array and stop.size() == 2 else (stop.get("color") if stop is Dictionary else null)
		var c: Variant = preload("../../../core/params.gd").parse_color(color) if color != null else null
		if not (offset is float or offset is int) or offset < 0 or offset > 1 or c == null:
			return BridgeError.invalid("gradient stop %s needs an offset 0..1 and a colour" % JSON.stringify(stop),
					{"param": "stops"})
		offsets.append(offset)
		colors.append(c)
	g.offsets = offsets
	g.colors = colors
	return g


static func _has(obj: Object, property: String) -> bool:
	for info: Dictionary in obj.get_property_list():
		if info.name == property:
			return true
	return false
