// `bridge configure <client>` as a library: resolve the project, pick the client's config file, build the
// entry, merge it in memory and write once — every check happens before the single write.
import {existsSync, statSync} from 'node:fs'
import {basename, join, resolve} from 'node:path'

import {UsageError} from '../errors.js'
import {findProjectRoot} from '../editor/project.js'
import {findClient} from './clients/index.js'
import {bridgeLaunch, httpPortFor, httpUrl, pinnedHttpPort, SERVER_NAME} from './entry.js'
import {type MergeAction, mergeServer} from './merge.js'
import {mergeTomlServer, tomlSnippet} from './merge-toml.js'
import {type ClientSpec, type ConfigContext, type ServerEntry, type StdioLaunch, systemContext} from './spec.js'
import {toolsetsForClient, withToolsets} from './toolsets.js'
import {readConfig, writeAtomic} from './write.js'

export interface ConfigureOptions {
  client: string
  project?: string
  configDir?: string
  print?: boolean
  global?: boolean
  http?: boolean
  /** `--toolsets` for the server; default: what suits the client; `auto`: none, the server picks per clientInfo. */
  toolsets?: string
  cwd?: string
  ctx?: ConfigContext
  /** How the stdio server is started (default: bridgeLaunch). */
  launch?: (projectRoot: string) => StdioLaunch
}

export interface ConfigureResult {
  client: string
  client_name: string
  scope: 'project' | 'global'
  file: string
  project_root: string
  server: string
  transport: 'stdio' | 'http'
  entry: ServerEntry
  /** What goes in the file: the root key holding this one server. */
  snippet: Record<string, Record<string, ServerEntry>>
  /** The snippet in the file's own format (JSON, or TOML for Codex), as --print shows it. */
  snippet_text: string
  action: MergeAction | 'printed'
  written: boolean
  notes: string[]
  next_step: string
}

export function configure(options: ConfigureOptions): ConfigureResult {
  const client = findClient(options.client)
  const cwd = options.cwd ?? process.cwd()
  const ctx = options.ctx ?? systemContext()
  const notes: string[] = []
  const projectRoot = projectRootFor(options.project, cwd)
  const configDir = options.configDir === undefined ? undefined : existingDir(options.configDir, cwd, '--config-dir')
  const {file, scope} = targetFile(client, {global: Boolean(options.global), configDir, projectRoot, ctx}, notes)
  const launch = options.launch ?? bridgeLaunch
  const toolsets = toolsetsForClient(client.id, options.toolsets)
  if (toolsets.note) notes.push(toolsets.note)
  const {entry, transport} = buildEntry(
    client,
    projectRoot,
    Boolean(options.http),
    launch,
    ctx.env,
    notes,
    toolsets.value,
  )
  const done = {
    client: client.id,
    client_name: client.name,
    scope,
    file,
    project_root: projectRoot,
    server: SERVER_NAME,
    transport,
    entry,
    snippet: {[client.rootKey]: {[SERVER_NAME]: entry}},
    snippet_text:
      client.format === 'toml'
        ? tomlSnippet(client.rootKey, SERVER_NAME, entry)
        : JSON.stringify({[client.rootKey]: {[SERVER_NAME]: entry}}, null, 2) + '\n',
    notes,
    next_step: scope === 'global' ? (client.reloadGlobal ?? client.reload) : client.reload,
  }
  if (options.print) return {...done, action: 'printed', written: false}

  const target = {file, rootKey: client.rootKey, name: SERVER_NAME, entry}
  const text = readConfig(file)
  const merged =
    client.format === 'toml' ? mergeTomlServer(text, target) : mergeServer(text, {...target, format: client.format})
  if (merged.action !== 'unchanged') writeAtomic(file, merged.text)
  return {...done, action: merged.action, written: merged.action !== 'unchanged'}
}

/**
 * The project the server will drive. A config without one is refused rather than written: `bridge serve`
 * would then dial the default port 9080 and could not check that the editor answering is this project's.
 */
export function projectRootFor(flag: string | undefined, cwd: string): string {
  const where = flag === undefined ? cwd : resolve(cwd, flag)
  if (flag !== undefined && !existsSync(where)) throw new UsageError(`--project ${flag}: no such directory`)
  const root = findProjectRoot(where)
  if (root) return root
  throw new UsageError(
    `${where} is not inside a Godot project (no project.godot there or above). A client config must name a project: ` +
      'without a project root the server would fall back to port 9080 and skip the check that the answering editor ' +
      "is this project's. Pass --project <the directory holding project.godot>.",
    {path: where},
  )
}

function existingDir(dir: string, cwd: string, flag: string): string {
  const full = resolve(cwd, dir)
  if (!existsSync(full) || !statSync(full).isDirectory()) throw new UsageError(`${flag} ${dir}: no such directory`)
  return full
}

interface Placement {
  global: boolean
  configDir: string | undefined
  projectRoot: string
  ctx: ConfigContext
}

/** The file to write and its scope; --config-dir stands in for the directory the client reads. */
export function targetFile(
  client: ClientSpec,
  at: Placement,
  notes: string[],
): {file: string; scope: 'project' | 'global'} {
  if (!client.projectFile) {
    // a client with one config for everything (Claude Desktop): --config-dir moves that file, --global changes nothing
    if (!client.globalFile) throw new Error(`client ${client.id} declares no config file`)
    const global = client.globalFile(at.ctx)
    if (!at.global)
      notes.push(
        `${client.name} has one config for all projects, so the entry goes in its global file (it names ${at.projectRoot})`,
      )
    return {file: at.configDir ? join(at.configDir, basename(global)) : global, scope: 'global'}
  }
  if (at.global) {
    if (!client.globalFile)
      throw new UsageError(
        `${client.name} has no global config; drop --global to write ${client.projectFile} in the project`,
      )
    if (at.configDir) throw new UsageError('--config-dir places a project config; it cannot be combined with --global')
    return {file: client.globalFile(at.ctx), scope: 'global'}
  }
  return {file: join(at.configDir ?? at.projectRoot, client.projectFile), scope: 'project'}
}

function buildEntry(
  client: ClientSpec,
  projectRoot: string,
  http: boolean,
  launch: (projectRoot: string) => StdioLaunch,
  env: NodeJS.ProcessEnv,
  notes: string[],
  toolsets: string | undefined,
): {entry: ServerEntry; transport: 'stdio' | 'http'} {
  if (http && client.httpEntry) {
    const {port, source} = httpPortFor(projectRoot, env)
    if (source === 'discovery' && pinnedHttpPort(projectRoot) !== port)
      notes.push(
        `port ${port} is the running editor's; pin it (Project Settings > bridge/network/http_port) so the URL stays valid when the editor restarts`,
      )
    return {entry: client.httpEntry(withToolsets(httpUrl(port, projectRoot), toolsets)), transport: 'http'}
  }
  if (http)
    notes.push(
      `${client.httpUnsupported ?? `${client.name} cannot use a local HTTP server`}; using the stdio entry instead`,
    )
  const {command, args} = launch(projectRoot)
  return {
    entry: client.stdioEntry({command, args: toolsets ? [...args, '--toolsets', toolsets] : args}),
    transport: 'stdio',
  }
}
