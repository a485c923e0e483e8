// Claude Code (the code-agent client): .mcp.json at the project root (project scope) or the top-level
// `mcpServers` of ~/.claude.json (user scope), a large file whose other keys belong to Claude Code.
import {join} from 'node:path'

import type {ClientSpec} from '../spec.js'

export const claudeCode: ClientSpec = {
  id: 'claude-code',
  name: 'Claude Code',
  rootKey: 'mcpServers',
  format: 'json',
  projectFile: '.mcp.json',
  globalFile: (ctx) => join(ctx.home, '.claude.json'),
  stdioEntry: ({command, args}) => ({command, args}),
  httpEntry: (url) => ({type: 'http', url}),
  reload: 'restart Claude Code (it asks once to approve a project .mcp.json server); check with /mcp',
  reloadGlobal: 'restart Claude Code; check with /mcp',
}
