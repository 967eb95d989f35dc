import { PublicKey, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { parseMemoTransaction } from '../../../../server/src/auth/siws/memo-transaction.js'
import { memoTransaction } from './memo-transaction.js'

const signer = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const memo = 'app.example wants you to sign in'

describe('memoTransaction (SIWS for wallets that only sign transactions)', () => {
  it('is a legacy transaction paid by the signer whose one instruction is a Memo-program memo it signs, never sendable', () => {
    const transaction = Transaction.from(memoTransaction(signer, memo))
    expect(transaction.feePayer?.toBase58()).toBe(new PublicKey(signer).toBase58())
    expect(transaction.recentBlockhash).toBe('11111111111111111111111111111111')
    expect(transaction.signatures).toEqual([{ publicKey: new PublicKey(signer), signature: null }])
    expect(transaction.instructions).toHaveLength(1)
    const [instruction] = transaction.instructions
    expect(instruction!.programId.toBase58()).toBe('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
    expect(instruction!.keys).toEqual([{ pubkey: new PublicKey(signer), isSigner: true, isWritable: true }])
    expect(new TextDecoder().decode(instruction!.data)).toBe(memo)
  })

  it('is byte for byte the wire form the server reads (the memo and the one signer slot)', () => {
    const bytes = memoTransaction(signer, memo)
    expect(Buffer.from(bytes).toString('base64')).toBe(
      'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAECAQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAFSlNamSkhBk0k6HFg2jh8fDW13bySu4HkH6hAQQVEjQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQEBACBhcHAuZXhhbXBsZSB3YW50cyB5b3UgdG8gc2lnbiBpbg==',
    )
    expect(parseMemoTransaction(bytes)).toMatchObject({ memos: [memo], signers: [{ publicKey: signer }] })
  })
})
