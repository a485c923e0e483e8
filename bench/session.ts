// What an agent pays for results: a 100-call mixed MCP session through `bridge serve` (ten typed tools an
// agent building in the open scene uses most, ten calls each, with their catalog examples), the bytes and
// estimated tokens (bytes / 4) of every tool's results, text and structuredContent apart. The bench announces
// itself as Claude Code, a client whose model reads structuredContent, so it gets structuredContent in full and a
// summary text beside it (addon/mcp/README.md, "Results"); a client that reads only the text (or one the profile
// table does not know) gets the whole JSON there, which the structuredContent column measures.
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'

import type {CommandDoc} from '../src/catalog/catalog.js'
import {figure, table, target} from './report.js'

/** Reads and one write of the same value, as a build-and-check loop does them. */
const MIX = [
  'scene.tree',
  'scene.current',
  'node.find',
  'node.get',
  'node.set',
  'engine.search',
  'engine.class_info',
  'project.info',
  'script.list',
  'editor.selection_get',
]

export async function reportSession(client: Client, commands: CommandDoc[]): Promise<void> {
  const perTool = new Map<string, {calls: number; all: number; text: number; structured: number}>()
  let total = 0
  let text = 0
  let structured = 0
  for (let i = 0; i < 100; i++) {
    const method = MIX[i % MIX.length]
    const doc = commands.find((c) => c.method === method)
    if (!doc) throw new Error(`the session's ${method} is not a command any more`)
    const result = await client.callTool({
      name: method.replaceAll('.', '_'),
      arguments: (doc.example ?? {}) as Record<string, unknown>,
    })
    if (result.isError) throw new Error(`${method} with its example failed: ${JSON.stringify(result.content)}`)
    const content = result.content as {type: string; text?: string}[]
    const textBytes = content.reduce((n, c) => n + Buffer.byteLength(c.text ?? ''), 0)
    const all = Buffer.byteLength(JSON.stringify(result))
    const structuredBytes = result.structuredContent ? Buffer.byteLength(JSON.stringify(result.structuredContent)) : 0
    total += all
    text += textBytes
    structured += structuredBytes
    const row = perTool.get(method) ?? {calls: 0, all: 0, text: 0, structured: 0}
    perTool.set(method, {
      calls: row.calls + 1,
      all: row.all + all,
      text: row.text + textBytes,
      structured: row.structured + structuredBytes,
    })
  }
  const tokens = (bytes: number) => Math.round(bytes / 4)
  figure('mcp_session_100_result_bytes', total, 'B')
  figure('mcp_session_100_text_bytes', text, 'B')
  figure('mcp_session_100_structured_bytes', structured, 'B')
  target('mcp_session_100_text_tokens_est', tokens(text), 'tokens', 6500, 'before issue 40: 13 068 tokens')
  figure('mcp_session_100_structured_tokens_est', tokens(structured), 'tokens')
  console.log('\n## a 100-call mixed MCP session through serve (each tool 10 times with its catalog example)\n')
  const rows = [...perTool].map(([method, r]) => [
    `${method} (×${r.calls})`,
    r.all,
    r.text,
    tokens(r.text),
    r.structured,
    tokens(r.structured),
  ])
  console.log(
    table(
      ['tool', 'result bytes', 'text bytes', 'text tokens', 'structuredContent bytes', 'structuredContent tokens'],
      rows,
    ),
  )
  console.log(
    `100 calls: ${total} B of results (${text} B text ≈ ${tokens(text)} tokens, ${structured} B structuredContent ≈ ${tokens(structured)} tokens)`,
  )
}
