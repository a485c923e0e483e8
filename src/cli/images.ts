// Image results on the CLI: a command whose declared result carries images (an `image_base64` beside a
// `mime_type`: runtime.screenshot, runtime.capture_frames, editor.screenshot, a pack's own) takes `--out`.
// `--out shot.png` (a name with an image extension, or an existing file) writes that file, numbered
// shot_000.png, shot_001.png, ... when the result holds several; any other `--out` is a folder that gets
// <command>_000.png, ... Each image record then names its file in place of the base64. Without --out a
// terminal shows a short marker instead of the base64 (--json keeps it).
import {existsSync, mkdirSync, statSync, writeFileSync} from 'node:fs'
import {dirname, extname, join, resolve} from 'node:path'

const EXTENSIONS: Record<string, string> = {'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp'}
const FILE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp'])

type Image = Record<string, unknown> & {image_base64: string; mime_type: string}

/** Whether a command's results carry images: its declared result shape has an `image_base64` somewhere. */
export function returnsImages(doc: {result_schema?: unknown; output_schema?: unknown}): boolean {
  return JSON.stringify(doc.result_schema ?? doc.output_schema ?? {}).includes('"image_base64"')
}

/** `value` with every image record replaced by what `replace` makes of it (document order). */
function mapImages(value: unknown, replace: (image: Image, index: number) => unknown, counter = {n: 0}): unknown {
  if (Array.isArray(value)) return value.map((v) => mapImages(v, replace, counter))
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (typeof record.image_base64 === 'string' && EXTENSIONS[record.mime_type as string])
      return replace(record as Image, counter.n++)
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, mapImages(v, replace, counter)]))
  }
  return value
}

function countImages(value: unknown): number {
  let n = 0
  mapImages(value, () => n++)
  return n
}

/** Whether `out` names a file rather than a folder: an image extension, or a file that exists. */
export function namesFile(out: string): boolean {
  if (existsSync(out)) return !statSync(out).isDirectory()
  return FILE_EXTENSIONS.has(extname(out).toLowerCase())
}

/**
 * Writes the result's images where `out` says (see the file comment); `stem` names the files in a folder.
 * Each image record names its file instead of holding the base64.
 */
export function saveImages(result: unknown, out: string, stem: string): {result: unknown; files: string[]} {
  const files: string[] = []
  const single = namesFile(out)
  const several = countImages(result) > 1
  mkdirSync(single ? dirname(resolve(out)) : out, {recursive: true})
  const mapped = mapImages(result, ({image_base64: data, ...rest}, i) => {
    const number = String(i).padStart(3, '0')
    const ext = extname(out)
    const file = single
      ? resolve(several ? `${out.slice(0, out.length - ext.length)}_${number}${ext}` : out)
      : resolve(join(out, `${stem}_${number}.${EXTENSIONS[rest.mime_type as string]}`))
    writeFileSync(file, Buffer.from(data, 'base64'))
    files.push(file)
    return {...rest, file}
  })
  return {result: mapped, files}
}

/** The result with each image's base64 replaced by a short marker, for a terminal. */
export function shortenImages(result: unknown): unknown {
  return mapImages(result, (image) => ({
    ...image,
    image_base64: `<${image.mime_type}, ${Math.floor((image.image_base64.length * 3) / 4)} bytes; --out FILE.png saves it>`,
  }))
}
