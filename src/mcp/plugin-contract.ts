// The `bridge:mcp-tools` hook's contract as packs see it (docs/plugins.md): the event name, what a tool looks
// like and what its run gets. Kept apart from plugin-tools.ts, which checks contributions with ajv, so the pack
// API (src/index.ts) does not load ajv into every `bridge` run.

export const MCP_TOOLS_HOOK = 'bridge:mcp-tools'

/** What a plugin tool's `run` receives besides its arguments. */
export interface McpToolContext {
  /** The project `bridge serve` drives. */
  projectRoot: string
  /** Calls a bridge command on that project's editor (identity-checked, with reconnection). */
  call(method: string, params?: Record<string, unknown>, timeoutMs?: number): Promise<unknown>
}

/** One tool as a plugin's hook returns it (the hook returns an array of these). */
export interface McpToolContribution {
  name: string
  description: string
  inputSchema: Record<string, unknown>
  annotations?: {readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean}
  run(args: Record<string, unknown>, context: McpToolContext): unknown
}

/** The options the hook is run with (oclif adds `config` and `context`). */
export interface McpToolsHookOptions {
  projectRoot: string
}

/** A tool name MCP clients accept. */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/
