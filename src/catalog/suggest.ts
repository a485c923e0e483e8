// Did-you-mean for every surface: the closest of a set of names by edit distance, or nothing when none is close.

/** The candidate closest to `word`, when it is within a third of the word's length (at least 2 edits). */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestScore = Infinity
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase())
    if (d < bestScore) {
      bestScore = d
      best = c
    }
  }
  return best && bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined
}

/** Edits between two words: insertions, deletions, substitutions and swaps of neighbours (rnage → range is one). */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({length: a.length + 1}, (_, i) =>
    Array.from({length: b.length + 1}, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  return d[a.length][b.length]
}
