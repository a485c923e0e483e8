// A deadline for "answers at once rather than waiting out a long timer": the work must settle before `ms`, a
// bound set far above what the answer takes on a busy machine and below the timer a wrong answer would wait
// out. It is a timeout, not a speed test (how fast is the bench's to say, npm run bench; the rule in
// test/support/timed-asserts.ts keeps measured durations out of assertions).
export async function deadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
