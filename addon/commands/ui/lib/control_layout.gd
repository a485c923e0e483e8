@tool
extends RefCounted
## Control layout as the ui commands see it: anchor presets and size flags by name, the properties a
## layout change touches, applying a change on the live control to learn the result and turning it into
## one undoable action, and a control's layout as JSON.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")
const BridgePropertyPath := preload("../../../lib/property_path.gd")

const PRESETS := {
	"top_left": Control.PRESET_TOP_LEFT, "top_right": Control.PRESET_TOP_RIGHT, "bottom_left": Control.PRESET_BOTTOM_LEFT,
	"bottom_right": Control.PRESET_BOTTOM_RIGHT, "center_left": Control.PRESET_CENTER_LEFT,
	"center_top": Control.PRESET_CENTER_TOP, "center_right": Control.PRESET_CENTER_RIGHT,
	"center_bottom": Control.PRESET_CENTER_BOTTOM, "center": Control.PRESET_CENTER, "left_wide": Control.PRESET_LEFT_WIDE,
	"top_wide": Control.PRESET_TOP_WIDE, "right_wide": Control.PRESET_RIGHT_WIDE, "bottom_wide": Control.PRESET_BOTTOM_WIDE,
	"vcenter_wide": Control.PRESET_VCENTER_WIDE, "hcenter_wide": Control.PRESET_HCENTER_WIDE, "full_rect": Control.PRESET_FULL_RECT,
}
const SIZE_FLAGS := {"fill": Control.SIZE_FILL, "expand_fill": Control.SIZE_EXPAND_FILL, "expand": Control.SIZE_EXPAND,
		"shrink_begin": Control.SIZE_SHRINK_BEGIN, "shrink_center": Control.SIZE_SHRINK_CENTER,
		"shrink_end": Control.SIZE_SHRINK_END}
const GROW := {"begin": Control.GROW_DIRECTION_BEGIN, "end": Control.GROW_DIRECTION_END, "both": Control.GROW_DIRECTION_BOTH}
## Everything a layout change may touch, restored on undo.
const PROPS := ["layout_mode", "anchors_preset", "anchor_left", "anchor_top", "anchor_right", "anchor_bottom",
		"offset_left", "offset_top", "offset_right", "offset_bottom", "grow_horizontal", "grow_vertical",
		"custom_minimum_size", "size_flags_horizontal", "size_flags_vertical", "size_flags_stretch_ratio"]


## The grow directions [horizontal, vertical] the editor's anchor preset menu gives a preset: away from the
## edges it is anchored to (Begin on the right or bottom, End on the left or top, Both when centred or wide),
## so a control anchored top right that gets wider stays on screen.
static func grow_of_preset(preset: String) -> Array:
	var h := Control.GROW_DIRECTION_BOTH
	if preset in ["top_left", "bottom_left", "center_left", "left_wide"]:
		h = Control.GROW_DIRECTION_END
	elif preset in ["top_right", "bottom_right", "center_right", "right_wide"]:
		h = Control.GROW_DIRECTION_BEGIN
	var v := Control.GROW_DIRECTION_BOTH
	if preset in ["top_left", "top_right", "center_top", "top_wide"]:
		v = Control.GROW_DIRECTION_END
	elif preset in ["bottom_left", "bottom_right", "center_bottom", "bottom_wide"]:
		v = Control.GROW_DIRECTION_BEGIN
	return [h, v]


static func in_container(c: Control) -> bool:
	return c.get_parent() is Container


## Applies layout parameters p (preset, margin, size_flags_h/v, min_size, stretch_ratio, grow_h/v, position,
## size) to a control; a BridgeError if one does not fit, else null. The control must be inside the tree.
## `method` names the command in refusals; `making` says the control is new (nothing was made, not changed).
static func apply(c: Control, p: Dictionary, method: String = "ui.set_layout", making: bool = false) -> Variant:
	var contained := in_container(c)
	for key: String in ["preset", "position", "size", "grow_h", "grow_v"]:
		if contained and p.has(key):
			return BridgeError.invalid("%s is inside the container %s, which lays it out: use size_flags_h/v, min_size and stretch_ratio, not %s" % [
					c.name, c.get_parent().name, key], {"param": key})
	if p.has("margin") and not p.has("preset"):
		return BridgeError.invalid("margin goes with preset", {"param": "margin"})
	if p.has("min_size"):
		c.custom_minimum_size = p.min_size  # first: a preset sizes the control to its minimum
	if p.has("preset"):
		c.set("layout_mode", 1)  # anchors, as the editor's layout menu sets it
		if not p.get("keep_size", false):
			# Shrink to the minimum size (the engine's cached minimum lags behind a fresh control or min_size).
			c.size = c.custom_minimum_size.max(c.get_minimum_size())
		c.set_anchors_and_offsets_preset(PRESETS[p.preset], Control.PRESET_MODE_KEEP_SIZE, p.get("margin", 0))
		var grow: Array = grow_of_preset(p.preset)  # as the editor's layout menu: a right-anchored control grows left
		c.grow_horizontal = grow[0]
		c.grow_vertical = grow[1]
	if p.has("grow_h"):
		c.grow_horizontal = GROW[p.grow_h]
	if p.has("grow_v"):
		c.grow_vertical = GROW[p.grow_v]
	if p.has("size_flags_h"):
		c.size_flags_horizontal = SIZE_FLAGS[p.size_flags_h]
	if p.has("size_flags_v"):
		c.size_flags_vertical = SIZE_FLAGS[p.size_flags_v]
	if p.has("stretch_ratio"):
		c.size_flags_stretch_ratio = p.stretch_ratio
	if p.has("position"):
		c.position = p.position
	if p.has("size"):
		# read back: a control never gets smaller than its minimum size, and the refusal says which
		var refused: Variant = BridgePropertyPath.apply_new(c, {"size": [p.size.x, p.size.y]}, method)
		if refused != null:
			refused.data["param"] = "size"
			if not making:
				refused.message = refused.message.replace("; nothing was made", "; nothing was changed")
			return refused
	return null


static func snapshot(c: Control) -> Dictionary:
	var out := {}
	for key: String in PROPS:
		out[key] = c.get(key)
	return out


static func restore(c: Control, values: Dictionary) -> void:
	for key: String in PROPS:
		c.set(key, values[key])


## Applies p to the live control to learn the outcome, puts the control back, then commits the change as one
## action. Returns null or the BridgeError (nothing changed).
static func commit(undo_step: RefCounted, c: Control, p: Dictionary, action_name: String) -> Variant:
	var before := snapshot(c)
	var bad: Variant = apply(c, p)
	var after := snapshot(c)
	restore(c, before)
	if bad:
		return bad
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	for key: String in PROPS:
		if after[key] != before[key]:
			ur.add_do_property(c, key, after[key])
			ur.add_undo_property(c, key, before[key])
	ur.commit_action()
	return null


static func describe(c: Control) -> Dictionary:
	var out := {"path": BridgeSceneAccess.path_of(c), "type": c.get_class(), "position": c.position, "size": c.size,
			"min_size": c.custom_minimum_size, "size_flags_h": _flag_name(c.size_flags_horizontal),
			"size_flags_v": _flag_name(c.size_flags_vertical), "stretch_ratio": c.size_flags_stretch_ratio,
			"focus_mode": ["none", "click", "all"][c.focus_mode], "in_container": in_container(c)}
	if not in_container(c):
		out["anchors"] = [c.anchor_left, c.anchor_top, c.anchor_right, c.anchor_bottom]
		out["offsets"] = [c.offset_left, c.offset_top, c.offset_right, c.offset_bottom]
		out["preset"] = preset_of(c)
		out["grow"] = [GROW.find_key(c.grow_horizontal), GROW.find_key(c.grow_vertical)]
	var focus := {}
	for side: String in ["left", "top", "right", "bottom"]:
		var np: NodePath = c.get("focus_neighbor_" + side)
		if not np.is_empty():
			focus[side] = _focus_target(c, np)
	for side: String in ["next", "previous"]:
		var np: NodePath = c.get("focus_" + side)
		if not np.is_empty():
			focus[side] = _focus_target(c, np)
	if not focus.is_empty():
		out["focus"] = focus
	return out


## The name of the preset whose anchors the control has, or "custom".
static func preset_of(c: Control) -> String:
	var anchors := [c.anchor_left, c.anchor_top, c.anchor_right, c.anchor_bottom]
	var probe := Control.new()
	var found := "custom"
	for name: String in PRESETS:
		probe.set_anchors_preset(PRESETS[name])
		if anchors == [probe.anchor_left, probe.anchor_top, probe.anchor_right, probe.anchor_bottom]:
			found = name
			break
	probe.free()
	return found


static func _focus_target(c: Control, np: NodePath) -> String:
	var n := c.get_node_or_null(np)
	return BridgeSceneAccess.path_of(n) if n else str(np)


static func _flag_name(v: int) -> String:
	var name: Variant = SIZE_FLAGS.find_key(v)
	return name if name != null else str(v)
