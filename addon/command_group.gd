@tool
extends "core/command_group.gd"
## The public base of project-local command groups: a script in res://bridge_commands/ extends
## "res://addons/bridge/command_group.gd". This path stays put whatever moves inside the addon;
## everything is inherited from core/command_group.gd (see docs/plugins.md for the declaration shape).
