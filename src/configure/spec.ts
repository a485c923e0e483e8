// What a client module declares — where its config files live and the shape of a server entry — and the
// per-user directories those paths are built from, taken from a context so tests can use temp homes.
import {homedir} from 'node:os'
import {join} from 'node:path'

export interface ConfigContext {
  home: string
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
}

export function systemContext(): ConfigContext {
  // os.homedir() honours HOME on POSIX, which is what lets a test point every client at a temp home
  return {home: homedir(), platform: process.platform, env: process.env}
}

/** How a client starts the stdio server. */
export interface StdioLaunch {
  command: string
  args: string[]
}

export type ServerEntry = Record<string, unknown>

/**
 * `json`: strict JSON. `json-comments`: JSON whose comments the client strips before parsing (Gemini CLI), so
 * a trailing comma still breaks it. `jsonc`: comments and trailing commas (VS Code, Zed). `toml`: Codex.
 */
export type ConfigFormat = 'json' | 'json-comments' | 'jsonc' | 'toml'

export interface ClientSpec {
  /** The identifier of `bridge configure <client>`. */
  id: string
  name: string
  /** The object in the config file that maps server names to entries. */
  rootKey: string
  /** What the client parses; the merge accepts exactly that, so a file the client cannot read is refused, not kept. */
  format: ConfigFormat
  /** The project config, relative to the directory the client opens; absent when the client has only a global one. */
  projectFile?: string
  /** The user-wide config; absent when the client has none. */
  globalFile?: (ctx: ConfigContext) => string
  stdioEntry: (launch: StdioLaunch) => ServerEntry
  /** The entry for the addon's HTTP endpoint; absent when the client cannot use a local HTTP server from its config. */
  httpEntry?: (url: string) => ServerEntry
  /** Why there is no httpEntry, said to the user when --http falls back to stdio. */
  httpUnsupported?: string
  /** What the user does next for the client to load the new entry. */
  reload: string
  /** The same for a --global entry, where `reload` speaks of a project's file (approving, trusting). */
  reloadGlobal?: string
}

/** Where desktop apps keep per-user settings: %APPDATA%, ~/Library/Application Support, or $XDG_CONFIG_HOME. */
export function appConfigDir(ctx: ConfigContext): string {
  if (ctx.platform === 'win32') return ctx.env.APPDATA || join(ctx.home, 'AppData', 'Roaming')
  if (ctx.platform === 'darwin') return join(ctx.home, 'Library', 'Application Support')
  return ctx.env.XDG_CONFIG_HOME || join(ctx.home, '.config')
}
