@tool
extends "../../lib/game_command.gd"
## runtime.* on the running game's nodes: its live tree, properties (coerced to the declared type, as
## node.set does), methods, search by name/type/group/script, a node's description, the visible UI.
## Paths: "/root/Main/Player", or relative to the current scene ("Player"), or an autoload's name.


func commands() -> Array:
	return [
		{
			"method": "runtime.tree",
			"summary": "The running game's live scene tree (autoloads included): name, type, path, script, visibility.",
			"params": [
				opt("node_path", "NodePath", "Subtree to return", "/root"),
				opt("max_depth", "int", "Levels below the start node (deeper nodes show child_count)", 4, {"min": 0, "max": 64}),
			],
			"example": {"node_path": "/root", "max_depth": 2},
			"read_only": true,
			"needs": "game",
			"returns": {"current_scene": "string", "paused": "bool", "root": {"name": "string", "type": "string", "path": "string", "script?": "string",
					"scene?": "string", "visible?": "bool", "child_count?": "int", "children?": "Array"}},
			"handler": in_game("runtime.tree"),
		},
		{
			"method": "runtime.get",
			"summary": "Read properties of a node in the running game (all its editor-visible and script properties when none are named).",
			"params": [
				req("node_path", "NodePath", "Node in the game, e.g. Player or /root/Main/Player"),
				opt("properties", "Array", "Property names; a component like position:x works too", [], {"items": "string"}),
			],
			"example": {"node_path": "Player", "properties": ["position", "speed"]},
			"read_only": true,
			"needs": "game",
			"returns": {"node": "string", "type": "string", "values": "Dictionary"},
			"handler": in_game("runtime.get"),
		},
		{
			"method": "runtime.set",
			"idempotent": true,
			"summary": "Set a property of a node in the running game; the value is coerced to the property's type and read back.",
			"params": [
				req("node_path", "NodePath", "Node in the game"),
				req("property", "string", "Property name, or a component like position:x"),
				req("value", "any", "JSON value: [x, y] for vectors, '#rrggbb' for colours, enum names, res:// paths for resources"),
			],
			"example": {"node_path": "Player", "property": "position", "value": [100, 180]},
			"needs": "game",
			"undo": "none",
			"returns": {"node": "string", "property": "string", "value": "any", "previous": "any"},
			"handler": in_game("runtime.set"),
		},
		{
			"method": "runtime.call",
			"summary": "Call a method on a node in the running game (arguments coerced to its declared types); returns its result.",
			"params": [
				req("node_path", "NodePath", "Node in the game"),
				req("method", "string", "Method name"),
				opt("args", "Array", "Arguments, in order", [], {"items": "any"}),
			],
			"example": {"node_path": "Player", "method": "take_damage", "args": [10]},
			"needs": "game",
			"undo": "none",
			"returns": {"node": "string", "method": "string", "result": "any"},
			"handler": in_game("runtime.call"),
		},
		{
			"method": "runtime.find",
			"summary": "Find nodes in the running game by name pattern (* and ?), class, group or script.",
			"params": [
				opt("name", "string", "Name pattern, case-insensitive, e.g. Enemy*"),
				opt("type", "string", "Class (or script class_name), subclasses included"),
				opt("group", "string", "Group name"),
				opt("script", "string", "Script path, e.g. res://scripts/player.gd", null, NOT_RUN),
				opt("root", "NodePath", "Search below this node", "/root"),
				opt("limit", "int", "At most this many", 100, {"min": 1, "max": 1000}),
			],
			"example": {"group": "players"},
			"read_only": true,
			"needs": "game",
			"returns": {"count": "int", "truncated": "bool", "nodes": [{"name": "string", "type": "string", "path": "string"}]},
			"handler": in_game("runtime.find"),
		},
		{
			"method": "runtime.describe",
			"summary": "A live node's class, script, properties with types and values, script methods and signals, children.",
			"params": [req("node_path", "NodePath", "Node in the game")],
			"example": {"node_path": "Player"},
			"read_only": true,
			"needs": "game",
			"answer_size": "a game node's properties with their values",
			"returns": {"node": "string", "type": "string", "script": "string", "properties": [{"name": "string", "type": "string", "value": "any"}],
					"script_methods": ["string"], "script_signals": ["string"], "children": ["string"]},
			"handler": in_game("runtime.describe"),
		},
		{
			"method": "runtime.ui",
			"summary": "The visible Controls of the running game with their text and rect in viewport coordinates, through their canvas (a Control under a moved Camera2D is where the camera shows it), to click them.",
			"params": [opt("text", "string", "Only controls whose text contains this (case-insensitive)")],
			"example": {},
			"read_only": true,
			"needs": "game",
			"returns": {"count": "int", "controls": [{"path": "string", "type": "string", "text": "string", "rect": {"position": "Vector2", "size": "Vector2"},
					"center": "Vector2"}]},
			"handler": in_game("runtime.ui"),
		},
	]
