/**
 * A legacy Solana transaction whose one instruction is a Memo-program memo of the sign-in message, signed by the
 * wallet instead of the message itself (wallets without `solana:signMessage`, e.g. on a Ledger). It is never sent:
 * the blockhash is zeros and the server only checks the signer and the memo (SiwsAuthenticateBody).
 */
import { decodeBase58 } from '../../../protocol/index.js'

const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

/** compact-u16: seven bits a byte, low bits first. */
function compactLength(value: number): number[] {
  const bytes: number[] = []
  let rest = value
  do {
    let byte = rest & 0x7f
    rest >>= 7
    if (rest) byte |= 0x80
    bytes.push(byte)
  } while (rest)
  return bytes
}

/** The unsigned wire transaction: one empty signature slot, then the message. */
export function memoTransaction(signerPublicKey: Uint8Array, memo: string): Uint8Array {
  const programId = decodeBase58(MEMO_PROGRAM_ID)!
  const data = new TextEncoder().encode(memo)
  const message = [
    1,
    0,
    1, // one signer; no read-only signers; one read-only unsigned account (the program)
    ...compactLength(2),
    ...signerPublicKey,
    ...programId,
    ...new Uint8Array(32), // recent blockhash
    ...compactLength(1), // one instruction:
    1,
    ...compactLength(1),
    0, // the memo program, with the signer as its one account
    ...compactLength(data.length),
    ...data,
  ]
  return Uint8Array.from([...compactLength(1), ...new Uint8Array(64), ...message])
}
