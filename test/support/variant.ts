// Godot's binary Variant encoding, decoded in Node for the tests that read a declaration cache
// (core/declaration_cache.gd writes it with var_to_bytes).
/**
 * Godot's binary Variant encoding (var_to_bytes, core/io/marshalls.cpp), read back as far as the cache needs:
 * nil, bool, int, float, String, StringName, Vector2/3, Color, Dictionary, Array (typed ones too) and
 * PackedStringArray. Any other type fails the test by name, so a new kind of value in a declaration is seen.
 */
export function decodeVariant(bytes: Buffer): unknown {
  let at = 0
  const u32 = () => {
    const v = bytes.readUInt32LE(at)
    at += 4
    return v
  }
  const string = () => {
    const length = u32()
    const text = bytes.toString('utf8', at, at + length)
    at += length + ((4 - (length % 4)) % 4)
    return text
  }
  const floats = (n: number, wide: boolean) =>
    Array.from({length: n}, () => {
      const v = wide ? bytes.readDoubleLE(at) : bytes.readFloatLE(at)
      at += wide ? 8 : 4
      return v
    })
  /** A typed container's element type after its header: 1 a built-in type, 2 a class name, 3 a script. */
  const containerType = (kind: number) => {
    if (kind === 1) u32()
    else if (kind === 2) string()
    else if (kind === 3) throw new Error('a container typed by a script: not expected in the cache')
  }
  const value = (): unknown => {
    const header = u32()
    const type = header & 0xff
    const wide = (header & (1 << 16)) !== 0
    switch (type) {
      case 0:
        return null
      case 1:
        return u32() !== 0
      case 2: {
        const v = wide ? Number(bytes.readBigInt64LE(at)) : bytes.readInt32LE(at)
        at += wide ? 8 : 4
        return v
      }
      case 3:
        return floats(1, wide)[0]
      case 4:
      case 21: // StringName
        return string()
      case 5:
        return floats(2, wide)
      case 9:
        return floats(3, wide)
      case 20:
        return floats(4, false)
      case 27: {
        containerType((header >> 16) & 3)
        containerType((header >> 18) & 3)
        const count = u32() & 0x7fffffff
        const out: Record<string, unknown> = {}
        for (let i = 0; i < count; i++) {
          const key = value()
          out[String(key)] = value()
        }
        return out
      }
      case 28: {
        containerType((header >> 16) & 3)
        const count = u32() & 0x7fffffff
        return Array.from({length: count}, () => value())
      }
      case 34: {
        const count = u32()
        return Array.from({length: count}, () => string())
      }
      default:
        throw new Error(`Variant type ${type} at byte ${at - 4}: teach this decoder that type`)
    }
  }
  return value()
}
