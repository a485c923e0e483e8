// The prompts (addon/mcp/prompts/*.md, shared with the addon's HTTP endpoint). They need no editor, so they
// are served while it is down. Each file: a first-line HTML comment holding {description, arguments},
// then the text with {{argument}} placeholders (a missing optional argument becomes empty).
import {readFileSync, readdirSync} from 'node:fs'
import {basename, join} from 'node:path'

import {
  type GetPromptResult,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from '@modelcontextprotocol/server'

import {mcpDir} from './surface.js'

export interface PromptDef extends Prompt {
  text: string
}

const HEADER = /^<!--\s*(\{.*\})\s*-->\r?\n/

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

export function getPrompt(prompts: PromptDef[], name: string, args: Record<string, string> = {}): GetPromptResult {
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
  const text = prompt.text.replaceAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, key: string) => args[key] ?? '')
  return {description: prompt.description, messages: [{role: 'user', content: {type: 'text', text}}]}
}

/** prompts/list and prompts/get from the shipped prompt files, read once. */
export function registerPrompts(server: Server): void {
  const prompts = loadPrompts()
  server.setRequestHandler('prompts/list', async () => ({prompts: listPrompts(prompts)}))
  server.setRequestHandler('prompts/get', async (request) =>
    getPrompt(prompts, request.params.name, request.params.arguments),
  )
}
