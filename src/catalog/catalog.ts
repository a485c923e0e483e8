// The command catalog: the addon's own parameter docs (engine.commands), captured at build time in
// catalog/commands.json so the CLI has flags, help and validation offline. A test keeps it equal to the
// live addon's list.
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

export type ParamType =
  | 'string'
  | 'int'
  | 'float'
  | 'bool'
  | 'NodePath'
  | 'Vector2'
  | 'Vector3'
  | 'Color'
  | 'Array'
  | 'Dictionary'
  | 'any'
  | 'enum'

export interface ParamDoc {
  name: string
  type: ParamType
  required: boolean
  description: string
  default?: unknown
  min?: number
  max?: number
  values?: string[]
  writes_path?: boolean
  /** A script file the command loads: the router compiles it after the call and reports it (`compiles`, `compile_errors`). */
  compiles?: boolean
  /** true: code the command runs (audited by the router, `bridge audit`); false: reads like code, never run */
  evaluates?: boolean
}

export interface CommandDoc {
  method: string
  summary: string
  params: ParamDoc[]
  example: Record<string, unknown>
  read_only: boolean
  destructive: boolean
  /** Repeating the call with the same params changes nothing more (every read; declared by mutating commands). */
  idempotent?: boolean
  /** A short human title (the declaration's, else "Group: command words"). */
  title?: string
  needs?: string
  /** The oldest Godot the command runs on, when newer than the addon's floor (engine.commands adds `unavailable` below it). */
  since?: string
  source?: string
  timeout_ms?: number
  /** The result's boolean field that is a pass/fail verdict (test.run_scenario's `ok`): the CLI exits 1 when false. */
  verdict?: string
  /** Why this command's answer may be larger than the answer budget (1 KB of compact JSON); others answer a summary. */
  answer_size?: string
  input_schema: Record<string, unknown>
  /** The declared result shape (the addon's `returns`), in full; output_schema is its MCP form. */
  result_schema?: Record<string, unknown>
  output_schema?: Record<string, unknown>
}

/** Whether a verdict command's answer says "fail": its declared verdict field is false. */
export function verdictFailed(doc: Pick<CommandDoc, 'verdict'>, result: unknown): boolean {
  return doc.verdict !== undefined && (result as Record<string, unknown> | null)?.[doc.verdict] === false
}

const HERE = dirname(fileURLToPath(import.meta.url))
export const CATALOG_FILE = join(HERE, '..', '..', 'catalog', 'commands.json')
/** The addon's tools/list with every toolset on (scripts/gen-catalog.ts): serve's list while no editor is up. */
export const TOOLS_FILE = join(HERE, '..', '..', 'catalog', 'tools.json')
/**
 * One file per command, written by the build (scripts/prebuild-catalog.mjs) to dist/catalog/commands/ and reached
 * from dist/catalog/ and the bundle in dist/bundle/ alike; absent when running from src/ (the catalog serves).
 */
const DOCS_DIR = join(HERE, '..', 'catalog', 'commands')

let cached: CommandDoc[] | undefined

export function loadCatalog(): CommandDoc[] {
  if (!cached) {
    try {
      cached = (JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as {commands: CommandDoc[]}).commands
    } catch {
      cached = []
    }
  }
  return cached
}

export function findCommand(method: string): CommandDoc | undefined {
  return loadCatalog().find((c) => c.method === method)
}

/** One command's doc without parsing the whole catalog when the build split it (a one-shot needs only its own). */
export function commandDoc(method: string): CommandDoc | undefined {
  if (cached || !/^[a-z0-9_]+\.[a-z0-9_]+$/.test(method)) return findCommand(method)
  const file = join(DOCS_DIR, `${method}.json`)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CommandDoc) : findCommand(method)
}

/** `node.add` → `node:add` (oclif id) → shown as `bridge node add`. */
export function commandId(method: string): string {
  return method.replace('.', ':').replaceAll('_', '-')
}

/** A group's CLI topic: `input_map` → `input-map`, as its commands' ids spell it. */
export function topicName(group: string): string {
  return group.replaceAll('_', '-')
}

/** The reverse of commandId for a forwarded, unknown command. */
export function methodFromId(id: string): string {
  const [group, ...rest] = id.split(/[: ]/)
  return `${group}.${rest.join('_')}`.replaceAll('-', '_') // `input-map:deadzone-set` → input_map.deadzone_set
}

/** `allow_unsafe_editor_io` → `allow-unsafe-editor-io`. */
export function flagName(param: string): string {
  return param.replaceAll('_', '-')
}
