// opencode (the terminal coding agent): servers under `mcp` in opencode.json at the project root or in
// ~/.config/opencode/opencode.json ($XDG_CONFIG_HOME/opencode on Linux; the same ~/.config on macOS and Windows), JSON with comments and trailing commas allowed.
// An entry is `type: local` with the command and its arguments in one `command` array, or `type: remote` with a
// `url`; `enabled: true` turns it on (https://opencode.ai/docs/mcp-servers).
import {join} from 'node:path'

import type {ClientSpec, ConfigContext} from '../spec.js'

function userConfig(ctx: ConfigContext): string {
  const base = ctx.platform === 'linux' && ctx.env.XDG_CONFIG_HOME ? ctx.env.XDG_CONFIG_HOME : join(ctx.home, '.config')
  return join(base, 'opencode', 'opencode.json')
}

export const opencode: ClientSpec = {
  id: 'opencode',
  name: 'opencode',
  rootKey: 'mcp',
  format: 'jsonc',
  projectFile: 'opencode.json',
  globalFile: userConfig,
  stdioEntry: ({command, args}) => ({type: 'local', command: [command, ...args], enabled: true}),
  httpEntry: (url) => ({type: 'remote', url, enabled: true}),
  reload: 'restart opencode in the project; check with `opencode mcp list`',
}
