// What serve frames itself as MCP tool results: a pack's tool's answer (JSON text, images as image content) and
// every failure of a call it relays or runs (`isError: true`, with a message a model can act on). The editor
// frames the commands' results (addon/mcp/tools.gd).
import type {CallToolResult} from '@modelcontextprotocol/server'

import {forSurface} from '../catalog/wording.js'
import {BridgeCliError, EngineError, UnreachableError} from '../errors.js'

interface Image {
  data: string
  mimeType: string
}

const IMAGE_MIME = /^image\/(png|jpeg|webp|gif)$/
/** Where the base64 sits beside `mime_type`; `image_base64` is the addon's convention (addon/mcp/tools.gd). */
const IMAGE_DATA_KEYS = ['image_base64', 'data', 'base64']
const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/=\s]+)$/
const MAGIC: [string, string][] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['UklGR', 'image/webp'],
]

/**
 * A pack's tool result (they run in Node): its JSON as text, and its images as image content with a marker in
 * the JSON, as the editor frames a command's (addon/mcp/tools.gd). A pack's tool declares no result shape, so
 * there is no structuredContent.
 */
export function successResult(value: unknown): CallToolResult {
  const images: Image[] = []
  const whole = JSON.stringify(value === undefined ? null : value)
  // the walk is JavaScript, run by serve's interpreter (docs/performance.md: 10,000 nodes took ~100 ms): a result
  // whose JSON holds nothing an image is recognised by is used as it is
  const json = mayHoldImage(whole) ? liftImages(value, images, '') : value
  const text = json === value ? whole : JSON.stringify(json === undefined ? null : json)
  return {content: [{type: 'text', text}, ...images.map((i) => ({type: 'image' as const, ...i}))]}
}

export function errorResult(message: string): CallToolResult {
  return {content: [{type: 'text', text: message}], isError: true}
}

/** A failure as the model should read it: what went wrong and what to do next. */
export function failureResult(error: unknown, tool: string): CallToolResult {
  if (error instanceof UnreachableError)
    return errorResult(
      `${error.message} (verdict: ${error.verdict}; the launch-recovery prompt has the full procedure)`,
    )
  if (error instanceof EngineError) {
    const data = error.rpcData === undefined ? '' : JSON.stringify(error.rpcData)
    // the addon names its methods (scene.save); a model calls tools (scene_save), and reads the tool's name once
    // engine_run takes method names, so its messages keep them
    const spoken = tool.startsWith('engine_run') ? error.message : forSurface(error.message, 'mcp')
    const message = spoken.replace(new RegExp(`^${tool.split(' ').pop()?.replaceAll('.', '_')}: `), '')
    return errorResult(`${tool} failed: ${message}${data && data.length <= 600 ? ` ${data}` : ''}`)
  }
  if (error instanceof BridgeCliError && error.code === 'timeout')
    return errorResult(
      `${tool}: no answer within ${error.data.timeout_ms} ms; the editor may be busy (importing, a modal dialog) or the command hung: read editor_errors, then retry once before doing anything else`,
    )
  if (error instanceof BridgeCliError) return errorResult(`${tool}: ${error.message}`)
  return errorResult(`${tool} failed inside bridge serve: ${(error as Error)?.message ?? String(error)}`)
}

/** Whether a result's JSON has what liftImages looks for: an image MIME type (a data URL has one too) or the
 * start of a PNG, JPEG or WebP file at the start of a string. */
function mayHoldImage(json: string): boolean {
  return json.includes('image/') || MAGIC.some(([prefix]) => json.includes(`"${prefix}`))
}

/**
 * Moves base64 images out of a result into `images`, leaving a short marker in the JSON (the same marker the
 * addon's HTTP endpoint leaves). Recognised: `{mime_type|mimeType: "image/…", image_base64|data|base64: "…"}`,
 * `data:image/…;base64,…` strings, and `*_base64` / `png` / `image` fields whose text starts like a PNG,
 * JPEG or WebP file.
 */
function liftImages(value: unknown, images: Image[], key: string): unknown {
  if (typeof value === 'string') {
    const url = DATA_URL.exec(value)
    if (url) return mark(images, {mimeType: url[1], data: url[2].replaceAll(/\s/g, '')})
    if (/(^|_)(base64|png|image|jpeg|jpg)$/i.test(key) && value.length > 64) {
      const magic = MAGIC.find(([prefix]) => value.startsWith(prefix))
      if (magic) return mark(images, {mimeType: magic[1], data: value})
    }
    return value
  }
  if (Array.isArray(value)) return value.map((v) => liftImages(v, images, key))
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const mime = record.mime_type ?? record.mimeType
    const dataKey = IMAGE_DATA_KEYS.find((k) => typeof record[k] === 'string')
    if (typeof mime === 'string' && IMAGE_MIME.test(mime) && dataKey)
      return {...record, [dataKey]: mark(images, {mimeType: mime, data: record[dataKey] as string})}
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, liftImages(v, images, k)]))
  }
  return value
}

function mark(images: Image[], image: Image): string {
  images.push(image)
  const bytes = Math.floor((image.data.length * 3) / 4)
  return `<image ${images.length}: ${image.mimeType}, ${bytes} bytes, attached as image content>`
}
