import type { SplTokenInfoResponse } from '../../../src/protocol/index.js'
import { ApiError, invalidData, notFound } from '../http/api-error.js'
import type { AppRecord } from '../apps/types.js'

/** The SPL Token program (Token-2022 mints are not read yet: docs/scanning.md). */
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** SPL Mint layout: mint authority option (36), supply (8), decimals (1), is_initialized (1), freeze authority option (36). */
const MINT_SIZE = 82
const DECIMALS_OFFSET = 44
const INITIALIZED_OFFSET = 45

/** Circle's USDC mints: known without configuration (funding spec, "Business constants and limits": "Solana USDC mint per cluster"). */
export const BUILT_IN_SOLANA_TOKENS: Record<string, string> = {
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
  '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU': 'USDC',
}
/** The symbol of a mint neither the app nor the built-in list names. */
export const UNKNOWN_SPL_SYMBOL = 'Unknown'

const MINT_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * An SPL mint's decimals read from the cluster (the app's `solana_clusters` RPC) and its symbol from the app's
 * `solana_tokens`, the built-in USDC mints, or 'Unknown'. Unknown cluster, malformed or missing mint: 4xx.
 */
export async function splTokenInfo(app: AppRecord, mintAddress: string, clusterName: string): Promise<SplTokenInfoResponse> {
  if (!MINT_ADDRESS.test(mintAddress)) throw invalidData('mint_address must be a base58 account address')
  const cluster = app.solanaClusters.find((candidate) => candidate.name === clusterName)
  if (!cluster) throw invalidData(`Solana cluster '${clusterName}' is not configured for this app`)
  const account = await readAccount(cluster.rpcUrl, mintAddress)
  if (!account) throw notFound('Mint account not found')
  const data = Buffer.from(account.data[0], 'base64')
  // A token account (165 bytes) is owned by the same program: the size tells a mint apart.
  if (account.owner !== TOKEN_PROGRAM || data.length !== MINT_SIZE || data[INITIALIZED_OFFSET] !== 1) throw invalidData('The account is not an SPL token mint')
  const symbol = app.solanaTokens.find((token) => token.mint === mintAddress)?.symbol ?? BUILT_IN_SOLANA_TOKENS[mintAddress] ?? UNKNOWN_SPL_SYMBOL
  return { symbol, decimals: data[DECIMALS_OFFSET]! }
}

interface AccountInfo {
  owner: string
  data: [string, 'base64']
}

async function readAccount(rpcUrl: string, address: string): Promise<AccountInfo | null> {
  let body: { result?: { value: AccountInfo | null }; error?: unknown }
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [address, { encoding: 'base64', commitment: 'confirmed' }] }),
      signal: AbortSignal.timeout(10_000),
    })
    body = (await response.json()) as typeof body
  } catch {
    throw clusterUnavailable()
  }
  if (!body.result) throw clusterUnavailable()
  return body.result.value
}

// The RPC's own message could carry its URL (and a key in it): never passed on.
const clusterUnavailable = () => new ApiError(503, 'internal_error', 'The Solana cluster could not be reached')
