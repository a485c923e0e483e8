// MCP tools contributed by installed oclif plugins through the `bridge:mcp-tools` hook. Each contribution is
// checked (name, description, a JSON Schema ajv accepts, a run function); a plugin that throws, times out
// or contributes something malformed is logged and skipped, never fatal. The contract is in docs/plugins.md.
import type {ValidateFunction} from 'ajv'

import {ajv} from '../catalog/validate.js'
import {
  MCP_TOOLS_HOOK,
  type McpToolContext,
  type McpToolContribution,
  type McpToolsHookOptions,
  TOOL_NAME,
} from './plugin-contract.js'
import type {Logger} from './surface.js'

export {MCP_TOOLS_HOOK, type McpToolContext, type McpToolContribution, TOOL_NAME}

export interface PluginTool extends McpToolContribution {
  plugin: string
  validate: ValidateFunction
}

interface HookOutcome {
  successes: {plugin: {name: string}; result: unknown}[]
  failures: {plugin: {name: string}; error: Error}[]
}

/** The part of oclif's Config this needs (a fake in unit tests). */
export interface HookRunner {
  runHook(
    event: string,
    options: Record<string, unknown>,
    timeout?: number,
    captureErrors?: boolean,
  ): Promise<HookOutcome>
}

const HOOK_TIMEOUT_MS = 10_000

/** Runs the hook across every installed plugin and returns the contributions that pass the checks. */
export async function loadPluginTools(
  runner: HookRunner | undefined,
  projectRoot: string,
  log: Logger,
): Promise<PluginTool[]> {
  if (!runner) return []
  let outcome: HookOutcome
  try {
    outcome = await runner.runHook(MCP_TOOLS_HOOK, {projectRoot} satisfies McpToolsHookOptions, HOOK_TIMEOUT_MS, true)
  } catch (error) {
    log(`plugin tools skipped: the ${MCP_TOOLS_HOOK} hook failed (${(error as Error).message})`)
    return []
  }
  for (const failure of outcome.failures)
    log(
      `plugin ${failure.plugin.name}: ${MCP_TOOLS_HOOK} hook failed (${failure.error?.message ?? failure.error}); its tools are skipped`,
    )
  const tools: PluginTool[] = []
  for (const {plugin, result} of outcome.successes) {
    if (result === undefined || result === null) continue
    if (!Array.isArray(result)) {
      log(`plugin ${plugin.name}: ${MCP_TOOLS_HOOK} must return an array of tools; skipped`)
      continue
    }
    for (const entry of result) {
      const checked = checkContribution(entry, plugin.name)
      if (typeof checked === 'string') {
        log(`plugin ${plugin.name}: tool skipped: ${checked}`)
        continue
      }
      const taken = tools.find((t) => t.name === checked.name)
      if (taken) {
        log(`plugin ${plugin.name}: tool '${checked.name}' skipped: already contributed by ${taken.plugin}`)
        continue
      }
      tools.push(checked)
    }
  }
  return tools
}

/** A checked tool, or the reason it is refused. */
export function checkContribution(entry: unknown, plugin: string): PluginTool | string {
  if (!entry || typeof entry !== 'object') return 'not an object'
  const t = entry as Partial<McpToolContribution>
  if (typeof t.name !== 'string' || !TOOL_NAME.test(t.name))
    return `name ${JSON.stringify(t.name)} must match ${TOOL_NAME}`
  if (typeof t.description !== 'string' || !t.description.trim()) return `'${t.name}' has no description`
  if (typeof t.run !== 'function') return `'${t.name}' has no run function`
  const schema = t.inputSchema
  if (!schema || typeof schema !== 'object' || schema.type !== 'object')
    return `'${t.name}': inputSchema must be a JSON Schema with "type": "object"`
  // the one ajv instance, loaded on first need (validate.ts): most serve runs have no plugin tool to check
  const schemaAjv = ajv()
  if (!schemaAjv.validateSchema(schema))
    return `'${t.name}': inputSchema is not a valid JSON Schema (${schemaAjv.errorsText(schemaAjv.errors)})`
  let validate: ValidateFunction
  try {
    validate = schemaAjv.compile(schema)
  } catch (error) {
    return `'${t.name}': inputSchema does not compile (${(error as Error).message})`
  }
  const annotations = t.annotations && typeof t.annotations === 'object' ? t.annotations : undefined
  return {
    name: t.name,
    description: t.description,
    inputSchema: schema,
    ...(annotations ? {annotations} : {}),
    run: t.run.bind(t),
    plugin,
    validate,
  }
}
