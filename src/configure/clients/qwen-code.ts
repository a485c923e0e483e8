// Qwen Code (Alibaba's terminal agent, a fork of Gemini CLI): the same settings.json shape as Gemini CLI,
// `mcpServers` in ~/.qwen/settings.json for the user or .qwen/settings.json in the project; comments are
// stripped before parsing, so they are kept, while a trailing comma breaks it; `httpUrl` is a Streamable HTTP server.
import {join} from 'node:path'

import type {ClientSpec} from '../spec.js'

export const qwenCode: ClientSpec = {
  id: 'qwen-code',
  name: 'Qwen Code',
  rootKey: 'mcpServers',
  format: 'json-comments',
  projectFile: join('.qwen', 'settings.json'),
  globalFile: (ctx) => join(ctx.home, '.qwen', 'settings.json'),
  stdioEntry: ({command, args}) => ({command, args}),
  httpEntry: (url) => ({httpUrl: url}),
  reload: 'restart Qwen Code (project settings apply in a trusted folder); check with /mcp',
  reloadGlobal: 'restart Qwen Code; check with /mcp',
}
