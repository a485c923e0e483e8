// Wraps text to a width at spaces, keeping every character: a word wider than the width is broken (in a table cell,
// after a / _ or - where it can) only when `hard` is set; otherwise it keeps a line of its own, whole.

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
      // after a path's / (or a _ or -) when one falls in the second half, else at the width
      const slash = line.lastIndexOf('/', width - 1) + 1
      const other = Math.max(line.lastIndexOf('_', width - 1), line.lastIndexOf('-', width - 1)) + 1
      const cut = slash > width / 2 ? slash : other > width / 2 ? other : width
      lines.push(line.slice(0, cut))
      line = line.slice(cut)
    }
  }
  lines.push(line)
  return lines
}
