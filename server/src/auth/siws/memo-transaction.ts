import { decodeBase58 } from '../../../../src/protocol/index.js'

/** The SPL Memo program, v2 and v1: a memo instruction's data is the memo text as UTF-8. */
const MEMO_PROGRAM_IDS = ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'].map((id) =>
  Buffer.from(decodeBase58(id)!).toString('hex'),
)

/** A signed Solana transaction, read as far as sign-in needs it. */
export interface MemoTransaction {
  /** The serialized transaction message: the bytes every signature covers. */
  message: Uint8Array
  /** The required signers' keys, each with its signature (same order as on the wire). */
  signers: { publicKey: Uint8Array; signature: Uint8Array }[]
  /** Data of every Memo-program instruction, as UTF-8 text. */
  memos: string[]
}

/** Reads the wire format (legacy or versioned); null when the bytes are not a whole, well-formed transaction. */
export function parseMemoTransaction(bytes: Uint8Array): MemoTransaction | null {
  let offset = 0
  const take = (length: number): Uint8Array => {
    if (offset + length > bytes.length) throw new RangeError('truncated')
    const slice = bytes.subarray(offset, offset + length)
    offset += length
    return slice
  }
  const byte = () => take(1)[0]!
  // compact-u16: up to three bytes, seven bits each, low bits first.
  const length = () => {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const next = byte()
      value |= (next & 0x7f) << shift
      if (!(next & 0x80)) return value
    }
    throw new RangeError('bad length')
  }
  try {
    const signatures = Array.from({ length: length() }, () => take(64))
    const messageStart = offset
    // Versioned messages set the top bit of the first byte; only version 0 exists.
    if (bytes[offset]! & 0x80 && byte() !== 0x80) return null
    const requiredSignatures = byte()
    take(2) // read-only signed and unsigned account counts
    const keys = Array.from({ length: length() }, () => take(32))
    take(32) // recent blockhash
    const memos: string[] = []
    for (let count = length(); count > 0; count--) {
      const program = keys[byte()]
      take(length()) // account indexes
      const data = take(length())
      if (program && MEMO_PROGRAM_IDS.includes(Buffer.from(program).toString('hex'))) memos.push(new TextDecoder('utf-8', { fatal: true }).decode(data))
    }
    if (bytes[messageStart]! & 0x80)
      for (let count = length(); count > 0; count--) {
        take(32)
        take(length())
        take(length())
      } // address table lookups
    if (offset !== bytes.length || requiredSignatures !== signatures.length || requiredSignatures > keys.length) return null
    return {
      message: bytes.subarray(messageStart),
      signers: signatures.map((signature, index) => ({ publicKey: keys[index]!, signature })),
      memos,
    }
  } catch {
    return null
  }
}
