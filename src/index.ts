/**
 * The public API of `bridge-godot` for plugin packs: `import {connect, EngineClient} from 'bridge-godot'`.
 * Everything a pack needs is exported here, typed; anything else under dist/ is internal and may move.
 * The contract around it (package.json `oclif` section, the `bridge:mcp-tools` hook, naming, conflicts) is
 * docs/plugins.md. Inside `bridge`, a pack always gets the very copy of this module that runs it.
 */

// Talking to the editor
export {connect, type PackConnectOptions} from './packs/connect.js'
export {type ConnectOptions, DEFAULT_TIMEOUT_MS, EngineClient} from './editor/client.js'
export {type Discovery, readDiscovery} from './editor/discovery.js'
export {findProjectRoot, requireProject, resolveProject} from './editor/project.js'

// Failures: each carries a stable exit code (docs/errors.md) and data for machines
export {BridgeCliError, EXIT, EngineError, UnreachableError, UsageError, type Verdict} from './errors.js'

// The editor's own command docs (engine.commands), as the catalog types them
export type {CommandDoc, ParamDoc, ParamType} from './catalog/catalog.js'

// MCP tools for `bridge serve` (the bridge:mcp-tools hook)
export {
  MCP_TOOLS_HOOK,
  type McpToolContext,
  type McpToolContribution,
  type McpToolsHookOptions,
  TOOL_NAME,
} from './mcp/plugin-contract.js'

// Writing a pack's CLI commands: the host's own oclif, so a pack's commands are the same classes as the core's
export {Args, Command, Flags} from '@oclif/core'

// Project-local GDScript commands a pack installs into a project (res://bridge_commands/)
export {
  COMMAND_FILE,
  type CommandFileChange,
  installProjectCommands,
  PROJECT_COMMANDS_DIR,
  removeProjectCommands,
} from './packs/project-commands.js'
