// Wraps text to a width at spaces, keeping every character: a word wider than the width is broken into pieces of
// exactly the width (in a table cell) only when `hard` is set; otherwise it keeps a line of its own, whole.

export function wrap(text: string, width: number, hard = false): string[] {
  if (text.length <= width || width < 1) return [text]
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`
    if (candidate.length <= width) {
      line = candidate
      continue
    }
    if (line !== '') lines.push(line)
    line = word
    while (hard && line.length > width) {
      lines.push(line.slice(0, width))
      line = line.slice(width)
    }
  }
  lines.push(line)
  return lines
}
