@tool
extends "../../core/command_group.gd"
## skeleton.*, building: a Skeleton3D or Skeleton2D (Bone2D hierarchy) from a bone list, one more bone,
## and a BoneAttachment3D that follows a bone (optionally carrying an existing node, e.g. a sword in a hand).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSkeletonBones := preload("lib/skeleton_bones.gd")


func commands() -> Array:
	return [
		{
			"method": "skeleton.create",
			"summary": "Add a Skeleton3D (bones with rests) or a Skeleton2D (a Bone2D hierarchy with rests) from a bone list; parents come before children.",
			"params": [
				req("bones", "Array", "Bones: [{name, parent?, position?, rotation? (degrees: [x, y, z] in 3D, a number in 2D), scale?, length? (2D)}]", {"items": "Dictionary"}),
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: Skeleton3D/Skeleton2D, made unique)"),
				choice("dimension", ["2d", "3d"], "Skeleton3D or Skeleton2D", "3d"),
			],
			"example": {"parent": "/root/Main", "name": "Rig", "bones": [{"name": "hips", "position": [0, 1, 0]},
					{"name": "spine", "parent": "hips", "position": [0, 0.3, 0]}, {"name": "hand", "parent": "spine", "position": [0.5, 0.2, 0]}]},
			"returns": {"path": "string", "type": "string", "bones": [BridgeSkeletonBones.BONE]},
			"undo": "scene",
			"handler": _create,
		},
		{
			"method": "skeleton.add_bone",
			"summary": "Add a bone to a Skeleton3D (with a rest) or a Bone2D under a Skeleton2D or bone.",
			"params": [
				node_param("node_path", "Skeleton3D or Skeleton2D", true, null, BridgeSkeletonBones.SKELETONS),
				req("name", "string", "Bone name (unique in the skeleton)"),
				opt("parent", "string", "Parent bone name (default: none / the skeleton)"),
				opt("position", "Array", "Rest position relative to the parent bone", null, {"items": "float"}),
				opt("rotation", "any", "Rest rotation in degrees: [x, y, z] in 3D, a number in 2D"),
				opt("scale", "Array", "Rest scale", null, {"items": "float"}),
				opt("length", "float", "Bone2D length", null, {"min": 0}),
			],
			"example": {"node_path": "/root/Main/Rig", "name": "head", "parent": "spine", "position": [0, 0.4, 0]},
			"example_setup": [BridgeSkeletonBones.SETUP_RIG],
			"returns": {"path": "string", "bone_count": "int", "bone": BridgeSkeletonBones.BONE},
			"undo": "scene",
			"handler": _add_bone,
		},
		{
			"method": "skeleton.attach",
			"summary": "Add a BoneAttachment3D that follows a bone of a Skeleton3D, optionally moving an existing node under it.",
			"params": [
				node_param("node_path", "Skeleton3D", true, null, "Skeleton3D"),
				req("bone", "string", "Bone name"),
				new_name_param("name", "Attachment name (default: BoneAttachment3D, made unique)", "", "node_path"),
				node_param("carry", "A Node3D to move under the attachment (keeps its local transform)", false),
			],
			"example": {"node_path": "/root/Main/Rig", "bone": "hand", "name": "HandSlot"},
			"example_setup": [BridgeSkeletonBones.SETUP_RIG],
			"returns": {"path": "string", "bone": "string", "bone_index": "int", "global_origin": "Vector3", "carried?": "string"},
			"undo": "scene",
			"handler": _attach,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	if p.bones.is_empty():
		return c.invalid("bones is empty", {"param": "bones"})
	var is_3d: bool = p.dimension == "3d"
	var sk: Node = Skeleton3D.new() if is_3d else Skeleton2D.new()
	var made := {}
	for i: int in p.bones.size():
		var spec: Variant = p.bones[i]
		var bad: Variant = null
		if not spec is Dictionary or not spec.has("name") or not spec.name is String or spec.name == "" or spec.name.validate_node_name() != spec.name:
			bad = c.invalid("bones[%d] needs a valid name" % i, {"param": "bones"})
		elif made.has(spec.name):
			bad = c.invalid("bone '%s' is listed twice" % spec.name, {"param": "bones"})
		elif spec.has("parent") and not made.has(str(spec.parent)):
			bad = c.invalid("bones[%d] '%s' names parent '%s', which is not listed before it" % [i, spec.name,
					spec.parent], {"param": "bones"})
		if bad == null:
			bad = _add_to(sk, spec, made[str(spec.parent)] if spec.has("parent") else null, made)
		if bad is BridgeError:
			bad.message = "bones[%d]: %s" % [i, bad.message]
			sk.free()
			return bad
	BridgeSceneEdit.add(c.step, "add %s" % sk.get_class(), parent, sk, p.name)
	return {"path": BridgeSceneAccess.path_of(sk), "type": sk.get_class(), "bones": BridgeSkeletonBones.describe(sk)}


func _add_bone(c: BridgeCall) -> Variant:
	var p := c.params
	var sk: Node = p.node_path
	if p.name == "" or p.name.validate_node_name() != p.name:
		return c.invalid("'%s' is not a valid bone name" % p.name, {"param": "name"})
	if p.name in BridgeSkeletonBones.names(sk):
		return c.failed("%s already has a bone named '%s'" % [BridgeSceneAccess.path_of(sk), p.name], {"param": "name"})
	var parent_bone: Variant = null
	if p.has("parent"):
		parent_bone = BridgeSkeletonBones.find(sk, p.parent)
		if parent_bone is BridgeError:
			return parent_bone
	if sk is Skeleton3D:
		var xf: Variant = BridgeSkeletonBones.transform_3d(p, Transform3D.IDENTITY)
		if xf is BridgeError:
			return xf
		var before := BridgeSkeletonBones.snapshot(sk)
		var i: int = sk.add_bone(p.name)
		sk.set_bone_parent(i, parent_bone if parent_bone != null else -1)
		sk.set_bone_rest(i, xf)
		sk.reset_bone_pose(i)
		var ur := BridgeSceneAccess.action(c.step, "add bone %s" % p.name)
		ur.add_do_method(self, "_restore", sk, BridgeSkeletonBones.snapshot(sk))
		ur.add_undo_method(self, "_restore", sk, before)
		ur.commit_action()
	else:
		var bone := Bone2D.new()
		var bad: Variant = _setup_2d(bone, p)
		if bad is BridgeError:
			bone.free()
			return bad
		BridgeSceneEdit.add(c.step, "add bone %s" % p.name, parent_bone if parent_bone != null else sk, bone, p.name)
	# the bone made, and how many the skeleton has now (skeleton.info lists them all)
	var bones := BridgeSkeletonBones.describe(sk)
	return {"path": BridgeSceneAccess.path_of(sk), "bone_count": bones.size(),
			"bone": bones.filter(func(b: Dictionary) -> bool: return b.name == p.name)[0]}


func _attach(c: BridgeCall) -> Variant:
	var p := c.params
	var sk: Skeleton3D = p.node_path
	var bone: Variant = BridgeSkeletonBones.find(sk, p.bone)
	if bone is BridgeError:
		return bone
	var carried: Node = null
	if p.has("carry"):
		var found: Node = p.carry
		if not found is Node3D or found == BridgeSceneAccess.root() or found.is_ancestor_of(sk) or found == sk:
			return c.invalid("cannot carry %s (a Node3D that is not the root, the skeleton or its ancestor)" % BridgeSceneAccess.path_of(found),
					{"param": "carry"})
		carried = found
	var att := BoneAttachment3D.new()
	att.bone_name = p.bone
	if p.name != "":
		att.name = p.name
	var ur := BridgeSceneAccess.action(c.step, "attach to bone %s" % p.bone)
	BridgeSceneEdit.add_to_action(ur, sk, att)
	if carried:
		var old_parent := carried.get_parent()
		var owners := BridgeSceneAccess.owner_pairs(carried)
		ur.add_do_method(old_parent, "remove_child", carried)
		ur.add_do_method(att, "add_child", carried, true)
		BridgeSceneAccess.add_owner_ops(ur, owners, false)
		ur.add_undo_method(att, "remove_child", carried)
		ur.add_undo_method(old_parent, "add_child", carried, true)
		ur.add_undo_method(old_parent, "move_child", carried, carried.get_index())
		BridgeSceneAccess.add_owner_ops(ur, owners, true)
	ur.commit_action()
	var out := {"path": BridgeSceneAccess.path_of(att), "bone": att.bone_name, "bone_index": att.bone_idx,
			"global_origin": sk.global_transform * sk.get_bone_global_pose(bone).origin}
	if carried:
		out["carried"] = BridgeSceneAccess.path_of(carried)
	return out


## Adds one bone of a create spec to an unparented skeleton; records Bone2D nodes / 3D indices in `made`.
func _add_to(sk: Node, spec: Dictionary, parent: Variant, made: Dictionary) -> Variant:
	if sk is Skeleton3D:
		var xf: Variant = BridgeSkeletonBones.transform_3d(spec, Transform3D.IDENTITY)
		if xf is BridgeError:
			return xf
		var i: int = sk.add_bone(spec.name)
		sk.set_bone_parent(i, parent if parent != null else -1)
		sk.set_bone_rest(i, xf)
		sk.reset_bone_pose(i)
		made[spec.name] = i
		return null
	var bone := Bone2D.new()
	bone.name = spec.name
	var bad: Variant = _setup_2d(bone, spec)
	if bad is BridgeError:
		bone.free()
		return bad
	(parent if parent != null else sk).add_child(bone)
	made[spec.name] = bone
	return null


func _setup_2d(bone: Bone2D, p: Dictionary) -> Variant:
	var xf: Variant = BridgeSkeletonBones.transform_2d(p, Transform2D.IDENTITY)
	if xf is BridgeError:
		return xf
	bone.transform = xf
	bone.rest = xf
	if p.has("length") and p.length != null:
		bone.set_autocalculate_length_and_angle(false)
		bone.set_length(float(p.length))
	return null


func _restore(sk: Skeleton3D, bones: Array) -> void:
	BridgeSkeletonBones.restore(sk, bones)
