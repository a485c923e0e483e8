extends RefCounted
## runtime.screenshot and runtime.capture_frames: PNGs of freshly drawn frames of the game's viewport.
## Every frame is read after a frame_post_draw that follows the request, so none is stale; a frame
## that is all one colour (black, say) or equal to the previous one is flagged, never passed off silently.

const BridgeIpc := preload("ipc.gd")
const BridgeCaptureEffects := preload("capture_effects.gd")

var _tree: SceneTree


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()


func handlers() -> Dictionary:
	return {"runtime.screenshot": screenshot, "runtime.capture_frames": capture_frames}


static func has_renderer() -> bool:
	return DisplayServer.get_name() != "headless"


func no_renderer() -> Dictionary:
	return BridgeIpc.error(BridgeIpc.FAILED, ("the game has no renderer: it runs with --headless, which draws nothing. Play it with a " +
			"display (under Xvfb: ~/.cache/bridge/godot/bin/with-xvfb) and without --headless in run/main_run_args"),
			{"display_server": DisplayServer.get_name()})


func screenshot(p: Dictionary, _call_id: String = "") -> Variant:
	if not has_renderer():
		return no_renderer()
	await RenderingServer.frame_post_draw
	var frame := _grab(p.get("scale", 1.0), null)
	if p.get("path", "") != "":
		var err := _save(frame.image, p.path)
		if err != "":
			return BridgeIpc.error(BridgeIpc.FAILED, err)
		frame.info["saved"] = p.path
	frame.info["image_base64"] = Marshalls.raw_to_base64(frame.image.save_png_to_buffer())
	return frame.info


func capture_frames(p: Dictionary, call_id: String = "") -> Variant:
	if not has_renderer():
		return no_renderer()
	var count: int = p.get("count", 3)
	var interval: int = p.get("interval_frames", 1)
	var save_dir: String = p.get("save_dir", "")
	var software := BridgeCaptureEffects.is_software()
	var lower: Variant = p.get("lower_effects")  # absent: lowered on a software renderer only
	var effects := BridgeCaptureEffects.new()
	var lowered: Array = effects.lower(_tree.root.get_viewport()) if (software if lower == null else lower == true) else []
	var out: Variant = await _capture(p, count, interval, save_dir, call_id)
	effects.restore()
	if out is Dictionary and not out.has("error"):
		out["renderer"] = {"adapter": BridgeCaptureEffects.adapter(), "software": software}
		out["lowered_effects"] = lowered
	return out


## The frames, or an error (cancelled, a file not written); the effects are put back by the caller either way.
func _capture(p: Dictionary, count: int, interval: int, save_dir: String, call_id: String) -> Variant:
	var frames: Array = []
	var previous: Image = null
	var started := Time.get_ticks_usec()
	for i in count:
		if BridgeIpc.cancelled(call_id):
			return BridgeIpc.error(BridgeIpc.CANCELLED, "cancelled by the client after %d of %d frames" % [i, count],
					{"captured": i, "count": count})
		BridgeIpc.progress(call_id, i, count, "frame %d of %d" % [i + 1, count])
		for _w in (1 if i == 0 else interval):
			await RenderingServer.frame_post_draw
		var frame := _grab(p.get("scale", 1.0), previous)
		previous = frame.image
		if save_dir != "":
			var path := save_dir.path_join("frame_%03d.png" % i)
			var err := _save(frame.image, path)
			if err != "":
				return BridgeIpc.error(BridgeIpc.FAILED, err)
			frame.info["saved"] = path
		frames.append(frame)
	var out: Array = []
	for f: Dictionary in frames:  # encode after capturing, so encoding time does not stretch the interval
		f.info["image_base64"] = Marshalls.raw_to_base64(f.image.save_png_to_buffer())
		out.append(f.info)
	return {"count": out.size(), "interval_frames": interval, "capture_usec": Time.get_ticks_usec() - started, "frames": out}


## The viewport's current image, scaled, with what a reader must know about it.
func _grab(scale: float, previous: Image) -> Dictionary:
	var image := _tree.root.get_viewport().get_texture().get_image()
	if not is_equal_approx(scale, 1.0):
		image.resize(maxi(1, roundi(image.get_width() * scale)), maxi(1, roundi(image.get_height() * scale)), Image.INTERPOLATE_BILINEAR)
	var info := {
		"mime_type": "image/png",
		"width": image.get_width(),
		"height": image.get_height(),
		"frame": Engine.get_frames_drawn(),
		"time_ms": Time.get_ticks_msec(),
	}
	var uniform: Variant = _uniform_color(image)
	if uniform != null:
		info["uniform_color"] = [uniform.r, uniform.g, uniform.b, uniform.a]
		info["warning"] = "every pixel is the same colour%s" % (" (black: nothing drawn?)" if uniform.is_equal_approx(Color.BLACK) else "")
	if previous != null and previous.get_data() == image.get_data():
		info["same_as_previous"] = true
	return {"image": image, "info": info}


## The colour when every pixel has it, else null (compared against a filled copy: native, no loop).
static func _uniform_color(image: Image) -> Variant:
	var first := image.get_pixel(0, 0)
	var flat := Image.create(image.get_width(), image.get_height(), image.has_mipmaps(), image.get_format())
	flat.fill(first)
	return first if flat.get_data() == image.get_data() else null


## "" or why the PNG could not be written (the editor already checked the path stays in res:// or user://).
static func _save(image: Image, path: String) -> String:
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	var err := image.save_png(path)
	return "" if err == OK else "cannot write %s: %s" % [path, error_string(err)]
