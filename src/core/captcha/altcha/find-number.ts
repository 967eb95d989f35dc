/** One ALTCHA search task: the numbers `start..end` (inclusive) are tried. */
export interface AltchaSearch {
  challenge: string
  salt: string
  start: number
  end: number
}

/**
 * The number n in the range with hex(SHA-256(salt + n)) === challenge, or null. Self-contained on purpose
 * (no imports, no outer names): the worker runs it from its source text.
 */
export async function findAltchaNumber(search: AltchaSearch): Promise<number | null> {
  const target = new Uint8Array(32)
  for (let i = 0; i < 32; i++) target[i] = parseInt(search.challenge.slice(i * 2, i * 2 + 2), 16)
  const encoder = new TextEncoder()
  for (let n = search.start; n <= search.end; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(search.salt + n)))
    let same = true
    for (let i = 0; i < 32 && same; i++) same = digest[i] === target[i]
    if (same) return n
  }
  return null
}
