/**
 * The instructions of a Solana transaction message as the confirmation's 'Advanced' list shows them (document 3
 * "Solana prepared transaction"). The layouts of the System, SPL Token (and Token-2022) and Associated Token Account
 * programs, Raydium's AMM v4 swaps and Jupiter v6's routes are read here byte by byte; anything else, or any
 * instruction whose accounts sit in a lookup table that cannot be loaded, is `unknown` with its program id. Unsupported System instruction types are `unknown` too: the
 * summary only shows them (docs/decisions.md "Solana instruction decoding").
 */
import { SPL_ASSOCIATED_TOKEN_PROGRAM_ID, SPL_TOKEN_PROGRAM_ID } from '../../../protocol/solana-programs.js'
import { AddressLookupTableAccount, PublicKey, type Connection, type VersionedMessage } from '@solana/web3.js'
import type { AssetAmount, SolanaInstructionSummary } from '../types.js'
import { shortenAddress } from '../../utils/shorten-address.js'
import { lamportsAmount } from './lamports-amount.js'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = SPL_TOKEN_PROGRAM_ID
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM = SPL_ASSOCIATED_TOKEN_PROGRAM_ID
export const RAYDIUM_AMM_V4_PROGRAM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8'
export const JUPITER_V6_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'

/**
 * Jupiter v6's swap instructions by their Anchor discriminator (the first 8 bytes): where the authority, the source
 * token account and the mints sit among the accounts, and whether the amount is exact on the way in or out.
 */
const JUPITER_ROUTES: Array<{ discriminator: number[]; authority: number; source: number; inputMint: number | null; outputMint: number; exact: 'in' | 'out' }> = [
  { discriminator: [229, 23, 203, 151, 122, 227, 173, 42], authority: 1, source: 2, inputMint: null, outputMint: 5, exact: 'in' }, // route
  { discriminator: [193, 32, 155, 51, 65, 214, 156, 129], authority: 2, source: 3, inputMint: 7, outputMint: 8, exact: 'in' }, // shared_accounts_route
  { discriminator: [208, 51, 239, 151, 123, 43, 237, 92], authority: 1, source: 2, inputMint: 5, outputMint: 6, exact: 'out' }, // exact_out_route
  { discriminator: [176, 209, 105, 168, 154, 125, 69, 62], authority: 2, source: 3, inputMint: 7, outputMint: 8, exact: 'out' }, // shared_accounts_exact_out_route
]

/** What the API knows of a mint (`GET /api/v1/spl_token_info`); null when it does not. */
export type SplTokenInfoLookup = (mint: string) => Promise<{ symbol: string; decimals: number } | null>

export interface DecodeContext {
  connection: Connection
  splTokenInfo: SplTokenInfoLookup
  /** The SOL price in USD, for SOL amounts; null when unknown. */
  solUsd: number | null
}

/** An SPL transfer before its mint and decimals are known (plain Transfer carries neither). */
interface PendingSplTransfer { type: 'pending-spl-transfer'; from: string; to: string; authority: string; mint: string | null; decimals: number | null; value: bigint }
/** A swap before its mints' metadata is known; a mint missing from the accounts is read off a token account. */
interface PendingSwap {
  type: 'pending-swap'
  swap: 'raydium-swap' | 'jupiter-swap'
  authority: string
  inputMint: string | null
  outputMint: string | null
  /** The token accounts the mints are read from when the instruction does not name them. */
  sourceAccount: string
  destinationAccount: string | null
  valueIn: bigint
  valueOut: bigint
}
type Decoded = SolanaInstructionSummary | PendingSplTransfer | PendingSwap

export async function decodeSolanaInstructions(message: VersionedMessage, context: DecodeContext): Promise<SolanaInstructionSummary[]> {
  const keys = await accountKeysOf(message, context.connection)
  const decoded = message.compiledInstructions.map((instruction): Decoded => {
    // Program ids are always static keys.
    const programId = message.staticAccountKeys[instruction.programIdIndex]!.toBase58()
    const accounts = instruction.accountKeyIndexes.map((index) => keys[index])
    if (accounts.some((account) => account === undefined)) return { type: 'unknown', programId }
    return decodeInstruction(programId, accounts as string[], instruction.data, context.solUsd) ?? { type: 'unknown', programId }
  })
  // Token accounts this transaction creates are not on the chain yet: their mint comes from the creating instruction.
  const mintsOfNewAccounts = new Map<string, string>()
  for (const entry of decoded) {
    if (entry.type === 'ata-creation' || entry.type === 'spl-init-account') mintsOfNewAccounts.set(entry.account, entry.mint)
  }
  const tokens = tokenReader(context)
  const mintOf = async (account: string | null) => (account ? (mintsOfNewAccounts.get(account) ?? (await tokens.mintOfTokenAccount(account))) : null)
  const amountOf = async (value: bigint, mint: string | null, decimals: number | null = null): Promise<AssetAmount> =>
    mint ? { value, ...(await tokens.metadata(mint, decimals)), usd: null } : { value, decimals: decimals ?? 0, symbol: '', usd: null }
  return Promise.all(decoded.map(async (entry): Promise<SolanaInstructionSummary> => {
    if (entry.type === 'pending-swap') {
      const [inputMint, outputMint] = await Promise.all([entry.inputMint ?? mintOf(entry.sourceAccount), entry.outputMint ?? mintOf(entry.destinationAccount)])
      const [amountIn, amountOut] = await Promise.all([amountOf(entry.valueIn, inputMint), amountOf(entry.valueOut, outputMint)])
      return { type: entry.swap, authority: entry.authority, inputMint, outputMint, amountIn, amountOut }
    }
    if (entry.type !== 'pending-spl-transfer') return entry
    const mint = entry.mint ?? (await mintOf(entry.from))
    return { type: 'spl-transfer', from: entry.from, to: entry.to, authority: entry.authority, mint, amount: await amountOf(entry.value, mint, entry.decimals) }
  }))
}

/** The message's account keys, lookup-table addresses included when every table loads (else the static keys only). */
async function accountKeysOf(message: VersionedMessage, connection: Connection): Promise<string[]> {
  const staticKeys = message.staticAccountKeys.map((key) => key.toBase58())
  if (message.addressTableLookups.length === 0) return staticKeys
  try {
    const tables = await Promise.all(message.addressTableLookups.map(async (lookup) => {
      const account = await connection.getAccountInfo(lookup.accountKey)
      if (!account) throw new Error('lookup table not found')
      return new AddressLookupTableAccount({ key: lookup.accountKey, state: AddressLookupTableAccount.deserialize(account.data) })
    }))
    return message.getAccountKeys({ addressLookupTableAccounts: tables }).keySegments().flat().map((key) => key.toBase58())
  } catch {
    return staticKeys
  }
}

function decodeInstruction(programId: string, accounts: string[], data: Uint8Array, solUsd: number | null): Decoded | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const u64 = (offset: number) => (data.length >= offset + 8 ? view.getBigUint64(offset, true) : null)
  const key = (offset: number) => (data.length >= offset + 32 ? new PublicKey(data.subarray(offset, offset + 32)).toBase58() : null)
  if (programId === SYSTEM_PROGRAM) {
    if (data.length < 4) return null
    const type = view.getUint32(0, true)
    // Transfer: u32 2, u64 lamports; accounts [from, to].
    const lamports = u64(4)
    if (type === 2 && lamports !== null && accounts.length >= 2) return { type: 'sol-transfer', from: accounts[0]!, to: accounts[1]!, amount: lamportsAmount(lamports, solUsd) }
    // CreateAccount: u32 0, u64 lamports, u64 space, owner; accounts [from, new account].
    const space = u64(12)
    const owner = key(20)
    if (type === 0 && lamports !== null && space !== null && owner && accounts.length >= 2) {
      return { type: 'create-account', from: accounts[0]!, account: accounts[1]!, lamports: lamportsAmount(lamports, solUsd), space: Number(space), owner }
    }
    return null
  }
  if (programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM) {
    const [source, second, third, fourth] = accounts
    switch (data[0]) {
      case 3: { // Transfer: u64 amount; [source, destination, authority].
        const value = u64(1)
        return value !== null && third ? { type: 'pending-spl-transfer', from: source!, to: second!, authority: third, mint: null, decimals: null, value } : null
      }
      case 12: { // TransferChecked: u64 amount, u8 decimals; [source, mint, destination, authority].
        const value = u64(1)
        return value !== null && data.length >= 10 && fourth
          ? { type: 'pending-spl-transfer', from: source!, to: third!, authority: fourth, mint: second!, decimals: data[9]!, value }
          : null
      }
      case 1: // InitializeAccount: [account, mint, owner, rent].
        return third ? { type: 'spl-init-account', account: source!, mint: second!, owner: third } : null
      case 16: // InitializeAccount2: owner in the data; [account, mint, rent].
      case 18: { // InitializeAccount3: owner in the data; [account, mint].
        const owner = key(1)
        return owner && second ? { type: 'spl-init-account', account: source!, mint: second, owner } : null
      }
      case 9: // CloseAccount: [account, destination, authority].
        return second ? { type: 'spl-close-account', account: source!, destination: second } : null
      case 17: // SyncNative: [account].
        return source ? { type: 'spl-sync-native', account: source } : null
      default:
        return null
    }
  }
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
    return { type: 'pending-swap', swap: 'jupiter-swap', authority: accounts[route.authority]!, inputMint, outputMint: accounts[route.outputMint]!, sourceAccount: accounts[route.source]!, destinationAccount: null, valueIn, valueOut }
  }
  if (programId === ASSOCIATED_TOKEN_PROGRAM) {
    // Create (empty data or 0) and CreateIdempotent (1): [payer, account, owner, mint, system, token program].
    const [, account, owner, mint] = accounts
    return (data.length === 0 || data[0] === 0 || data[0] === 1) && mint ? { type: 'ata-creation', owner: owner!, mint, account: account! } : null
  }
  return null
}

/** Mints of token accounts and metadata of mints, read once per decoding. */
function tokenReader({ connection, splTokenInfo }: DecodeContext) {
  const decimalsOnChain = new Map<string, Promise<number | null>>()
  const apiInfo = new Map<string, Promise<{ symbol: string; decimals: number } | null>>()
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    let value = cache.get(key)
    if (!value) cache.set(key, (value = read()))
    return value
  }
  /** A token account's first 32 bytes are its mint (Token and Token-2022 alike). */
  async function mintOfTokenAccount(address: string): Promise<string | null> {
    const account = await connection.getAccountInfo(new PublicKey(address)).catch(() => null)
    const owner = account?.owner.toBase58()
    if (!account || (owner !== TOKEN_PROGRAM && owner !== TOKEN_2022_PROGRAM) || account.data.length < 165) return null
    return new PublicKey(account.data.subarray(0, 32)).toBase58()
  }
  /** A mint's decimals sit at byte 44 (after the authority option and the supply). */
  const readDecimals = (mint: string) =>
    once(decimalsOnChain, mint, async () => {
      const account = await connection.getAccountInfo(new PublicKey(mint)).catch(() => null)
      return account && account.data.length >= 82 ? account.data[44]! : null
    })
  async function metadata(mint: string, knownDecimals: number | null): Promise<Pick<AssetAmount, 'decimals' | 'symbol'>> {
    const [info, decimals] = await Promise.all([once(apiInfo, mint, () => splTokenInfo(mint)), knownDecimals ?? readDecimals(mint)])
    return { decimals: decimals ?? info?.decimals ?? 0, symbol: info?.symbol ?? shortenAddress(mint) }
  }
  return { mintOfTokenAccount, metadata }
}
