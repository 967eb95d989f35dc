/**
 * Raydium AMM v4 swaps and Jupiter v6 routes, read byte by byte: these programs publish no maintained instruction
 * codecs (docs/decisions.md "Maintained libraries instead of hand-written code"), so their layouts are written here.
 */
import type { PendingSwap } from './pending-instructions.js'

const RAYDIUM_AMM_V4_PROGRAM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8'
const JUPITER_V6_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'

/**
 * Jupiter v6's swap instructions by their Anchor discriminator (the first 8 bytes): where the authority, the source
 * token account and the mints sit among the accounts, and whether the amount is exact on the way in or out.
 */
const JUPITER_ROUTES: Array<{ discriminator: number[]; authority: number; source: number; inputMint: number | null; outputMint: number; exact: 'in' | 'out' }> =
  [
    { discriminator: [229, 23, 203, 151, 122, 227, 173, 42], authority: 1, source: 2, inputMint: null, outputMint: 5, exact: 'in' }, // route
    { discriminator: [193, 32, 155, 51, 65, 214, 156, 129], authority: 2, source: 3, inputMint: 7, outputMint: 8, exact: 'in' }, // shared_accounts_route
    { discriminator: [208, 51, 239, 151, 123, 43, 237, 92], authority: 1, source: 2, inputMint: 5, outputMint: 6, exact: 'out' }, // exact_out_route
    { discriminator: [176, 209, 105, 168, 154, 125, 69, 62], authority: 2, source: 3, inputMint: 7, outputMint: 8, exact: 'out' }, // shared_accounts_exact_out_route
  ]

/** Null when the instruction is not a swap these decoders know, or its data or accounts are short. */
export function decodeSwapInstruction(programId: string, accounts: string[], data: Uint8Array): PendingSwap | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const u64 = (offset: number) => (data.length >= offset + 8 ? view.getBigUint64(offset, true) : null)
  if (programId === RAYDIUM_AMM_V4_PROGRAM) {
    // SwapBaseIn (9: amount in, minimum out) and SwapBaseOut (11: maximum in, amount out); the user's source and
    // destination token accounts and the owner are the last three accounts (17 or 18 of them).
    const [valueIn, valueOut] = [u64(1), u64(9)]
    if ((data[0] !== 9 && data[0] !== 11) || valueIn === null || valueOut === null || accounts.length < 17) return null
    const [sourceAccount, destinationAccount, authority] = accounts.slice(-3) as [string, string, string]
    return { type: 'pending-swap', swap: 'raydium-swap', authority, inputMint: null, outputMint: null, sourceAccount, destinationAccount, valueIn, valueOut }
  }
  if (programId === JUPITER_V6_PROGRAM) {
    const route = JUPITER_ROUTES.find(({ discriminator }) => discriminator.every((byte, index) => data[index] === byte))
    // The route plan's length varies; the amounts are the last fields: u64, u64, u16 slippage, u8 platform fee.
    const tail = data.length - 19
    if (!route || tail < 12 || accounts.length <= route.outputMint) return null
    const [first, second] = [u64(tail)!, u64(tail + 8)!]
    const [valueIn, valueOut] = route.exact === 'in' ? [first, second] : [second, first]
    const inputMint = route.inputMint === null ? null : accounts[route.inputMint]!
    return {
      type: 'pending-swap',
      swap: 'jupiter-swap',
      authority: accounts[route.authority]!,
      inputMint,
      outputMint: accounts[route.outputMint]!,
      sourceAccount: accounts[route.source]!,
      destinationAccount: null,
      valueIn,
      valueOut,
    }
  }
  return null
}
