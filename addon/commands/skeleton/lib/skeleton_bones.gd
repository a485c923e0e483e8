@tool
extends RefCounted
## Bones of a Skeleton3D (indexed bones) or a Skeleton2D (Bone2D nodes) as commands see them: found by
## name, described, transforms read from JSON (position, rotation in degrees, scale), and a Skeleton3D's
## whole bone list snapshotted and restored, which is how its edits are undone (it has no remove_bone).
## `const BridgeSkeletonBones := preload("lib/skeleton_bones.gd")`.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")

## The classes the skeleton commands work on.
const SKELETONS := ["Skeleton3D", "Skeleton2D"]
## One bone of describe(), for the commands' `returns`: 3D bones have index and global_rest_origin, 2D ones
## path and length.
const XF := {"position": "Vector2|Vector3", "rotation": "float|Vector3", "scale": "Vector2|Vector3"}
const BONE := {"name": "string", "parent": "string|null", "rest": XF, "pose": XF, "index?": "int",
		"global_rest_origin?": "Vector3", "path?": "string", "length?": "float"}
## example_setup for the skeleton examples: skeleton.create's example, the Rig they name.
const SETUP_RIG := {"method": "skeleton.create", "params": {"parent": "/root/Main", "name": "Rig", "bones": [
		{"name": "hips", "position": [0, 1, 0]}, {"name": "spine", "parent": "hips", "position": [0, 0.3, 0]},
		{"name": "hand", "parent": "spine", "position": [0.5, 0.2, 0]}]}}


## The bone index (3D) or Bone2D node (2D) named `bone`, or a BridgeError listing the bones.
static func find(sk: Node, bone: String) -> Variant:
	if sk is Skeleton3D:
		var i: int = sk.find_bone(bone)
		if i >= 0:
			return i
	else:
		for b: Bone2D in bones_2d(sk):
			if b.name == bone:
				return b
	return BridgeError.not_found("%s has no bone '%s'; its bones: %s" % [BridgeSceneAccess.path_of(sk), bone,
			", ".join(PackedStringArray(names(sk)))], {"param": "bone"})


static func names(sk: Node) -> Array:
	if sk is Skeleton3D:
		return range(sk.get_bone_count()).map(func(i: int) -> String: return sk.get_bone_name(i))
	return bones_2d(sk).map(func(b: Bone2D) -> String: return str(b.name))


## Every Bone2D under a Skeleton2D, depth first.
static func bones_2d(node: Node) -> Array:
	var out: Array = []
	for child in node.get_children():
		if child is Bone2D:
			out.append(child)
			out.append_array(bones_2d(child))
	return out


## A Transform3D from {position?, rotation? (degrees), scale?} over `base`, or a BridgeError.
static func transform_3d(p: Dictionary, base: Transform3D) -> Variant:
	var pos := base.origin
	var rot := base.basis.get_euler()
	var scl := base.basis.get_scale()
	for key: String in ["position", "rotation", "scale"]:
		if not p.has(key) or p[key] == null:
			continue
		var v: Variant = p[key]
		if not v is Array or v.size() != 3 or not v.all(func(x: Variant) -> bool: return (x is int or x is float) and not x is bool):
			return BridgeError.invalid("'%s' must be [x, y, z] for a 3D bone%s, got %s" % [key, " (degrees)" if key == "rotation" else "",
					JSON.stringify(v)], {"param": key})
		var vec := Vector3(v[0], v[1], v[2])
		match key:
			"position": pos = vec
			"rotation": rot = vec * (PI / 180.0)
			"scale": scl = vec
	return Transform3D(Basis.from_euler(rot).scaled(scl), pos)


## A Transform2D from {position? [x, y], rotation? degrees, scale? [x, y]} over `base`, or a BridgeError.
static func transform_2d(p: Dictionary, base: Transform2D) -> Variant:
	var pos := base.origin
	var rot := base.get_rotation()
	var scl := base.get_scale()
	for key: String in ["position", "scale"]:
		if p.has(key) and p[key] != null:
			var v: Variant = p[key]
			if not v is Array or v.size() != 2 or not v.all(func(x: Variant) -> bool: return (x is int or x is float) and not x is bool):
				return BridgeError.invalid("'%s' must be [x, y] for a Bone2D, got %s" % [key, JSON.stringify(v)], {"param": key})
			if key == "position":
				pos = Vector2(v[0], v[1])
			else:
				scl = Vector2(v[0], v[1])
	if p.has("rotation") and p.rotation != null:
		if not (p.rotation is int or p.rotation is float) or p.rotation is bool:
			return BridgeError.invalid("'rotation' must be an angle in degrees for a Bone2D, got %s" % JSON.stringify(p.rotation), {"param": "rotation"})
		rot = deg_to_rad(p.rotation)
	return Transform2D(rot, scl, 0.0, pos)


## A transform for results: position, rotation in degrees, scale.
static func describe_xf(xf: Variant) -> Dictionary:
	if xf is Transform2D:
		return {"position": xf.origin, "rotation": rad_to_deg(xf.get_rotation()), "scale": xf.get_scale()}
	var euler: Vector3 = xf.basis.get_euler() * (180.0 / PI)
	return {"position": xf.origin, "rotation": euler, "scale": xf.basis.get_scale()}


## Every bone of a skeleton, for results.
static func describe(sk: Node) -> Array:
	var out: Array = []
	if sk is Skeleton3D:
		for i: int in sk.get_bone_count():
			var parent: int = sk.get_bone_parent(i)
			out.append({"index": i, "name": sk.get_bone_name(i), "parent": sk.get_bone_name(parent) if parent >= 0 else null,
					"rest": describe_xf(sk.get_bone_rest(i)), "pose": describe_xf(sk.get_bone_pose(i)),
					"global_rest_origin": sk.get_bone_global_rest(i).origin})
		return out
	for b: Bone2D in bones_2d(sk):
		out.append({"name": str(b.name), "path": BridgeSceneAccess.path_of(b), "parent": str(b.get_parent().name) if b.get_parent() is Bone2D else null,
				"rest": describe_xf(b.rest), "pose": describe_xf(b.transform), "length": b.get_length()})
	return out


## A Skeleton3D's bones: [{name, parent, rest, position, rotation, scale, enabled}].
static func snapshot(sk: Skeleton3D) -> Array:
	var out: Array = []
	for i in sk.get_bone_count():
		out.append({"name": sk.get_bone_name(i), "parent": sk.get_bone_parent(i), "rest": sk.get_bone_rest(i),
				"position": sk.get_bone_pose_position(i), "rotation": sk.get_bone_pose_rotation(i),
				"scale": sk.get_bone_pose_scale(i), "enabled": sk.is_bone_enabled(i)})
	return out


## Puts a Skeleton3D's bones back to a snapshot.
static func restore(sk: Skeleton3D, bones: Array) -> void:
	sk.clear_bones()
	for b: Dictionary in bones:
		sk.add_bone(b.name)
	for i in bones.size():
		var b: Dictionary = bones[i]
		sk.set_bone_parent(i, b.parent)
		sk.set_bone_rest(i, b.rest)
		sk.set_bone_pose_position(i, b.position)
		sk.set_bone_pose_rotation(i, b.rotation)
		sk.set_bone_pose_scale(i, b.scale)
		sk.set_bone_enabled(i, b.enabled)
