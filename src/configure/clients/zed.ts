// Zed (code editor): MCP servers are `context_servers` in its settings.json, a JSONC file (comments and
// trailing commas) with every other Zed setting in it: .zed/settings.json in the project, or the user's
// settings.json (~/.config/zed on Linux and macOS, $XDG_CONFIG_HOME/zed on Linux when set, %APPDATA%\Zed on Windows).
import {join} from 'node:path'

import type {ClientSpec, ConfigContext} from '../spec.js'

function userSettings(ctx: ConfigContext): string {
  if (ctx.platform === 'win32')
    return join(ctx.env.APPDATA || join(ctx.home, 'AppData', 'Roaming'), 'Zed', 'settings.json')
  const config =
    ctx.platform === 'linux' && ctx.env.XDG_CONFIG_HOME ? ctx.env.XDG_CONFIG_HOME : join(ctx.home, '.config')
  return join(config, 'zed', 'settings.json')
}

export const zed: ClientSpec = {
  id: 'zed',
  name: 'Zed',
  rootKey: 'context_servers',
  format: 'jsonc',
  projectFile: join('.zed', 'settings.json'),
  globalFile: userSettings,
  stdioEntry: ({command, args}) => ({command, args}),
  httpEntry: (url) => ({url}),
  reload: "Zed starts the server when the settings change; check it in the Agent Panel's settings (MCP Servers)",
}
