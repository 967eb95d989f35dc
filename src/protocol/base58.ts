/** Base58 (the Bitcoin alphabet Solana uses for keys and signatures), by @scure/base. */
import { base58 } from '@scure/base'

export const encodeBase58 = (bytes: Uint8Array): string => base58.encode(bytes)

/** Null for text outside the alphabet: callers validate addresses and keys with it, so a throw would be a crash. */
export function decodeBase58(text: string): Uint8Array | null {
  try {
    return base58.decode(text)
  } catch {
    return null
  }
}
