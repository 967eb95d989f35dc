/**
 * Raydium AMM v4 and Jupiter v6 swap instructions for the tests, encoded by hand from the programs' published layouts
 * (Raydium's `AmmInstruction` tags, Jupiter's Anchor IDL), with placeholder pool accounts: the decoder reads only the
 * user's side, and nothing here runs on a chain.
 */
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js'
import { meta, TOKEN_PROGRAM_ID, u64 } from './spl-instructions.js'

export const RAYDIUM_AMM_V4_PROGRAM_ID = new PublicKey('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8')
export const JUPITER_V6_PROGRAM_ID = new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4')

const placeholders = (count: number) => Array.from({ length: count }, () => meta(Keypair.generate().publicKey))

/** SwapBaseIn (9: amount in, minimum out) or SwapBaseOut (11: maximum in, amount out), with the 18 accounts of a pool with target orders. */
export function raydiumSwap(
  kind: 'base-in' | 'base-out',
  user: { source: PublicKey; destination: PublicKey; owner: PublicKey },
  first: bigint,
  second: bigint,
) {
  return new TransactionInstruction({
    programId: RAYDIUM_AMM_V4_PROGRAM_ID,
    keys: [meta(TOKEN_PROGRAM_ID), ...placeholders(14), meta(user.source, false, true), meta(user.destination, false, true), meta(user.owner, true)],
    data: Buffer.concat([Buffer.from([kind === 'base-in' ? 9 : 11]), u64(first), u64(second)]),
  })
}

const DISCRIMINATORS = {
  route: [229, 23, 203, 151, 122, 227, 173, 42],
  sharedAccountsRoute: [193, 32, 155, 51, 65, 214, 156, 129],
  exactOutRoute: [208, 51, 239, 151, 123, 43, 237, 92],
} as const

/** A route plan of `steps` steps: each a one-byte swap variant without fields, percent, input and output indexes. */
const routePlan = (steps: number) => {
  const length = Buffer.alloc(4)
  length.writeUInt32LE(steps)
  return Buffer.concat([length, ...Array.from({ length: steps }, (_, index) => Buffer.from([0, 100, index, index + 1]))])
}
const tail = (first: bigint, second: bigint) => Buffer.concat([u64(first), u64(second), Buffer.from([50, 0, 0])])

export interface JupiterUser {
  authority: PublicKey
  source: PublicKey
  destination: PublicKey
  sourceMint: PublicKey
  destinationMint: PublicKey
}

/** `route`: in amount, quoted out; the source mint is not among the accounts. */
export const jupiterRoute = (user: JupiterUser, inAmount: bigint, quotedOut: bigint, steps = 2) =>
  new TransactionInstruction({
    programId: JUPITER_V6_PROGRAM_ID,
    keys: [
      meta(TOKEN_PROGRAM_ID),
      meta(user.authority, true),
      meta(user.source, false, true),
      meta(user.destination, false, true),
      meta(JUPITER_V6_PROGRAM_ID),
      meta(user.destinationMint),
      meta(JUPITER_V6_PROGRAM_ID),
      ...placeholders(6),
    ],
    data: Buffer.concat([Buffer.from(DISCRIMINATORS.route), routePlan(steps), tail(inAmount, quotedOut)]),
  })

/** `shared_accounts_route`: an id byte first; both mints among the accounts. */
export const jupiterSharedAccountsRoute = (user: JupiterUser, inAmount: bigint, quotedOut: bigint) =>
  new TransactionInstruction({
    programId: JUPITER_V6_PROGRAM_ID,
    keys: [
      meta(TOKEN_PROGRAM_ID),
      ...placeholders(1),
      meta(user.authority, true),
      meta(user.source, false, true),
      ...placeholders(2),
      meta(user.destination, false, true),
      meta(user.sourceMint),
      meta(user.destinationMint),
      meta(JUPITER_V6_PROGRAM_ID),
      meta(JUPITER_V6_PROGRAM_ID),
      ...placeholders(4),
    ],
    data: Buffer.concat([Buffer.from(DISCRIMINATORS.sharedAccountsRoute), Buffer.from([3]), routePlan(1), tail(inAmount, quotedOut)]),
  })

/** `exact_out_route`: out amount, quoted in. */
export const jupiterExactOutRoute = (user: JupiterUser, outAmount: bigint, quotedIn: bigint) =>
  new TransactionInstruction({
    programId: JUPITER_V6_PROGRAM_ID,
    keys: [
      meta(TOKEN_PROGRAM_ID),
      meta(user.authority, true),
      meta(user.source, false, true),
      meta(user.destination, false, true),
      meta(JUPITER_V6_PROGRAM_ID),
      meta(user.sourceMint),
      meta(user.destinationMint),
      meta(JUPITER_V6_PROGRAM_ID),
      meta(JUPITER_V6_PROGRAM_ID),
      ...placeholders(4),
    ],
    data: Buffer.concat([Buffer.from(DISCRIMINATORS.exactOutRoute), routePlan(3), tail(outAmount, quotedIn)]),
  })
