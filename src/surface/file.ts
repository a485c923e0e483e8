// addon/mcp/toolsets.json, the one data file of the MCP surface's rules, as read by every side that needs it
// (configure, serve, and the addon's HTTP endpoint in GDScript): its shape, and where it and its siblings
// (engine_run.json, resources.json, prompts/*.md) live, in the addon the CLI ships.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {addonSourceDir} from '../editor/install.js'

/** Which field of a tool result a client's model reads: its text content, or structuredContent. */
export type Reads = 'content' | 'structured'

export interface ToolsetDef {
  name: string
  description: string
  /**
   * Command groups whose commands belong here (unless a toolset names one of them in `methods`): filled from
   * the groups' own index.json (addon/commands/<group>/index.json), not written in toolsets.json.
   */
  groups?: string[]
  /** Single commands taken out of their group's toolset: a core the work needs whatever the game (`core`). */
  methods?: string[]
}

export interface ClientProfile {
  name: string
  /** Lower-case fragments of `clientInfo.name`; the first profile with a fragment in the name wins. */
  match: string[]
  /** The most tools this server should list for the client (the always-listed tools included); null: none known. */
  max_tools: number | null
  /** Where the limit comes from (docs/clients.md prints it). */
  source: string
  /** Toolsets in order of preference; each is taken while it fits under max_tools. `all` takes every one. */
  toolsets: string[]
  why: string
  /** The field of a tool result the client gives its model, where known (else unknown_client's). */
  reads?: Reads
  /** Where `reads` comes from. */
  reads_source?: string
}

/** The bridge_toolsets tool as listed (an MCP Tool; typed loosely here so configure needs no MCP SDK). */
export interface ToolDef {
  name: string
  description: string
  inputSchema: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  annotations?: Record<string, unknown>
}

export interface SurfaceFile {
  server: {name: string; title: string; why: string}
  core: string
  always_listed: string[]
  structured_since: string
  toolsets: ToolsetDef[]
  unmapped: string
  clients: ClientProfile[]
  unknown_client: {toolsets: string[]; why: string; reads: Reads; reads_why: string}
  tool: ToolDef
}

/** addon/mcp/ in the addon the CLI ships (engine_run.json, resources.json, prompts/*.md and this file live there). */
export function mcpDir(): string {
  return join(addonSourceDir(), 'mcp')
}

export function readSurfaceJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(mcpDir(), file), 'utf8')) as T
}

let raw: SurfaceFile | undefined

/** toolsets.json as written (read once): its toolsets' groups are not filled in (toolsets.ts SURFACE fills them). */
export function surfaceFile(): SurfaceFile {
  raw ??= readSurfaceJson<SurfaceFile>('toolsets.json')
  return raw
}
