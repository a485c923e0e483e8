// The rules MCP clients enforce on a tool list, as one check both transports' tests run over every tool:
// VS Code's Copilot and OpenAI's function calling refuse an array without `items`; Gemini and OpenAI refuse a
// name that is not 1–64 characters of [a-zA-Z0-9_-]; OpenAI and Copilot want `type: object` at the top of an
// input schema and refuse oneOf/anyOf/allOf there.
interface ListedTool {
  name: string
  inputSchema: Record<string, unknown>
}

/** Every way a tool list breaks a client's rules, as `tool: where: what`; empty when every client takes it. */
export function schemaProblems(tools: ListedTool[]): string[] {
  const problems: string[] = []
  for (const tool of tools) {
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) problems.push(`${tool.name}: name: not 1-64 of [a-zA-Z0-9_-]`)
    const schema = tool.inputSchema
    if (schema.type !== 'object') problems.push(`${tool.name}: inputSchema: type is not object`)
    for (const key of ['oneOf', 'anyOf', 'allOf'])
      if (key in schema) problems.push(`${tool.name}: inputSchema: ${key} at the top`)
    walk(schema, `${tool.name}: inputSchema`, problems)
  }
  return problems
}

/** Arrays without items anywhere in a schema. */
function walk(schema: unknown, at: string, problems: string[]): void {
  if (!schema || typeof schema !== 'object') return
  const s = schema as Record<string, unknown>
  const types = Array.isArray(s.type) ? s.type : [s.type]
  if (types.includes('array') && !(s.items && typeof s.items === 'object'))
    problems.push(`${at}: an array without items`)
  for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, `${at}.${key}`, problems)
  if (s.items) walk(s.items, `${at}[]`, problems)
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    walk(s.additionalProperties, `${at}{}`, problems)
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((v, i) => walk(v, `${at}.${key}[${i}]`, problems))
}
