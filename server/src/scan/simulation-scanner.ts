import { createPublicClient, http, type Address, type PublicClient } from 'viem'
import type { ScanTransactionResponse } from '../../../src/protocol/index.js'
import type { PriceSource } from '../tokens/price-source.js'
import { assetDiffsOf, assetKey, exposuresOf, priceQueryOf, type AssetFacts } from './asset-changes.js'
import { readMovements, type Approval, type AssetRef, type Transfer } from './read-movements.js'
import { scanChainOf, type ScanChain } from './scan-chain.js'
import { matchScanRules, validationOf, type ScanFacts } from './scan-rules.js'
import { simulateTransaction } from './simulate-transaction.js'
import { readAssetInfo, readTokenBalance } from './token-info.js'
import type { ScanRequest, TransactionScanner } from './types.js'

/** the funding spec's copy for a simulation that could not run. */
export const SIMULATION_FAILED = 'Simulation failed'
const RPC_TIMEOUT_MS = 10_000

/**
 * The default scanner: simulates on the app's RPC for the chain (`eth_simulateV1`), reads the wallet's asset
 * changes and allowances from the logs, and applies docs/scanning.md's rules. No RPC, or one that cannot
 * simulate: simulation Error 'Simulation failed' (and validation Error, unless the called address is deny-listed).
 */
export function simulationScanner(priceSource: PriceSource): TransactionScanner {
  return {
    async scan(request) {
      const chain = scanChainOf(request.app, request.chainId)
      const lists = {
        denyList: new Set(request.app.transactionScanning.denyList),
        trustedSpenders: new Set(request.app.transactionScanning.trustedSpenders),
      }
      const unsimulated = (): ScanTransactionResponse => {
        const features = matchScanRules({
          wallet: request.transaction.from,
          to: request.transaction.to,
          simulation: null,
          hasCode: () => false,
          nativeBalance: 0n,
          tokenBalances: new Map(),
          ...lists,
        })
        return {
          validation: features.length > 0 ? validationOf(features) : { status: 'Error', error: SIMULATION_FAILED },
          simulation: { status: 'Error', error: SIMULATION_FAILED },
        }
      }
      if (!chain) return unsimulated()
      const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }) }) as PublicClient
      try {
        return await scanOnChain(client, chain, request, priceSource, lists)
      } catch {
        // Unreachable RPC, or one without eth_simulateV1: the RPC's message can carry its URL, so it is not passed on.
        return unsimulated()
      }
    },
  }
}

async function scanOnChain(
  client: PublicClient,
  chain: ScanChain,
  request: ScanRequest,
  priceSource: PriceSource,
  lists: Pick<ScanFacts, 'denyList' | 'trustedSpenders'>,
): Promise<ScanTransactionResponse> {
  const { transaction } = request
  const wallet = transaction.from
  const [outcome, nativeBalance] = await Promise.all([simulateTransaction(client, transaction), client.getBalance({ address: wallet })])
  const { transfers, approvals } = outcome.status === 'success' ? readMovements(outcome.logs) : { transfers: [] as Transfer[], approvals: [] as Approval[] }
  const mine = { transfers: transfers.filter((t) => t.from === wallet || t.to === wallet), approvals: approvals.filter((a) => a.owner === wallet) }

  const counterparties = new Set<Address>([...mine.transfers.map((t) => t.to), ...mine.approvals.map((a) => a.spender)])
  const sentTokens = new Set(mine.transfers.filter((t) => t.from === wallet && t.asset.type === 'ERC20').map((t) => (t.asset as { address: Address }).address))
  const [codes, tokenBalances, assets] = await Promise.all([
    Promise.all([...counterparties].map(async (address) => [address, ((await client.getCode({ address })) ?? '0x') !== '0x'] as const)),
    Promise.all([...sentTokens].map(async (token) => [token, await readTokenBalance(client, token, wallet)] as const)),
    assetFactsOf(client, chain, priceSource, [...mine.transfers.map((t) => t.asset), ...mine.approvals.map((a) => a.asset)]),
  ])
  const hasCode = new Map(codes)

  const features = matchScanRules({
    wallet,
    to: transaction.to,
    simulation: { reverted: outcome.status === 'reverted', ...mine },
    hasCode: (address) => hasCode.get(address) ?? false,
    nativeBalance,
    tokenBalances: new Map(tokenBalances),
    ...lists,
  })
  return {
    validation: validationOf(features),
    simulation:
      outcome.status === 'reverted'
        ? { status: 'Error', error: `${SIMULATION_FAILED}: ${outcome.reason}` }
        : { status: 'Success', assets_diffs: assetDiffsOf(wallet, mine.transfers, assets), exposures: exposuresOf(wallet, mine.approvals, assets) },
  }
}

async function assetFactsOf(client: PublicClient, chain: ScanChain, priceSource: PriceSource, refs: AssetRef[]): Promise<Map<string, AssetFacts>> {
  const unique = new Map(refs.map((ref) => [assetKey(ref), ref]))
  const entries = await Promise.all(
    [...unique].map(async ([key, ref]) => {
      const info = await readAssetInfo(client, chain, ref)
      const query = priceQueryOf(chain.id, info)
      const usdPerUnit = query ? await priceSource.usdPrice(query).catch(() => null) : null
      return [key, { info, usdPerUnit }] as const
    }),
  )
  return new Map(entries)
}
