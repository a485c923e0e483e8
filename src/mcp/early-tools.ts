// The tool list serve gives while no editor is up: the addon's own tools/list with every toolset on, captured
// by `npm run catalog` (catalog/tools.json, scripts/gen-catalog.ts), so even this list is made by the one MCP
// implementation (addon/mcp/tools.gd). tools.ts filters it by the session's enabled toolsets.
import {readFileSync} from 'node:fs'

import type {Tool} from '@modelcontextprotocol/server'

import {TOOLS_FILE} from '../catalog/catalog.js'

let cached: Tool[] | undefined

/** engine_run, bridge_toolsets and bridge_find first, then one typed tool per builtin command. */
export function earlyTools(): Tool[] {
  cached ??= (JSON.parse(readFileSync(TOOLS_FILE, 'utf8')) as {tools: Tool[]}).tools
  return cached
}
