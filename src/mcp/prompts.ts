// The prompts (addon/mcp/prompts/*.md, shared with the addon's HTTP endpoint). They need no editor, so they
// are served while it is down. Each file: a first-line HTML comment holding {description, arguments},
// then the text with {{argument}} placeholders (a missing optional argument becomes empty) and
// {{tool:<group>.<command>}} placeholders, rendered as the tool this session lists for that command, or as
// engine_run with its method when none is listed (the HTTP endpoint renders them the same way:
// addon/mcp/prompts.gd).
import {readFileSync, readdirSync} from 'node:fs'
import {basename, join} from 'node:path'

import {type GetPromptResult, type Prompt, ProtocolError, ProtocolErrorCode} from '@modelcontextprotocol/server'

import {mcpDir} from './surface.js'
import {toolName} from './tools.js'

export interface PromptDef extends Prompt {
  text: string
}

const HEADER = /^<!--\s*(\{.*\})\s*-->\r?\n/
const TOOL = /\{\{\s*tool:([A-Za-z0-9_]+\.[A-Za-z0-9_]+)\s*\}\}/g

/** The prompt text with each {{tool:method}} as the name of a tool in `listed`, else as engine_run with the method. */
export function renderTools(text: string, listed: ReadonlySet<string>): string {
  return text.replaceAll(TOOL, (_, method: string) =>
    listed.has(toolName(method)) ? toolName(method) : `engine_run {"method": "${method}"}`,
  )
}

export function parsePrompt(name: string, source: string): PromptDef {
  const header = HEADER.exec(source)
  if (!header) throw new Error(`prompt ${name}: the first line must be <!-- {"description": …, "arguments": […]} -->`)
  const meta = JSON.parse(header[1]) as Pick<Prompt, 'description' | 'arguments'>
  return {
    name,
    description: meta.description,
    arguments: meta.arguments ?? [],
    text: source.slice(header[0].length).trim(),
  }
}

export function loadPrompts(dir = join(mcpDir(), 'prompts')): PromptDef[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parsePrompt(basename(f, '.md'), readFileSync(join(dir, f), 'utf8')))
}

export function listPrompts(prompts: PromptDef[]): Prompt[] {
  return prompts.map(({name, description, arguments: args}) => ({name, description, arguments: args}))
}

/** `listed`: the names of the tools this session lists (tools/list), which the prompt's tool names must be. */
export function getPrompt(
  prompts: PromptDef[],
  name: string,
  args: Record<string, string> = {},
  listed: ReadonlySet<string> = new Set(),
): GetPromptResult {
  const prompt = prompts.find((p) => p.name === name)
  if (!prompt)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `unknown prompt '${name}'; prompts/list has ${prompts.map((p) => p.name).join(', ')}`,
    )
  for (const arg of prompt.arguments ?? [])
    if (arg.required && !args[arg.name])
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `prompt ${name}: missing required argument '${arg.name}'`,
      )
  // tools first: an argument's text is the user's, never rendered
  const text = renderTools(prompt.text, listed).replaceAll(
    /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g,
    (_, key: string) => args[key] ?? '',
  )
  return {description: prompt.description, messages: [{role: 'user', content: {type: 'text', text}}]}
}
