/** One ALTCHA search task: the numbers `start..end` (inclusive) are tried. */
export interface AltchaSearch {
  challenge: string
  salt: string
  start: number
  end: number
}

/** SHA-256 of the bytes. */
export type Sha256 = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array | Promise<Uint8Array>

/**
 * The number n in the range with hex(SHA-256(salt + n)) === challenge, or null. Self-contained on purpose
 * (no imports, no outer names): the worker runs it from its source text, with WebCrypto, which exists only in a
 * secure context (elsewhere the worker fails and the main thread searches with `digest` from @noble/hashes).
 */
export async function findAltchaNumber(
  search: AltchaSearch,
  digest: Sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
): Promise<number | null> {
  const target = new Uint8Array(32)
  for (let i = 0; i < 32; i++) target[i] = parseInt(search.challenge.slice(i * 2, i * 2 + 2), 16)
  const encoder = new TextEncoder()
  for (let n = search.start; n <= search.end; n++) {
    const hash = await digest(encoder.encode(search.salt + n))
    let same = true
    for (let i = 0; i < 32 && same; i++) same = hash[i] === target[i]
    if (same) return n
  }
  return null
}
