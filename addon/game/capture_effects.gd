extends RefCounted
## For runtime.capture_frames on a software renderer (llvmpipe, SwiftShader): the environment's costliest
## effects switched off while the frames are captured, then put back as they were, so a capture on a CI machine
## does not take seconds a frame. The answer names what was lowered: those frames are not the game's full look.

## Environment switches that cost the most on a CPU rasteriser, in the order they are reported.
const EFFECTS := ["ssao_enabled", "ssil_enabled", "sdfgi_enabled", "volumetric_fog_enabled", "glow_enabled", "ssr_enabled"]
const SOFTWARE := ["llvmpipe", "softpipe", "lavapipe", "swiftshader", "software"]

## [[environment, property]] switched off, for restore().
var _lowered: Array = []


## The GPU's name as the driver gives it (e.g. "llvmpipe (LLVM 15.0.7, 256 bits)").
static func adapter() -> String:
	return RenderingServer.get_video_adapter_name()


static func is_software() -> bool:
	var name := adapter().to_lower()
	return SOFTWARE.any(func(s: String) -> bool: return name.contains(s))


## Switches off the enabled EFFECTS of the environments the viewport draws with (the world's, its camera's)
## and returns their names, "property" or "property (camera)".
func lower(viewport: Viewport) -> Array:
	var names: Array = []
	var world := viewport.find_world_3d()
	var camera := viewport.get_camera_3d()
	var sources := [[world.environment if world else null, ""], [camera.environment if camera else null, " (camera)"]]
	for source: Array in sources:
		var env: Environment = source[0]
		if env == null:
			continue
		for property: String in EFFECTS:
			if env.get(property) == true:
				env.set(property, false)
				_lowered.append([env, property])
				names.append(property + str(source[1]))
	return names


## Puts back what lower() switched off.
func restore() -> void:
	for entry: Array in _lowered:
		var env: Environment = entry[0]
		env.set(entry[1], true)
	_lowered.clear()
