// The tool names a rendered prompt gives an agent, checked against the tools/list of the transport that
// served it (test/unit/mcp/prompts.test.ts over stdio, test/e2e/transport/http-mcp.e2e.test.ts over HTTP).

/**
 * What in a rendered prompt names no tool of `listed`: a left-over {{tool:…}} placeholder, a backticked
 * command name (`scene.tree` is a method, not a tool name) or a backticked typed-tool name (`scene_tree`)
 * that tools/list lacks. `methods`: every command's method name.
 */
export function strayToolNames(text: string, methods: string[], listed: ReadonlySet<string>): string[] {
  const typed = new Set(methods.map((m) => m.replaceAll('.', '_')))
  const dotted = new Set(methods)
  const stray = [...text.matchAll(/\{\{\s*tool:[^}]*\}\}/g)].map((m) => m[0])
  for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
    if (dotted.has(span)) stray.push(`${span} (a method name, not a tool)`)
    else if ((typed.has(span) || span === 'engine_run') && !listed.has(span)) stray.push(`${span} (not listed)`)
    else if (span.startsWith('engine_run ') && !listed.has('engine_run')) stray.push(span)
  }
  return stray
}
