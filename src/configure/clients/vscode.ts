// VS Code (code editor): .vscode/mcp.json in the workspace or mcp.json in the user profile, a JSONC file with
// servers under `servers` and an explicit `type` on each.
import {join} from 'node:path'

import {appConfigDir, type ClientSpec} from '../spec.js'

export const vscode: ClientSpec = {
  id: 'vscode',
  name: 'VS Code',
  rootKey: 'servers',
  format: 'jsonc',
  projectFile: join('.vscode', 'mcp.json'),
  globalFile: (ctx) => join(appConfigDir(ctx), 'Code', 'User', 'mcp.json'),
  stdioEntry: ({command, args}) => ({type: 'stdio', command, args}),
  httpEntry: (url) => ({type: 'http', url}),
  reload: 'start the server from the mcp.json code lens or with "MCP: List Servers" in VS Code',
}
