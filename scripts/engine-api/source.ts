// GDScript source reduced for the engine-API check: comments removed, and a copy with every string literal
// blanked too (same length and line breaks, so offsets and line numbers still match the file).

export interface Source {
  /** The text without comments. */
  code: string
  /** The text without comments or string contents (quotes kept, contents replaced by spaces). */
  bare: string
}

export function reduce(text: string): Source {
  let code = ''
  let bare = ''
  let i = 0
  const put = (c: string, blank: boolean): void => {
    code += c
    bare += blank && c !== '\n' ? ' ' : c
  }
  while (i < text.length) {
    const c = text[i]
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') {
        code += ' '
        bare += ' '
        i++
      }
      continue
    }
    if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i)
      const quote = triple ? c.repeat(3) : c
      const raw = text[i - 1] === 'r'
      for (const q of quote) put(q, false)
      i += quote.length
      while (i < text.length && !text.startsWith(quote, i)) {
        if (text[i] === '\\' && !raw) {
          put(text[i], true)
          i++
        }
        if (i < text.length) put(text[i], true)
        i++
        if (!triple && text[i - 1] === '\n') break // an unterminated one-line string: stop at the line's end
      }
      for (let k = 0; k < quote.length && i < text.length; k++, i++) put(text[i], false)
      continue
    }
    put(c, false)
    i++
  }
  return {code, bare}
}

/** The 1-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++
  return line
}
