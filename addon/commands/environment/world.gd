@tool
extends "../../core/command_group.gd"
## environment.*, the world: a WorldEnvironment with a ready Environment from a preset (outdoor day,
## overcast, night, indoor), the sky or background, and a readable summary of every setting that matters.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeWorldEnv := preload("lib/world_environment.gd")

const PRESETS := ["outdoor_day", "overcast", "night", "indoor", "blank"]
const SKIES := ["procedural", "physical", "panorama", "color", "clear"]


func commands() -> Array:
	return [
		{
			"method": "environment.create",
			"summary": "Add the scene's WorldEnvironment with a new Environment from a preset: outdoor_day (procedural sky, filmic), overcast, night, indoor or blank.",
			"params": [
				choice("preset", PRESETS, "Starting look", "outdoor_day"),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", "WorldEnvironment"),
			],
			"example": {"preset": "outdoor_day"},
			"example_scene": "res://scenes/level_3d.tscn",
			"undo": "scene",
			"returns": {"path": "string", "preset": "string", "environment": {"background": "string", "background_energy": "float", "ambient": "Dictionary", "tonemap": "Dictionary", "fog": "Dictionary", "glow": "bool", "sdfgi": "bool", "ssao": "bool", "ssil": "bool", "ssr": "bool", "background_color?": "Color", "sky?": "Dictionary"}},
			"handler": _create,
		},
		{
			"method": "environment.sky",
			"idempotent": true,
			"summary": "Set the background: a procedural sky (top, horizon and ground colours), a physical sky, a panorama image, a plain colour or the clear colour.",
			"params": [
				node_param("node_path", "WorldEnvironment (default: the scene's)", false, ""),
				choice("kind", SKIES, "Background kind", "procedural"),
				opt("top_color", "Color", "Procedural: sky top colour"),
				opt("horizon_color", "Color", "Procedural: sky horizon colour (also the ground horizon)"),
				opt("ground_color", "Color", "Procedural: ground bottom colour"),
				opt("color", "Color", "Colour background"),
				file_param("panorama", "Panorama: an equirectangular image, res://…", [], true, false, "Texture2D", "image"),
				opt("energy", "float", "Background energy multiplier (default: kept)", null, {"min": 0.0}),
			],
			"example": {"kind": "procedural", "top_color": "#3a6ea5", "horizon_color": "#c8d8e8"},
			"example_scene": "res://scenes/level_3d.tscn",
			"example_setup": [{"method": "environment.create", "params": {"preset": "outdoor_day"}}],
			"undo": "scene",
			"returns": {"path": "string", "environment": {"background": "string", "background_energy": "float", "ambient": "Dictionary", "tonemap": "Dictionary", "fog": "Dictionary", "glow": "bool", "sdfgi": "bool", "ssao": "bool", "ssil": "bool", "ssr": "bool", "background_color?": "Color", "sky?": "Dictionary"}},
			"handler": _sky,
		},
		{
			"method": "environment.describe",
			"summary": "The scene's environment in one read: background and sky, ambient light, tonemap and exposure, fog, glow and GI switches.",
			"params": [node_param("node_path", "WorldEnvironment (default: the scene's)", false, "")],
			"example": {},
			"example_scene": "res://scenes/level_3d.tscn",
			"example_setup": [{"method": "environment.create", "params": {"preset": "outdoor_day"}}],
			"read_only": true,
			"returns": {"path": "string", "environment": {"background": "string", "background_energy": "float", "ambient": "Dictionary", "tonemap": "Dictionary", "fog": "Dictionary", "glow": "bool", "sdfgi": "bool", "ssao": "bool", "ssil": "bool", "ssr": "bool", "background_color?": "Color", "sky?": "Dictionary"}},
			"handler": _describe,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var existing: Variant = BridgeWorldEnv.find(BridgeSceneAccess.root())
	if existing is WorldEnvironment:
		return c.failed("the scene already has a WorldEnvironment at %s (one per scene); change it with environment.sky, fog, tonemap or gi" %
				BridgeSceneAccess.path_of(existing), {"path": BridgeSceneAccess.path_of(existing)})
	var world := WorldEnvironment.new()
	world.name = p.name if p.name != "" else "WorldEnvironment"
	world.environment = preset(p.preset)
	BridgeSceneEdit.add(c.step, "add WorldEnvironment (%s)" % p.preset, parent, world)
	return {"path": BridgeSceneAccess.path_of(world), "preset": p.preset, "environment": summary(world.environment)}


## A new Environment for a preset.
static func preset(name: String) -> Environment:
	var env := Environment.new()
	match name:
		"outdoor_day", "overcast":
			var sky_mat := ProceduralSkyMaterial.new()
			if name == "overcast":
				sky_mat.sky_top_color = Color("8a9099")
				sky_mat.sky_horizon_color = Color("b4b8bd")
				sky_mat.ground_horizon_color = Color("b4b8bd")
				env.fog_enabled = true
				env.fog_density = 0.01
			var sky := Sky.new()
			sky.sky_material = sky_mat
			env.background_mode = Environment.BG_SKY
			env.sky = sky
			env.ambient_light_source = Environment.AMBIENT_SOURCE_SKY
			env.tonemap_mode = Environment.TONE_MAPPER_FILMIC
			env.glow_enabled = name == "outdoor_day"
		"night":
			env.background_mode = Environment.BG_COLOR
			env.background_color = Color("0b1020")
			env.ambient_light_source = Environment.AMBIENT_SOURCE_COLOR
			env.ambient_light_color = Color("29335c")
			env.ambient_light_energy = 0.5
			env.tonemap_mode = Environment.TONE_MAPPER_FILMIC
			env.glow_enabled = true
		"indoor":
			env.background_mode = Environment.BG_COLOR
			env.background_color = Color("1a1a1a")
			env.ambient_light_source = Environment.AMBIENT_SOURCE_COLOR
			env.ambient_light_color = Color("cfc6b8")
			env.ambient_light_energy = 0.4
			env.tonemap_mode = Environment.TONE_MAPPER_FILMIC
			env.ssao_enabled = true
	return env


func _sky(c: BridgeCall) -> Variant:
	var p := c.params
	var world: Variant = BridgeWorldEnv.find(p.node_path)
	if world is BridgeError:
		return world
	var env: Variant = BridgeWorldEnv.environment_of(world)
	if env is BridgeError:
		return env
	var values := {}
	if p.has("energy"):
		values["background_energy_multiplier"] = p.energy
	match p.kind:
		"procedural", "physical", "panorama":
			var mat: Material
			if p.kind == "procedural":
				mat = ProceduralSkyMaterial.new()
				if p.has("top_color"):
					mat.sky_top_color = p.top_color
				if p.has("horizon_color"):
					mat.sky_horizon_color = p.horizon_color
					mat.ground_horizon_color = p.horizon_color
				if p.has("ground_color"):
					mat.ground_bottom_color = p.ground_color
			elif p.kind == "physical":
				mat = PhysicalSkyMaterial.new()
			else:
				if not p.has("panorama"):
					return c.invalid("kind panorama needs panorama (an image path)", {"param": "panorama"})
				mat = PanoramaSkyMaterial.new()
				mat.panorama = load(p.panorama)
			var sky := Sky.new()
			sky.sky_material = mat
			values.merge({"background_mode": Environment.BG_SKY, "sky": sky})
		"color":
			if not p.has("color"):
				return c.invalid("kind color needs color", {"param": "color"})
			values.merge({"background_mode": Environment.BG_COLOR, "background_color": p.color})
		"clear":
			values["background_mode"] = Environment.BG_CLEAR_COLOR
	BridgeWorldEnv.apply(c.step, "set sky (%s)" % p.kind, env, values)
	return {"path": BridgeSceneAccess.path_of(world), "environment": summary(env)}


func _describe(c: BridgeCall) -> Variant:
	var p := c.params
	var world: Variant = BridgeWorldEnv.find(p.node_path)
	if world is BridgeError:
		return world
	var env: Variant = BridgeWorldEnv.environment_of(world)
	if env is BridgeError:
		return env
	return {"path": BridgeSceneAccess.path_of(world), "environment": summary(env)}


static func summary(env: Environment) -> Dictionary:
	var bg: String = ["clear_color", "color", "sky", "canvas", "keep", "camera_feed"][env.background_mode]
	var out := {"background": bg, "background_energy": env.background_energy_multiplier,
			"ambient": {"source": ["background", "disabled", "color", "sky"][env.ambient_light_source],
				"color": env.ambient_light_color, "energy": env.ambient_light_energy},
			"tonemap": {"mode": ["linear", "reinhard", "filmic", "aces", "agx"][env.tonemap_mode] if env.tonemap_mode < 5 else env.tonemap_mode,
				"exposure": env.tonemap_exposure, "white": env.tonemap_white},
			"fog": {"enabled": env.fog_enabled, "color": env.fog_light_color, "density": env.fog_density,
				"volumetric": env.volumetric_fog_enabled},
			"glow": env.glow_enabled, "sdfgi": env.sdfgi_enabled, "ssao": env.ssao_enabled, "ssil": env.ssil_enabled,
			"ssr": env.ssr_enabled}
	if bg == "color":
		out["background_color"] = env.background_color
	if env.sky != null and env.sky.sky_material != null:
		var mat: Material = env.sky.sky_material
		out["sky"] = {"material": mat.get_class()}
		if mat is ProceduralSkyMaterial:
			out.sky.merge({"top_color": mat.sky_top_color, "horizon_color": mat.sky_horizon_color,
					"ground_color": mat.ground_bottom_color})
	return out
