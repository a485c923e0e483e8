@tool
extends "../../lib/game_command.gd"
## runtime.frame_baseline and runtime.frame_compare: visual regression checks of the running game. A baseline
## is a named PNG of a frame in a folder of the project (a .gdignore keeps the editor from importing it); a
## later frame is compared with it pixel by pixel in the editor (lib/frame_diff.gd), with a per-channel
## tolerance and masked rectangles, and the answer says how much changed, where, and shows it. docs/frames.md.

const BridgeFrameDiff := preload("lib/frame_diff.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeCallContext := preload("../../core/call_context.gd")

const DEFAULT_DIR := "res://baselines"
const BOX := {"x": "int", "y": "int", "width": "int", "height": "int", "pixels": "int"}
const DIFF := {"mime_type": "string", "width": "int", "height": "int", "image_base64": "string", "saved?": "string"}


func commands() -> Array:
	return [
		{
			"method": "runtime.frame_baseline",
			"summary": "Capture the running game's next drawn frame as the named baseline <baseline_dir>/<name>.png, for runtime.frame_compare and test.run_scenario's assert_frame; refuses to replace an existing baseline unless told.",
			"params": [
				req("name", "string", "Baseline name, a file name without .png, e.g. title_screen"),
				opt("baseline_dir", "string", "Folder of the baselines (res:// or user://; a .gdignore is written into a new res:// one so the editor does not import them)", DEFAULT_DIR, {"writes_path": true}),
				opt("replace", "bool", "Overwrite a baseline of that name", false),
				opt("scale", "float", "Size factor, e.g. 0.5 for half size (compare with the same scale)", 1.0, {"min": 0.05, "max": 1.0}),
			],
			"example": {"name": "sweep_start", "baseline_dir": "user://baselines", "replace": true},
			"needs": "game",
			"undo": "none",
			"returns": {"name": "string", "path": "string", "width": "int", "height": "int", "frame": "int", "replaced": "bool", "warning?": "string"},
			"handler": _baseline,
		},
		{
			"method": "runtime.frame_compare",
			"verdict": "ok",
			"summary": "Compare the running game's next drawn frame (or a PNG file) with a named baseline: changed pixels beyond a per-channel tolerance outside masked rectangles, the changed fraction, bounding boxes of the change and a diff image (MCP: image content; CLI: --out diff.png) when anything changed.",
			"params": [
				req("name", "string", "Baseline name (runtime.frame_baseline made it)"),
				opt("baseline_dir", "string", "Folder of the baselines (res:// or user://)", DEFAULT_DIR),
				opt("tolerance", "int", "Largest difference of one colour channel (0-255) that still counts as the same pixel; 0: exact", 0, {"min": 0, "max": 255}),
				opt("masks", "Array", "Rectangles left out, in the baseline's pixels: [{x, y, width, height}] (a clock, particles)", [], {"items": "Dictionary"}),
				opt("max_changed_fraction", "float", "ok while at most this fraction of the compared pixels changed; 0: none may", 0.0, {"min": 0.0, "max": 1.0}),
				opt("path", "string", "Compare this PNG (res:// or user://) instead of a live frame, e.g. one runtime.capture_frames saved"),
				opt("scale", "float", "Size factor of the live frame; use the baseline's", 1.0, {"min": 0.05, "max": 1.0}),
				opt("diff_path", "string", "Also write the diff image here (res:// or user://)", null, {"writes_path": true}),
			],
			"example": {"name": "sweep_start", "baseline_dir": "user://baselines", "tolerance": 2},
			"example_setup": [{"method": "runtime.frame_baseline", "params": {"name": "sweep_start", "baseline_dir": "user://baselines", "replace": true}}],
			"read_only": true,
			"needs": "game",
			"returns": {"name": "string", "ok": "bool", "baseline": "string", "width": "int", "height": "int", "tolerance": "int", "changed_pixels": "int",
					"compared_pixels": "int", "masked_pixels": "int", "changed_fraction": "float", "max_changed_fraction": "float",
					"max_channel_delta": "int", "boxes": [BOX], "boxes_total": "int", "size_mismatch?": "string", "diff?": DIFF, "frame?": "int"},
			"handler": _compare,
		},
	]


func _baseline(c: BridgeCall) -> Variant:
	var p := c.params
	var context := c.context
	var file: Variant = _file(p.baseline_dir, p.name)
	if file is BridgeError:
		return file
	var existed := FileAccess.file_exists(file)
	if existed and not p.replace:
		return c.invalid("the baseline %s exists; pass replace: true to overwrite it (runtime.frame_compare shows how the game differs from it)" % file,
				{"param": "replace", "path": file})
	var frame: Variant = await _live_frame(p.scale, context)
	if frame is BridgeError:
		return frame
	var image: Image = frame.image
	var made := _make_dir(p.baseline_dir)
	if made != "":
		return c.failed("%s" % made, {"param": "baseline_dir"})
	var err := BridgeFileOps.write_bytes(file,
			image.save_png_to_buffer())  # temp file and rename: never half a baseline
	if err != OK:
		return c.failed("cannot write %s: %s" % [file, error_string(err)], {"param": "baseline_dir"})
	var out := {"name": p.name, "path": file, "width": image.get_width(), "height": image.get_height(), "frame": frame.info.frame, "replaced": existed}
	if frame.info.has("warning"):
		out["warning"] = "%s; a baseline of it proves little" % frame.info.warning
	return out


func _compare(c: BridgeCall) -> Variant:
	var p := c.params
	var context := c.context
	var file: Variant = _file(p.baseline_dir, p.name)
	if file is BridgeError:
		return file
	if not FileAccess.file_exists(file):
		var listed := DirAccess.get_files_at(p.baseline_dir) if DirAccess.dir_exists_absolute(p.baseline_dir) else PackedStringArray()
		var names := Array(listed).filter(func(f: String) -> bool: return f.ends_with(".png")).map(
				func(f: String) -> String: return f.get_basename())
		return c.not_found("no baseline '%s' in %s (%s); make it with runtime.frame_baseline {name: \"%s\"}" % [
				p.name, p.baseline_dir, "it has: " + ", ".join(names) if not names.is_empty() else "it has none", p.name], {"param": "name", "path": file})
	var masks: Variant = _masks(p.masks)
	if masks is BridgeError:
		return masks
	var baseline := Image.new()
	if baseline.load(ProjectSettings.globalize_path(file)) != OK:
		return c.failed("%s is not a readable PNG" % file, {"param": "name"})
	var current: Image
	var frame_number := -1
	if p.has("path"):
		var source: Variant = BridgeParams.jail_path(p.path)
		if source is BridgeError:
			return c.error(BridgeError.PATH_REFUSED, "parameter 'path' %s" % source.message, {"param": "path"})
		var source_path: String = source
		current = Image.new()
		if not FileAccess.file_exists(source_path) or current.load(ProjectSettings.globalize_path(source_path)) != OK:
			return c.not_found("%s is no readable image" % source_path, {"param": "path"})
	else:
		var frame: Variant = await _live_frame(p.scale, context)
		if frame is BridgeError:
			return frame
		current = frame.image
		frame_number = frame.info.frame
	var out := {"name": p.name, "baseline": file, "width": current.get_width(), "height": current.get_height(), "tolerance": p.tolerance,
			"max_changed_fraction": p.max_changed_fraction}
	if frame_number >= 0:
		out["frame"] = frame_number
	if current.get_size() != baseline.get_size():
		var ratio: float = float(baseline.get_width()) / current.get_width() * p.scale
		out.merge({"ok": false, "changed_pixels": current.get_width() * current.get_height(), "compared_pixels": current.get_width() * current.get_height(),
				"masked_pixels": 0, "changed_fraction": 1.0, "max_channel_delta": 255, "boxes": [], "boxes_total": 0,
				"size_mismatch": "the baseline is %dx%d, the frame %dx%d: capture with the baseline's scale (about %.2f), or make the baseline again" % [
					baseline.get_width(), baseline.get_height(), current.get_width(), current.get_height(), ratio]})
		return out
	var compared := BridgeFrameDiff.compare(baseline, current, p.tolerance, masks)
	out.merge(compared)
	out.erase("changed")
	out["ok"] = compared.changed_fraction <= p.max_changed_fraction if p.max_changed_fraction > 0.0 else compared.changed_pixels == 0
	if compared.changed_pixels > 0:
		var diff := BridgeFrameDiff.diff_image(current, compared, masks)
		var shown := {"mime_type": "image/png", "width": diff.get_width(), "height": diff.get_height(),
				"image_base64": Marshalls.raw_to_base64(diff.save_png_to_buffer())}
		if p.has("diff_path"):
			var made := _make_dir(p.diff_path.get_base_dir())
			var err := BridgeFileOps.write_bytes(p.diff_path,
					diff.save_png_to_buffer()) if made == "" else ERR_CANT_CREATE
			if err != OK:
				return c.failed("cannot write %s: %s" % [p.diff_path, made if made != "" else error_string(err)], {"param": "diff_path"})
			shown["saved"] = p.diff_path
		out["diff"] = shown
	return out


## <dir>/<name>.png, or why the name cannot be a baseline's.
static func _file(dir: String, name: String) -> Variant:
	var stem := name.trim_suffix(".png")
	if stem == "" or not stem.is_valid_filename() or stem.begins_with("."):
		return BridgeError.invalid("name '%s' must be a plain file name (letters, digits, _ and -; no / or :)" % name,
				{"param": "name"})
	var jailed: Variant = BridgeParams.jail_path(dir.path_join(stem + ".png"))
	if jailed is BridgeError:
		return BridgeError.new(BridgeError.PATH_REFUSED, "parameter 'baseline_dir' %s" % jailed.message,
				{"param": "baseline_dir"})
	return jailed


## [Rect2i], or a BridgeError naming the mask that is not {x, y, width, height} with a positive size.
static func _masks(given: Array) -> Variant:
	var out: Array = []
	for i: int in given.size():
		var m: Dictionary = given[i]
		var ok := true
		for key: String in ["x", "y", "width", "height"]:
			ok = ok and (m.get(key) is int or m.get(key) is float)
		if not ok or m.size() != 4 or m.width <= 0 or m.height <= 0:
			return BridgeError.invalid("masks[%d] must be {x, y, width, height} in pixels with a positive size, got %s" % [i, JSON.stringify(m)],
					{"param": "masks", "index": i})
		out.append(Rect2i(int(m.x), int(m.y), int(m.width), int(m.height)))
	return out


## {image, info} of the game's next drawn frame (runtime.screenshot in the game), or a BridgeError.
func _live_frame(scale: float, context: BridgeCallContext) -> Variant:
	var got: Variant = await BridgeGameLink.of(server).request("runtime.screenshot", {"scale": scale}, REPLY_MS,
			context)
	if got is BridgeError:
		return got
	var info: Dictionary = got
	var image := Image.new()
	if image.load_png_from_buffer(Marshalls.base64_to_raw(str(info.get("image_base64", "")))) != OK:
		return BridgeError.failed("the game's frame could not be decoded as a PNG")
	info.erase("image_base64")
	return {"image": image, "info": info}


## "" or why the folder cannot be made. A new folder under res:// gets a .gdignore: baselines are test data,
## not textures for the editor to import.
static func _make_dir(dir: String) -> String:
	var absolute := ProjectSettings.globalize_path(dir)
	if DirAccess.dir_exists_absolute(absolute):
		return ""
	var err := DirAccess.make_dir_recursive_absolute(absolute)
	if err != OK:
		return "cannot make the folder %s: %s" % [dir, error_string(err)]
	if dir.begins_with("res://"):
		FileAccess.open(absolute.path_join(".gdignore"), FileAccess.WRITE)
	return ""
