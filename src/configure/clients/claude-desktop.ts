// Claude Desktop (the AI chat client): one claude_desktop_config.json per user, servers under `mcpServers`.
import {join} from 'node:path'

import {appConfigDir, type ClientSpec} from '../spec.js'

export const claudeDesktop: ClientSpec = {
  id: 'claude-desktop',
  name: 'Claude Desktop',
  rootKey: 'mcpServers',
  format: 'json',
  globalFile: (ctx) => join(appConfigDir(ctx), 'Claude', 'claude_desktop_config.json'),
  stdioEntry: ({command, args}) => ({command, args}),
  httpUnsupported:
    'Claude Desktop cannot use a local HTTP server from its config file (remote servers are added as connectors in its settings)',
  reload: 'quit and reopen Claude Desktop',
}
