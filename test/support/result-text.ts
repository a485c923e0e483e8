// The rule for a tool result's text (addon/mcp/README.md, "Results"), written here again as the tests' oracle
// for what the editor answers (addon/mcp/tools.gd result_text): beside structuredContent a client whose model
// reads it gets a summary — the JSON with every top-level field longer than 200 bytes replaced by a marker
// naming its size — and any other client the whole JSON.
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'

/** A top-level field whose JSON is longer than this (UTF-8 bytes) is named in a summary text, not repeated. */
export const SUMMARY_FIELD_BYTES = 200

export function summaryText(value: Record<string, unknown>): string {
  const shown: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    const bytes = Buffer.byteLength(JSON.stringify(field) ?? 'null')
    shown[key] = bytes <= SUMMARY_FIELD_BYTES ? field : `<${sizeOf(field, bytes)} in structuredContent>`
  }
  return JSON.stringify(shown)
}

function sizeOf(field: unknown, bytes: number): string {
  if (Array.isArray(field)) return `${field.length} item${field.length === 1 ? '' : 's'}`
  if (field && typeof field === 'object') {
    const n = Object.keys(field).length
    return `${n} field${n === 1 ? '' : 's'}`
  }
  if (typeof field === 'string') return `${Buffer.byteLength(field)}-byte text`
  return `${bytes}-byte value`
}

/** A result with no image in it as the rule frames it: `structured` when the tool declares an outputSchema. */
export function expectedResult(value: unknown, structured: boolean, reads: 'content' | 'structured'): CallToolResult {
  const object = structured && value !== null && typeof value === 'object' && !Array.isArray(value)
  const text =
    object && reads === 'structured'
      ? summaryText(value as Record<string, unknown>)
      : JSON.stringify(value === undefined ? null : value)
  const result: CallToolResult = {content: [{type: 'text', text}]}
  if (object) result.structuredContent = value as Record<string, unknown>
  return result
}
