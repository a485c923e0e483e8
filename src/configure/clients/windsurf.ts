// Windsurf (code editor, Cascade agent): one mcp_config.json per user under ~/.codeium/windsurf (the same
// place, %USERPROFILE%\.codeium\windsurf, on Windows), servers under `mcpServers`; a remote server is `serverUrl`,
// not Cursor's `url`.
import {join} from 'node:path'

import type {ClientSpec} from '../spec.js'

export const windsurf: ClientSpec = {
  id: 'windsurf',
  name: 'Windsurf',
  rootKey: 'mcpServers',
  format: 'json',
  globalFile: (ctx) => join(ctx.home, '.codeium', 'windsurf', 'mcp_config.json'),
  stdioEntry: ({command, args}) => ({command, args}),
  httpEntry: (url) => ({serverUrl: url}),
  reload: 'press refresh in the MCP servers panel of Cascade (or restart Windsurf)',
}
