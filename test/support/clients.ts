// One row per client `bridge configure` knows: where its files are on each OS, the entry it gets, a
// real-looking config of that client (other servers, other settings, comments where its format has them) and a
// broken one with the position the refusal must name. The configure tests run every row through the same cases.
import {parse as parseToml} from '@decimalturn/toml-patch'
import {applyEdits, modify, parse as parseJsonc} from 'jsonc-parser'
import {join} from 'node:path'

export type Entry = Record<string, unknown>
export type Doc = Record<string, unknown>

export interface ClientCase {
  id: string
  /** The key holding the servers. */
  rootKey: string
  /** Project scope's file, relative to the project; none when the client has one file for every project. */
  projectFile?: string
  /** The user-wide file on Linux, macOS and Windows (APPDATA = <home>/Roaming) and under XDG_CONFIG_HOME. */
  globalFile: {linux: (home: string) => string; darwin: (home: string) => string; win32: (home: string) => string}
  /** Where XDG_CONFIG_HOME=<xdg> moves the Linux file, when it does. */
  xdgFile?: (xdg: string) => string
  stdio: (launch: {command: string; args: string[]}) => Entry
  /** The HTTP entry; none when the client falls back to stdio. */
  http?: (url: string) => Entry
  parse: (text: string) => Doc
  /** A config as the client's users have it; merging must keep all of it. */
  existing: string
  /** Lines of `existing` that must come through byte for byte (comments, other settings). */
  kept: string[]
  broken: {text: string; at: string}
}

const json = (text: string) => JSON.parse(text) as Doc
const jsonc = (text: string) => parseJsonc(text, [], {allowTrailingComma: true}) as Doc
const toml = (text: string) => parseToml(text) as Doc
const appData = (home: string) => join(home, 'Roaming')

const CLAUDE_JSON = [
  '{',
  '  "numStartups": 42,',
  '  "mcpServers": {',
  '    "github": {',
  '      "type": "http",',
  '      "url": "https://api.example.com/mcp"',
  '    }',
  '  },',
  '  "userID": "abc"',
  '}',
  '',
].join('\n')

const MCP_SERVERS_JSON = [
  '{',
  '  "mcpServers": {',
  '    "filesystem": {',
  '      "command": "npx",',
  '      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],',
  '      "disabled": false',
  '    }',
  '  }',
  '}',
  '',
].join('\n')

const BROKEN_JSON = {
  text: '{\n  "mcpServers": {\n    "a": {"command": "a"}\n    "b": {}\n  }\n}\n',
  at: ':4:5: not valid JSON',
}

export const CLIENT_CASES: ClientCase[] = [
  {
    id: 'claude-desktop',
    rootKey: 'mcpServers',
    globalFile: {
      linux: (h) => join(h, '.config', 'Claude', 'claude_desktop_config.json'),
      darwin: (h) => join(h, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'),
      win32: (h) => join(appData(h), 'Claude', 'claude_desktop_config.json'),
    },
    xdgFile: (x) => join(x, 'Claude', 'claude_desktop_config.json'),
    stdio: (l) => ({...l}),
    parse: json,
    existing: MCP_SERVERS_JSON.replace('{\n', '{\n  "globalShortcut": "Ctrl+Space",\n'),
    kept: ['  "globalShortcut": "Ctrl+Space",', '      "disabled": false'],
    broken: BROKEN_JSON,
  },
  {
    id: 'cursor',
    rootKey: 'mcpServers',
    projectFile: join('.cursor', 'mcp.json'),
    globalFile: {
      linux: (h) => join(h, '.cursor', 'mcp.json'),
      darwin: (h) => join(h, '.cursor', 'mcp.json'),
      win32: (h) => join(h, '.cursor', 'mcp.json'),
    },
    stdio: (l) => ({...l}),
    http: (url) => ({url}),
    parse: json,
    existing: MCP_SERVERS_JSON,
    kept: ['      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],', '      "disabled": false'],
    broken: BROKEN_JSON,
  },
  {
    id: 'vscode',
    rootKey: 'servers',
    projectFile: join('.vscode', 'mcp.json'),
    globalFile: {
      linux: (h) => join(h, '.config', 'Code', 'User', 'mcp.json'),
      darwin: (h) => join(h, 'Library', 'Application Support', 'Code', 'User', 'mcp.json'),
      win32: (h) => join(appData(h), 'Code', 'User', 'mcp.json'),
    },
    xdgFile: (x) => join(x, 'Code', 'User', 'mcp.json'),
    stdio: (l) => ({type: 'stdio', ...l}),
    http: (url) => ({type: 'http', url}),
    parse: jsonc,
    existing: [
      '{',
      '  // ask for the key once',
      '  "inputs": [{"type": "promptString", "id": "key", "password": true}],',
      '  "servers": {',
      '    /* the team docs */',
      '    "docs": {',
      '      "type": "stdio",',
      '      "command": "docs-mcp", // from npm',
      '    },',
      '  },',
      '}',
      '',
    ].join('\n'),
    kept: ['  // ask for the key once', '    /* the team docs */', '      "command": "docs-mcp", // from npm'],
    broken: {text: '{\n  "servers": {\n    "a": {"command": "a"}\n    "b": {}\n  }\n}\n', at: ':4:5: not valid JSONC'},
  },
  {
    id: 'claude-code',
    rootKey: 'mcpServers',
    projectFile: '.mcp.json',
    globalFile: {
      linux: (h) => join(h, '.claude.json'),
      darwin: (h) => join(h, '.claude.json'),
      win32: (h) => join(h, '.claude.json'),
    },
    stdio: (l) => ({...l}),
    http: (url) => ({type: 'http', url}),
    parse: json,
    existing: CLAUDE_JSON,
    kept: ['  "numStartups": 42,', '      "url": "https://api.example.com/mcp"', '  "userID": "abc"'],
    broken: BROKEN_JSON,
  },
  {
    id: 'codex',
    rootKey: 'mcp_servers',
    projectFile: join('.codex', 'config.toml'),
    globalFile: {
      linux: (h) => join(h, '.codex', 'config.toml'),
      darwin: (h) => join(h, '.codex', 'config.toml'),
      win32: (h) => join(h, '.codex', 'config.toml'),
    },
    stdio: (l) => ({...l}),
    http: (url) => ({url}),
    parse: toml,
    existing: [
      '# Codex settings',
      'model = "gpt-5-codex" # the default model',
      'approval_policy = "on-request"',
      '',
      '# documentation lookups',
      '[mcp_servers.docs]',
      'command = "npx" # from npm',
      'args = ["-y", "docs-mcp"]',
      '',
      '[mcp_servers.docs.env]',
      'DOCS_TOKEN = "x"',
      '',
      '[profiles.fast]',
      'model = "gpt-5-mini"',
      '',
    ].join('\n'),
    kept: [
      '# Codex settings',
      'model = "gpt-5-codex" # the default model',
      '# documentation lookups',
      'command = "npx" # from npm',
      '[mcp_servers.docs.env]',
      '[profiles.fast]',
    ],
    broken: {text: 'model = "o3"\n\n[mcp_servers.docs]\nargs = ["a" "b"]\n', at: ':4:13: not valid TOML'},
  },
  {
    id: 'windsurf',
    rootKey: 'mcpServers',
    globalFile: {
      linux: (h) => join(h, '.codeium', 'windsurf', 'mcp_config.json'),
      darwin: (h) => join(h, '.codeium', 'windsurf', 'mcp_config.json'),
      win32: (h) => join(h, '.codeium', 'windsurf', 'mcp_config.json'),
    },
    stdio: (l) => ({...l}),
    http: (url) => ({serverUrl: url}),
    parse: json,
    existing: MCP_SERVERS_JSON,
    kept: ['      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],', '      "disabled": false'],
    broken: BROKEN_JSON,
  },
  {
    id: 'zed',
    rootKey: 'context_servers',
    projectFile: join('.zed', 'settings.json'),
    globalFile: {
      linux: (h) => join(h, '.config', 'zed', 'settings.json'),
      darwin: (h) => join(h, '.config', 'zed', 'settings.json'),
      win32: (h) => join(appData(h), 'Zed', 'settings.json'),
    },
    xdgFile: (x) => join(x, 'zed', 'settings.json'),
    stdio: (l) => ({...l}),
    http: (url) => ({url}),
    parse: jsonc,
    existing: [
      '// Zed settings',
      '//',
      '// For information on how to configure Zed, see the Zed',
      '// documentation: https://zed.dev/docs/configuring-zed',
      '{',
      '  "theme": "One Dark",',
      '  "buffer_font_size": 15,',
      '  "context_servers": {',
      '    "docs": {',
      '      "command": "docs-mcp",',
      '      "args": [], // none needed',
      '    },',
      '  },',
      '  "vim_mode": false,',
      '}',
      '',
    ].join('\n'),
    kept: ['// Zed settings', '  "theme": "One Dark",', '      "args": [], // none needed', '  "vim_mode": false,'],
    broken: {text: '{\n  "theme": "One Dark"\n  "vim_mode": true\n}\n', at: ':3:3: not valid JSONC'},
  },
  {
    id: 'gemini-cli',
    rootKey: 'mcpServers',
    projectFile: join('.gemini', 'settings.json'),
    globalFile: {
      linux: (h) => join(h, '.gemini', 'settings.json'),
      darwin: (h) => join(h, '.gemini', 'settings.json'),
      win32: (h) => join(h, '.gemini', 'settings.json'),
    },
    stdio: (l) => ({...l}),
    http: (url) => ({httpUrl: url}),
    parse: jsonc,
    existing: [
      '{',
      '  // set by /theme',
      '  "ui": {"theme": "Dracula"},',
      '  "mcpServers": {',
      '    "git": {',
      '      "command": "uvx",',
      '      "args": ["mcp-server-git"],',
      '      "timeout": 5000',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
    kept: ['  // set by /theme', '  "ui": {"theme": "Dracula"},', '      "timeout": 5000'],
    // Gemini CLI strips comments but JSON.parse refuses a trailing comma: so does the merge
    broken: {
      text: '{\n  "mcpServers": {\n    "a": {"command": "a"},\n  }\n}\n',
      at: ':4:3: not valid JSON (comments allowed)',
    },
  },
  {
    id: 'qwen-code',
    rootKey: 'mcpServers',
    projectFile: join('.qwen', 'settings.json'),
    globalFile: {
      linux: (h) => join(h, '.qwen', 'settings.json'),
      darwin: (h) => join(h, '.qwen', 'settings.json'),
      win32: (h) => join(h, '.qwen', 'settings.json'),
    },
    stdio: (l) => ({...l}),
    http: (url) => ({httpUrl: url}),
    parse: jsonc,
    existing: [
      '{',
      '  // chosen with /model',
      '  "model": {"name": "qwen3-coder-plus"},',
      '  "mcpServers": {',
      '    "fetch": {',
      '      "command": "uvx",',
      '      "args": ["mcp-server-fetch"],',
      '      "trust": true',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
    kept: ['  // chosen with /model', '  "model": {"name": "qwen3-coder-plus"},', '      "trust": true'],
    // a Gemini CLI fork: comments stripped, then strict JSON, so a trailing comma is refused
    broken: {
      text: '{\n  "mcpServers": {\n    "a": {"command": "a"},\n  }\n}\n',
      at: ':4:3: not valid JSON (comments allowed)',
    },
  },
  {
    id: 'opencode',
    rootKey: 'mcp',
    projectFile: 'opencode.json',
    globalFile: {
      linux: (h) => join(h, '.config', 'opencode', 'opencode.json'),
      darwin: (h) => join(h, '.config', 'opencode', 'opencode.json'),
      win32: (h) => join(h, '.config', 'opencode', 'opencode.json'),
    },
    xdgFile: (x) => join(x, 'opencode', 'opencode.json'),
    // one array holds the command and its arguments; `enabled` turns the server on
    stdio: (l) => ({type: 'local', command: [l.command, ...l.args], enabled: true}),
    http: (url) => ({type: 'remote', url, enabled: true}),
    parse: jsonc,
    existing: [
      '{',
      '  "$schema": "https://opencode.ai/config.json",',
      '  // the model for this repository',
      '  "model": "anthropic/claude-sonnet-4-5",',
      '  "mcp": {',
      '    "everything": {',
      '      "type": "local",',
      '      "command": ["npx", "-y", "@modelcontextprotocol/server-everything"],',
      '      "enabled": true,',
      '    },',
      '  },',
      '}',
      '',
    ].join('\n'),
    kept: [
      '  "$schema": "https://opencode.ai/config.json",',
      '  // the model for this repository',
      '      "command": ["npx", "-y", "@modelcontextprotocol/server-everything"],',
    ],
    broken: {text: '{\n  "model": "a"\n  "mcp": {}\n}\n', at: ':3:3: not valid JSONC'},
  },
]

/** The file with `env: {GODOT_BIN: …}` added to the godot-bridge entry, as a user would add it by hand. */
export function withUserEnv(c: ClientCase, text: string): string {
  if (c.id === 'codex') return `${text}\n[${c.rootKey}.godot-bridge.env]\nGODOT_BIN = "/opt/godot"\n`
  const path = [c.rootKey, 'godot-bridge', 'env']
  return applyEdits(
    text,
    modify(text, path, {GODOT_BIN: '/opt/godot'}, {formattingOptions: {insertSpaces: true, tabSize: 2}}),
  )
}

/** What `bridge configure` throws when it refuses: the message, and the code, exit code and data it carries. */
export type Refusal = Error & {code?: string; exitCode?: number; data?: Record<string, unknown>}

/** The error `fn` throws; fails the test when it returns instead. */
export function refusal(fn: () => unknown): Refusal {
  try {
    fn()
  } catch (error) {
    return error as Refusal
  }
  throw new Error('expected a refusal')
}
