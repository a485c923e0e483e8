// Codex (OpenAI's coding agent: CLI, IDE extension and app share one config): TOML, servers as
// `[mcp_servers.<name>]` tables in ~/.codex/config.toml ($CODEX_HOME/config.toml when set) or, for one trusted
// project, in its .codex/config.toml; an entry with `url` is a Streamable HTTP server.
import {join} from 'node:path'

import type {ClientSpec} from '../spec.js'

export const codex: ClientSpec = {
  id: 'codex',
  name: 'Codex',
  rootKey: 'mcp_servers',
  format: 'toml',
  projectFile: join('.codex', 'config.toml'),
  globalFile: (ctx) => join(ctx.env.CODEX_HOME || join(ctx.home, '.codex'), 'config.toml'),
  stdioEntry: ({command, args}) => ({command, args}),
  httpEntry: (url) => ({url}),
  reload: 'restart Codex (a project .codex/config.toml is read only once you trust the project); check with /mcp',
  reloadGlobal: 'restart Codex; check with /mcp',
}
