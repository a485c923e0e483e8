// Where the MCP surface shared with the addon's HTTP endpoint lives: addon/mcp/ (engine_run.json,
// resources.json, prompts/*.md), shipped with the CLI inside its addon directory.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {addonSourceDir} from '../editor/install.js'

export function mcpDir(): string {
  return join(addonSourceDir(), 'mcp')
}

export function readSurfaceJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(mcpDir(), file), 'utf8')) as T
}

/** Writes one line to stderr: stdout belongs to the protocol. */
export type Logger = (message: string) => void

export const stderrLogger: Logger = (message) => {
  process.stderr.write(`bridge serve: ${message}\n`)
}
