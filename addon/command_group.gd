@tool
extends "core/command_group.gd"
## The public base of project-local command groups: a script in res://bridge_commands/ extends
## "res://addons/bridge/command_group.gd". This path stays put whatever moves inside the addon;
## everything is inherited from core/command_group.gd (see docs/plugins.md for the declaration shape).

## The call a handler receives (BridgeCall), under the name it had before the addon's names took the Bridge
## prefix, so group files written then still parse: the one preload constant of the addon without the prefix
## (docs/architecture.md). No addon script uses it. Type handlers `c: BridgeCall`: in a project declaring its
## own `class_name Call`, that class wins over this constant wherever `Call` stands as a type.
const Call := preload("core/call.gd")
