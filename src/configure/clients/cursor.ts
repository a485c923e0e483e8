// Cursor (code editor): .cursor/mcp.json in the project or ~/.cursor/mcp.json, servers under `mcpServers`;
// an entry with `url` is a Streamable HTTP server.
import {join} from 'node:path'

import type {ClientSpec} from '../spec.js'

export const cursor: ClientSpec = {
  id: 'cursor',
  name: 'Cursor',
  rootKey: 'mcpServers',
  format: 'json',
  projectFile: join('.cursor', 'mcp.json'),
  globalFile: (ctx) => join(ctx.home, '.cursor', 'mcp.json'),
  stdioEntry: ({command, args}) => ({command, args}),
  httpEntry: (url) => ({url}),
  reload: "turn the server on in Cursor's MCP settings (or restart Cursor)",
}
