// Installing plugin packs the way a user does, into a throwaway oclif data directory: `bridge plugins link`
// or `bridge plugins install file:<dir>`, `bridge plugins uninstall`; what `bridge --help` and bash completion
// then offer; and an MCP session with `bridge serve`. Packs in plugins/ resolve `bridge-godot` to this checkout
// (what `npm install` does with their devDependency "file:../.."), made here without touching the network.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {BRIDGE_BIN, type CliResult, runCli} from './cli.js'
import {REPO_ROOT} from './editor.js'

export const PACKS_DIR = join(REPO_ROOT, 'plugins')

export interface PackHome {
  /** XDG_DATA_HOME / XDG_CONFIG_HOME / XDG_CACHE_HOME of the throwaway home. */
  env: Record<string, string>
  cli(args: string[], options?: {cwd?: string; timeoutMs?: number}): Promise<CliResult>
  /** `plugins link <dir> --no-install` or `plugins install file:<dir>`; expects success. */
  install(pack: string, how: 'link' | 'path'): Promise<void>
  uninstall(name: string): Promise<void>
  /** What `bridge <words…> <TAB>` completes to in bash, from the completion cache. */
  complete(...words: string[]): Promise<string[]>
  remove(): void
}

/** A fresh oclif data/config/cache home for one test file. */
export function packHome(): PackHome {
  const base = mkdtempSync(join(tmpdir(), 'bridge-packs-'))
  const env = {
    XDG_DATA_HOME: join(base, 'data'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_CACHE_HOME: join(base, 'cache'),
  }
  const home: PackHome = {
    env,
    cli: (args, options = {}) =>
      runCli(args, {env: {...env, OCLIF_DISABLE_LINKED_ESM_WARNING: '1'}, timeoutMs: 120_000, ...options}),
    async install(pack, how) {
      const dir = join(PACKS_DIR, pack)
      linkCore(dir)
      const args = how === 'link' ? ['plugins', 'link', dir, '--no-install'] : ['plugins', 'install', `file:${dir}`]
      const result = await home.cli(args, {timeoutMs: 180_000})
      expect(result.code, `${args.join(' ')}\n${result.stderr}`).to.equal(0)
    },
    async uninstall(name) {
      const result = await home.cli(['plugins', 'uninstall', name])
      expect(result.code, result.stderr).to.equal(0)
    },
    async complete(...words) {
      const refreshed = await home.cli(['autocomplete', 'bash', '--refresh-cache'])
      expect(refreshed.code, refreshed.stderr).to.equal(0)
      const script = join(env.XDG_CACHE_HOME, 'bridge', 'autocomplete', 'functions', 'bash', 'bridge.bash')
      const line = ['bridge', ...words, '""'].join(' ')
      return execFileSync(
        'bash',
        [
          '-c',
          `source "${script}"; COMP_WORDS=(${line}); COMP_CWORD=${words.length + 1}; _bridge_autocomplete; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        {encoding: 'utf8'},
      )
        .split('\n')
        .filter(Boolean)
    },
    remove: () => rmSync(base, {recursive: true, force: true}),
  }
  return home
}

/** `<pack>/node_modules/bridge-godot` → this checkout, as `npm install` makes it from the devDependency. */
export function linkCore(packDir: string): void {
  const link = join(packDir, 'node_modules', 'bridge-godot')
  if (existsSync(join(link, 'package.json'))) return
  mkdirSync(join(packDir, 'node_modules'), {recursive: true})
  rmSync(link, {force: true})
  symlinkSync(join('..', '..', '..'), link, 'dir')
}

export interface ServeSession {
  client: Client
  stderr(): string
  close(): Promise<void>
}

/** `bridge serve --project <project>` with the pack home's plugins, as an MCP client sees it. */
/** `bridge serve` with every toolset by default (a client's own default is the small core: the fixture's mcpServe too). */
export async function openServe(project: string, env: Record<string, string>, toolsets = 'all'): Promise<ServeSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BRIDGE_BIN, 'serve', '--project', project, '--toolsets', toolsets],
    env: {...(process.env as Record<string, string>), NO_COLOR: '1', OCLIF_DISABLE_LINKED_ESM_WARNING: '1', ...env},
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (d) => (stderr += d))
  const client = new Client({name: 'packs-e2e', version: '1.0.0'})
  await client.connect(transport)
  return {client, stderr: () => stderr, close: () => client.close()}
}

export function toolText(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')
}

/** The tool's JSON result, or an error with its text when the call failed. */
export function toolJson<T = Record<string, any>>(result: unknown): T {
  if ((result as CallToolResult).isError) throw new Error(`tool error: ${toolText(result)}`)
  const {content, structuredContent} = result as CallToolResult
  if (structuredContent) return structuredContent as T // a typed tool's text beside it may be a summary
  const first = content.find((c) => c.type === 'text')
  return JSON.parse(first?.type === 'text' ? first.text : 'null') as T
}
