/**
 * The instructions of a Solana transaction message as the confirmation's 'Advanced' list shows them (funding spec, "Entities and their fields":
 * "Solana prepared transaction"). The System, SPL Token (and Token-2022) and Associated Token Account programs are
 * read with their own codecs (standard-instructions.ts), Raydium's AMM v4 swaps and Jupiter v6's routes byte by byte
 * (swap-instructions.ts); anything else, or any instruction whose accounts sit in a lookup table that cannot be
 * loaded, is `unknown` with its program id. Unsupported System instruction types are `unknown` too: the summary only
 * shows them (docs/decisions.md "Maintained libraries instead of hand-written code").
 */
import { SPL_TOKEN_PROGRAM_ID } from '../../../protocol/solana-programs.js'
import { AddressLookupTableAccount, PublicKey, type Connection, type VersionedMessage } from '@solana/web3.js'
import type { AssetAmount, SolanaInstructionSummary } from '../types.js'
import { shortenAddress } from '../../utils/shorten-address.js'
import type { DecodedInstruction } from './pending-instructions.js'
import { decodeStandardInstruction, isStandardProgram, TOKEN_2022_PROGRAM } from './standard-instructions.js'
import { decodeSwapInstruction } from './swap-instructions.js'

const TOKEN_PROGRAM = SPL_TOKEN_PROGRAM_ID

/** What the API knows of a mint (`GET /api/v1/spl_token_info`); null when it does not. */
export type SplTokenInfoLookup = (mint: string) => Promise<{ symbol: string; decimals: number } | null>

export interface DecodeContext {
  connection: Connection
  splTokenInfo: SplTokenInfoLookup
  /** The SOL price in USD, for SOL amounts; null when unknown. */
  solUsd: number | null
}

export async function decodeSolanaInstructions(message: VersionedMessage, context: DecodeContext): Promise<SolanaInstructionSummary[]> {
  const keys = await accountKeysOf(message, context.connection)
  const decoded = message.compiledInstructions.map((instruction): DecodedInstruction => {
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
  return Promise.all(
    decoded.map(async (entry): Promise<SolanaInstructionSummary> => {
      if (entry.type === 'pending-swap') {
        const [inputMint, outputMint] = await Promise.all([
          entry.inputMint ?? mintOf(entry.sourceAccount),
          entry.outputMint ?? mintOf(entry.destinationAccount),
        ])
        const [amountIn, amountOut] = await Promise.all([amountOf(entry.valueIn, inputMint), amountOf(entry.valueOut, outputMint)])
        return { type: entry.swap, authority: entry.authority, inputMint, outputMint, amountIn, amountOut }
      }
      if (entry.type !== 'pending-spl-transfer') return entry
      const mint = entry.mint ?? (await mintOf(entry.from))
      return {
        type: 'spl-transfer',
        from: entry.from,
        to: entry.to,
        authority: entry.authority,
        mint,
        amount: await amountOf(entry.value, mint, entry.decimals),
      }
    }),
  )
}

/** The message's account keys, lookup-table addresses included when every table loads (else the static keys only). */
async function accountKeysOf(message: VersionedMessage, connection: Connection): Promise<string[]> {
  const staticKeys = message.staticAccountKeys.map((key) => key.toBase58())
  if (message.addressTableLookups.length === 0) return staticKeys
  try {
    const tables = await Promise.all(
      message.addressTableLookups.map(async (lookup) => {
        const account = await connection.getAccountInfo(lookup.accountKey)
        if (!account) throw new Error('lookup table not found')
        return new AddressLookupTableAccount({ key: lookup.accountKey, state: AddressLookupTableAccount.deserialize(account.data) })
      }),
    )
    return message
      .getAccountKeys({ addressLookupTableAccounts: tables })
      .keySegments()
      .flat()
      .map((key) => key.toBase58())
  } catch {
    return staticKeys
  }
}

function decodeInstruction(programId: string, accounts: string[], data: Uint8Array, solUsd: number | null): DecodedInstruction | null {
  return isStandardProgram(programId) ? decodeStandardInstruction(programId, accounts, data, solUsd) : decodeSwapInstruction(programId, accounts, data)
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
