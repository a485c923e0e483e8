// Image results on the CLI: commands that return frames (runtime.screenshot, runtime.capture_frames) take
// `--out DIR`, which writes each `{mime_type: 'image/png', image_base64}` as a file and prints its path in
// place of the base64; without it, a terminal shows a short marker instead of the base64 (--json keeps it).
import {mkdirSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'

/** The addon commands whose results carry images. */
export const IMAGE_COMMANDS = new Set(['runtime.screenshot', 'runtime.capture_frames'])

const EXTENSIONS: Record<string, string> = {'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp'}

type Image = Record<string, unknown> & {image_base64: string; mime_type: string}

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

/** Writes the result's images into `dir` as <stem>_000.png, ...; each image record names its file instead. */
export function saveImages(result: unknown, dir: string, stem: string): {result: unknown; files: string[]} {
  const files: string[] = []
  mkdirSync(dir, {recursive: true})
  const out = mapImages(result, ({image_base64: data, ...rest}, i) => {
    const file = resolve(join(dir, `${stem}_${String(i).padStart(3, '0')}.${EXTENSIONS[rest.mime_type as string]}`))
    writeFileSync(file, Buffer.from(data, 'base64'))
    files.push(file)
    return {...rest, file}
  })
  return {result: out, files}
}

/** The result with each image's base64 replaced by a short marker, for a terminal. */
export function shortenImages(result: unknown): unknown {
  return mapImages(result, (image) => ({
    ...image,
    image_base64: `<${image.mime_type}, ${Math.floor((image.image_base64.length * 3) / 4)} bytes; --out DIR saves it>`,
  }))
}
