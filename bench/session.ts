// What an agent pays for results: a 100-call mixed MCP session through `bridge serve` (ten typed tools an
// agent building in the open scene uses most, ten calls each, with their catalog examples), the bytes of every
// result summed. A model usually reads the text content; structuredContent carries the same object for
// clients that validate it, so both are counted, and the text's estimated tokens (chars / 4) beside them.
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'

import type {CommandDoc} from '../src/catalog/catalog.js'
import {figure, table} from './report.js'

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
  const rows: (string | number)[][] = []
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
    total += all
    text += textBytes
    structured += result.structuredContent ? Buffer.byteLength(JSON.stringify(result.structuredContent)) : 0
    if (i < MIX.length) rows.push([method, all, textBytes, Math.round(textBytes / 4)])
  }
  figure('mcp_session_100_result_bytes', total, 'B')
  figure('mcp_session_100_text_bytes', text, 'B')
  figure('mcp_session_100_text_tokens_est', Math.round(text / 4), 'tokens')
  console.log('\n## a 100-call mixed MCP session through serve (each tool 10 times with its catalog example)\n')
  console.log(table(['tool (one call)', 'result bytes', 'text bytes', 'text tokens'], rows))
  console.log(
    `100 calls: ${total} B of results (${text} B text ≈ ${Math.round(text / 4)} tokens, ${structured} B structuredContent)`,
  )
}
