@tool
extends "../../core/command_group.gd"
## environment.*, effects: fog (and volumetric fog), tonemapping with exposure, glow and colour
## adjustments, and global illumination (SDFGI, SSAO, SSIL, SSR) with ambient light. Each command sets
## only what it is given, in one undo step, and reads the values back.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeWorldEnv := preload("lib/world_environment.gd")

const TONEMAPS := {"linear": Environment.TONE_MAPPER_LINEAR, "reinhard": Environment.TONE_MAPPER_REINHARDT,
		"filmic": Environment.TONE_MAPPER_FILMIC, "aces": Environment.TONE_MAPPER_ACES, "agx": 4}
const AMBIENT := {"background": Environment.AMBIENT_SOURCE_BG, "disabled": Environment.AMBIENT_SOURCE_DISABLED,
		"color": Environment.AMBIENT_SOURCE_COLOR, "sky": Environment.AMBIENT_SOURCE_SKY}

## parameter → Environment property, per command.
const FOG := {"enabled": "fog_enabled", "color": "fog_light_color", "density": "fog_density",
		"sky_affect": "fog_sky_affect", "height": "fog_height", "height_density": "fog_height_density",
		"volumetric": "volumetric_fog_enabled", "volumetric_density": "volumetric_fog_density",
		"volumetric_albedo": "volumetric_fog_albedo"}
const TONE := {"tonemap": "tonemap_mode", "exposure": "tonemap_exposure", "white": "tonemap_white",
		"glow": "glow_enabled", "glow_intensity": "glow_intensity", "glow_bloom": "glow_bloom",
		"adjustments": "adjustment_enabled", "brightness": "adjustment_brightness",
		"contrast": "adjustment_contrast", "saturation": "adjustment_saturation"}
const GI := {"sdfgi": "sdfgi_enabled", "sdfgi_cascades": "sdfgi_cascades", "sdfgi_energy": "sdfgi_energy",
		"ssao": "ssao_enabled", "ssao_intensity": "ssao_intensity", "ssil": "ssil_enabled", "ssr": "ssr_enabled",
		"ambient_source": "ambient_light_source", "ambient_color": "ambient_light_color",
		"ambient_energy": "ambient_light_energy", "sky_contribution": "ambient_light_sky_contribution"}


func commands() -> Array:
	var env_param := node_param("node_path", "WorldEnvironment (default: the scene's)", false, "")
	return [
		{
			"method": "environment.fog",
			"idempotent": true,
			"summary": "Set the environment's fog: on/off, colour, density, height fog, sky affect, and volumetric fog (Forward+ only).",
			"params": [
				env_param,
				opt("enabled", "bool", "Depth fog on or off"),
				opt("color", "Color", "Fog light colour"),
				opt("density", "float", "Exponential density, e.g. 0.01", null, {"min": 0.0}),
				opt("sky_affect", "float", "How much fog covers the sky, 0..1", null, {"min": 0.0, "max": 1.0}),
				opt("height", "float", "Height where height fog starts (metres)"),
				opt("height_density", "float", "Height fog density (0 = off; negative fogs above the height)"),
				opt("volumetric", "bool", "Volumetric fog on or off"),
				opt("volumetric_density", "float", "Volumetric fog density", null, {"min": 0.0}),
				opt("volumetric_albedo", "Color", "Volumetric fog colour"),
			],
			"example": {"enabled": true, "color": "#a0b0c0", "density": 0.02},
			"example_scene": "res://scenes/level_3d.tscn",
			"example_setup": [{"method": "environment.create", "params": {"preset": "outdoor_day"}}],
			"undo": "scene",
			"returns": {"path": "string", "values": "Dictionary"},
			"handler": _fog,
		},
		{
			"method": "environment.tonemap",
			"idempotent": true,
			"summary": "Set tonemapping (linear, reinhard, filmic, aces, agx) with exposure and white point, glow, and brightness/contrast/saturation adjustments.",
			"params": [
				env_param,
				choice("tonemap", TONEMAPS.keys() + [""], "Tonemapper (\"\" keeps it)", ""),
				opt("exposure", "float", "Exposure multiplier", null, {"min": 0.0}),
				opt("white", "float", "White point", null, {"min": 0.0}),
				opt("glow", "bool", "Glow (bloom) on or off"),
				opt("glow_intensity", "float", "Glow intensity", null, {"min": 0.0}),
				opt("glow_bloom", "float", "Bloom amount 0..1", null, {"min": 0.0, "max": 1.0}),
				opt("adjustments", "bool", "Colour adjustments on or off"),
				opt("brightness", "float", "Brightness (1 = unchanged)", null, {"min": 0.0}),
				opt("contrast", "float", "Contrast (1 = unchanged)", null, {"min": 0.0}),
				opt("saturation", "float", "Saturation (1 = unchanged)", null, {"min": 0.0}),
			],
			"example": {"tonemap": "filmic", "exposure": 1.1, "glow": true},
			"example_scene": "res://scenes/level_3d.tscn",
			"example_setup": [{"method": "environment.create", "params": {"preset": "outdoor_day"}}],
			"undo": "scene",
			"returns": {"path": "string", "values": "Dictionary"},
			"handler": _tonemap,
		},
		{
			"method": "environment.gi",
			"idempotent": true,
			"summary": "Set global illumination and ambient light: SDFGI, SSAO, SSIL, SSR on/off with key settings, and the ambient light source, colour and energy.",
			"params": [
				env_param,
				opt("sdfgi", "bool", "Signed-distance-field GI (Forward+)"),
				opt("sdfgi_cascades", "int", "SDFGI cascades 1..8", null, {"min": 1, "max": 8}),
				opt("sdfgi_energy", "float", "SDFGI energy", null, {"min": 0.0}),
				opt("ssao", "bool", "Screen-space ambient occlusion"),
				opt("ssao_intensity", "float", "SSAO intensity", null, {"min": 0.0}),
				opt("ssil", "bool", "Screen-space indirect lighting"),
				opt("ssr", "bool", "Screen-space reflections"),
				choice("ambient_source", AMBIENT.keys() + [""], "Ambient light from the background, sky, a colour, or disabled (\"\" keeps it)", ""),
				opt("ambient_color", "Color", "Ambient colour"),
				opt("ambient_energy", "float", "Ambient energy", null, {"min": 0.0}),
				opt("sky_contribution", "float", "How much of the ambient light comes from the sky, 0..1", null, {"min": 0.0, "max": 1.0}),
			],
			"example": {"ssao": true, "ambient_source": "sky", "ambient_energy": 0.8},
			"example_scene": "res://scenes/level_3d.tscn",
			"example_setup": [{"method": "environment.create", "params": {"preset": "outdoor_day"}}],
			"undo": "scene",
			"returns": {"path": "string", "values": "Dictionary"},
			"handler": _gi,
		},
	]


func _fog(c: BridgeCall) -> Variant:
	var p := c.params
	return _apply(c.step, p, FOG, "set fog")


func _tonemap(c: BridgeCall) -> Variant:
	var p := c.params
	return _apply(c.step, p, TONE, "set tonemap")


func _gi(c: BridgeCall) -> Variant:
	var p := c.params
	return _apply(c.step, p, GI, "set global illumination")


func _apply(undo_step: RefCounted, p: Dictionary, table: Dictionary, action_name: String) -> Variant:
	var world: Variant = BridgeWorldEnv.find(p.node_path)
	if world is BridgeError:
		return world
	var env: Variant = BridgeWorldEnv.environment_of(world)
	if env is BridgeError:
		return env
	var values := {}
	for param: String in table:
		if not p.has(param) or (p[param] is String and p[param] == ""):
			continue
		var value: Variant = p[param]
		if param == "tonemap":
			value = TONEMAPS[value]
		elif param == "ambient_source":
			value = AMBIENT[value]
		values[table[param]] = value
	if values.is_empty():
		return BridgeError.invalid("nothing to set: give at least one of %s" % ", ".join(PackedStringArray(table.keys())),
				{"param": table.keys()[0]})
	return {"path": BridgeSceneAccess.path_of(world), "values": BridgeWorldEnv.apply(undo_step, action_name, env, values)}
