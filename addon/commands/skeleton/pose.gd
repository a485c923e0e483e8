@tool
extends "../../core/command_group.gd"
## skeleton.*, bones and poses: list a skeleton's bones (rest and pose), set a bone's rest (or bake the
## current pose as rest), pose a bone, and reset poses to rest. Works on Skeleton3D and Skeleton2D.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSkeletonBones := preload("lib/skeleton_bones.gd")


func commands() -> Array:
	var xf_params := [
		opt("position", "Array", "Position relative to the parent bone", null, {"items": "float"}),
		opt("rotation", "any", "Rotation in degrees: [x, y, z] in 3D, a number in 2D"),
		opt("scale", "Array", "Scale", null, {"items": "float"}),
	]
	return [
		{
			"method": "skeleton.list_bones",
			"summary": "List a Skeleton3D's or Skeleton2D's bones: name, parent, rest and pose (position, rotation in degrees, scale).",
			"params": [_skeleton_param()],
			"example": {"node_path": "/root/Main/Rig"},
			"example_setup": [BridgeSkeletonBones.SETUP_RIG],
			"read_only": true,
			"returns": {"path": "string", "type": "string", "count": "int", "bones": [BridgeSkeletonBones.BONE]},
			"handler": _list,
		},
		{
			"method": "skeleton.set_rest",
			"idempotent": true,
			"summary": "Set a bone's rest transform (the fields given), or bake its current pose as the rest (from_pose).",
			"params": [_skeleton_param(), req("bone", "string", "Bone name")] + xf_params + [
				opt("from_pose", "bool", "Use the bone's current pose as its rest", false)],
			"example": {"node_path": "/root/Main/Rig", "bone": "spine", "position": [0, 0.35, 0]},
			"example_setup": [BridgeSkeletonBones.SETUP_RIG],
			"returns": {"path": "string", "bone": BridgeSkeletonBones.BONE},
			"undo": "scene",
			"handler": _set_rest,
		},
		{
			"method": "skeleton.set_pose",
			"idempotent": true,
			"summary": "Pose a bone: the fields given (position, rotation in degrees, scale) relative to its parent.",
			"params": [_skeleton_param(), req("bone", "string", "Bone name")] + xf_params,
			"example": {"node_path": "/root/Main/Rig", "bone": "spine", "rotation": [0, 0, 30]},
			"example_setup": [BridgeSkeletonBones.SETUP_RIG],
			"returns": {"path": "string", "bone": BridgeSkeletonBones.BONE},
			"undo": "scene",
			"handler": _set_pose,
		},
		{
			"method": "skeleton.reset_pose",
			"idempotent": true,
			"summary": "Return one bone, or every bone, to its rest pose.",
			"params": [_skeleton_param(), opt("bone", "string", "Bone name (default: all bones)")],
			"example": {"node_path": "/root/Main/Rig"},
			# a posed bone, so that the reset changes the scene
			"example_setup": [BridgeSkeletonBones.SETUP_RIG, {"method": "skeleton.set_pose", "params": {"node_path": "/root/Main/Rig",
					"bone": "spine", "rotation": [0, 0, 30]}}],
			"returns": {"path": "string", "reset": "int", "bones": [BridgeSkeletonBones.BONE]},
			"undo": "scene",
			"handler": _reset,
		},
	]


func _skeleton_param() -> Dictionary:
	return node_param("node_path", "Skeleton3D or Skeleton2D", true, null, BridgeSkeletonBones.SKELETONS)


func _list(c: BridgeCall) -> Variant:
	var p := c.params
	var sk: Node = p.node_path
	var bones := BridgeSkeletonBones.describe(sk)
	return {"path": BridgeSceneAccess.path_of(sk), "type": sk.get_class(), "count": bones.size(), "bones": bones}


func _set_rest(c: BridgeCall) -> Variant:
	var p := c.params
	var given := ["position", "rotation", "scale"].any(func(k: String) -> bool: return p.has(k))
	if given == p.from_pose:
		return c.invalid("give position, rotation or scale, or from_pose: true (not both)", {"param": "from_pose"})
	return _edit(c.step, p, "set rest of %s", func(sk: Node, bone: Variant) -> Variant:
		if sk is Skeleton3D:
			var xf: Variant = sk.get_bone_pose(bone) if p.from_pose else BridgeSkeletonBones.transform_3d(p, sk.get_bone_rest(bone))
			if not xf is BridgeError:
				sk.set_bone_rest(bone, xf)
			return xf
		var xf2: Variant = bone.transform if p.from_pose else BridgeSkeletonBones.transform_2d(p, bone.rest)
		if xf2 is BridgeError:
			return xf2
		return [bone, "rest", xf2])


func _set_pose(c: BridgeCall) -> Variant:
	var p := c.params
	if not ["position", "rotation", "scale"].any(func(k: String) -> bool: return p.has(k)):
		return c.invalid("give position, rotation or scale", {"param": "position"})
	return _edit(c.step, p, "pose %s", func(sk: Node, bone: Variant) -> Variant:
		if sk is Skeleton3D:
			var xf: Variant = BridgeSkeletonBones.transform_3d(p, sk.get_bone_pose(bone))
			if not xf is BridgeError:
				sk.set_bone_pose(bone, xf)
			return xf
		var xf2: Variant = BridgeSkeletonBones.transform_2d(p, bone.transform)
		if xf2 is BridgeError:
			return xf2
		return [bone, "transform", xf2])


func _reset(c: BridgeCall) -> Variant:
	var p := c.params
	var sk: Node = p.node_path
	var targets: Array = []
	if p.has("bone"):
		var bone: Variant = BridgeSkeletonBones.find(sk, p.bone)
		if bone is BridgeError:
			return bone
		targets = [bone]
	else:
		targets = range(sk.get_bone_count()) if sk is Skeleton3D else BridgeSkeletonBones.bones_2d(sk)
	var label: String = p.get("bone", "all bones")
	if sk is Skeleton3D:
		var before := BridgeSkeletonBones.snapshot(sk)
		for i: int in targets:
			sk.reset_bone_pose(i)
		_commit_3d(c.step, sk, before, "reset pose of %s" % label)
	else:
		var ur := BridgeSceneAccess.action(c.step, "reset pose of %s" % label)
		for b: Bone2D in targets:
			ur.add_do_property(b, "transform", b.rest)
			ur.add_undo_property(b, "transform", b.transform)
		ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(sk), "reset": targets.size(), "bones": BridgeSkeletonBones.describe(sk)}


## Finds the bone, applies `change` (3D: on the skeleton, returns the transform or a BridgeError; 2D:
## returns [bone, property, value] to set) as one action, and returns the bone read back.
func _edit(undo_step: RefCounted, p: Dictionary, action_format: String, change: Callable) -> Variant:
	var sk: Node = p.node_path
	var bone: Variant = BridgeSkeletonBones.find(sk, p.bone)
	if bone is BridgeError:
		return bone
	if sk is Skeleton3D:
		var before := BridgeSkeletonBones.snapshot(sk)
		var result: Variant = change.call(sk, bone)
		if result is BridgeError:
			return result
		_commit_3d(undo_step, sk, before, action_format % p.bone)
	else:
		var result: Variant = change.call(sk, bone)
		if result is BridgeError:
			return result
		var ur := BridgeSceneAccess.action(undo_step, action_format % p.bone)
		ur.add_do_property(result[0], result[1], result[2])
		ur.add_undo_property(result[0], result[1], result[0].get(result[1]))
		ur.commit_action()
	var described: Array = BridgeSkeletonBones.describe(sk).filter(func(b: Dictionary) -> bool: return b.name == p.bone)
	return {"path": BridgeSceneAccess.path_of(sk), "bone": described[0]}


func _commit_3d(undo_step: RefCounted, sk: Skeleton3D, before: Array, action_name: String) -> void:
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	ur.add_do_method(self, "_restore", sk, BridgeSkeletonBones.snapshot(sk))
	ur.add_undo_method(self, "_restore", sk, before)
	ur.commit_action()


func _restore(sk: Skeleton3D, bones: Array) -> void:
	BridgeSkeletonBones.restore(sk, bones)
