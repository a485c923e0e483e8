// A minimal PNG reader for tests (8-bit RGB/RGBA, not interlaced: what Godot's save_png writes), so frame
// tests can check pixels without an image library.
import {inflateSync} from 'node:zlib'

export interface Png {
  width: number
  height: number
  channels: number
  data: Buffer
  /** [r, g, b] at (x, y), 0–255. */
  rgb(x: number, y: number): [number, number, number]
}

export function decodePng(png: Buffer): Png {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG')
  let offset = 8
  let width = 0
  let height = 0
  let channels = 0
  const idat: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('ascii', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [depth, color, , , interlace] = [body[8], body[9], body[10], body[11], body[12]]
      if (depth !== 8 || interlace !== 0 || ![2, 6].includes(color))
        throw new Error(`unsupported PNG (depth ${depth}, color ${color})`)
      channels = color === 6 ? 4 : 3
    } else if (type === 'IDAT') idat.push(body)
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const data = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[y * stride + x - channels] : 0
      const b = y > 0 ? data[(y - 1) * stride + x] : 0
      const c = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels] : 0
      const p = a + b - c
      const pred = [
        0,
        a,
        b,
        (a + b) >> 1,
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c,
      ][filter]
      data[y * stride + x] = (line[x] + pred) & 0xff
    }
  }
  return {
    width,
    height,
    channels,
    data,
    rgb: (x, y) => {
      const i = y * stride + x * channels
      return [data[i], data[i + 1], data[i + 2]]
    },
  }
}
