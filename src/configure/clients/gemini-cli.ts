// Gemini CLI (Google's terminal agent): `mcpServers` in settings.json, ~/.gemini/settings.json for the user
// (%USERPROFILE%\.gemini on Windows) or .gemini/settings.json in the project. It strips comments before
// parsing, so they are kept, while a trailing comma breaks it; `httpUrl` is a Streamable HTTP server.
import {join} from 'node:path'

import type {ClientSpec} from '../spec.js'

export const geminiCli: ClientSpec = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  rootKey: 'mcpServers',
  format: 'json-comments',
  projectFile: join('.gemini', 'settings.json'),
  globalFile: (ctx) => join(ctx.home, '.gemini', 'settings.json'),
  stdioEntry: ({command, args}) => ({command, args}),
  httpEntry: (url) => ({httpUrl: url}),
  reload: 'restart Gemini CLI (project settings apply in a trusted folder); check with /mcp',
  reloadGlobal: 'restart Gemini CLI; check with /mcp',
}
