/** A smart account client for one chain: user operations to the chain's bundler, fees through its ERC-7677 paymaster. */
import { createSmartAccountClient, type SmartAccountClient } from 'permissionless'
import { createPublicClient, defineChain, http, type Chain as ViemChain, type LocalAccount } from 'viem'
import { createPaymasterClient, type SmartAccount } from 'viem/account-abstraction'
import { COINBASE_SMART_WALLET_CHAIN_IDS, DEFAULT_PAYMASTER_CONTEXT } from '../../protocol/smart-wallets.js'
import type { Chain } from '../chains/chain.js'
import { unsupportedSmartWalletChainError } from './errors.js'
import type { SmartWalletConfig, SmartWalletNetwork } from './smart-wallet-config.js'
import { toSmartAccount } from './to-smart-account.js'

export type SmartWalletAccountClient = SmartAccountClient<ReturnType<typeof http>, ViemChain, SmartAccount>

export interface SmartAccountClientDeps {
  config: SmartWalletConfig
  /** The client's chain table (the embedded wallet's chains): names, currency and RPC where the network gives none. */
  chains: Chain[]
  owner: LocalAccount
  /** The app's `paymasterContext` (SmartWalletsProvider `config`); else the network's, else the funding spec's defaults. */
  paymasterContext?: Record<string, unknown>
  /** How often receipts are polled (tests: short). */
  pollingInterval?: number
  /** The Tessera API: a paymaster there (the app's sponsorship endpoint) gets the user's access token, no other host does. */
  api: { url: string; getAccessToken(): Promise<string | null> }
}

/** The paymaster transport: the bearer token only to the app's own API origin, never to a third-party paymaster. */
function paymasterTransport(api: SmartAccountClientDeps['api'], paymasterUrl: string) {
  if (new URL(paymasterUrl).origin !== new URL(api.url).origin) return http(paymasterUrl)
  return http(paymasterUrl, {
    fetchFn: async (input, init) => {
      const token = await api.getAccessToken()
      return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...(token && { authorization: `Bearer ${token}` }) } })
    },
  })
}

export function networkFor(config: SmartWalletConfig, chainId: number): SmartWalletNetwork {
  const network = config.networks.find((candidate) => candidate.chainId === chainId)
  const coinbaseChain = config.type !== 'coinbase_smart_wallet' || (COINBASE_SMART_WALLET_CHAIN_IDS as readonly number[]).includes(chainId)
  if (!network || !coinbaseChain) throw unsupportedSmartWalletChainError(chainId)
  return network
}

/** The network as the confirmation shows it: the client's chain of that id (explorer, currency), named and reached as configured. */
function smartWalletChain(network: SmartWalletNetwork, known: Chain | undefined): Chain {
  const rpcUrl = network.rpcUrl ?? known?.rpcUrl
  if (!rpcUrl) throw unsupportedSmartWalletChainError(network.chainId)
  return {
    id: network.chainId,
    name: network.chainName ?? known?.name ?? `Chain ${network.chainId}`,
    network: known?.network ?? `chain-${network.chainId}`,
    nativeCurrency: known?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl,
    blockExplorerUrl: known?.blockExplorerUrl ?? null,
    testnet: known?.testnet ?? false,
  }
}

export async function createSmartWalletAccountClient(
  deps: SmartAccountClientDeps,
  chainId: number,
): Promise<{ client: SmartWalletAccountClient; chain: Chain }> {
  const network = networkFor(deps.config, chainId)
  const chain = smartWalletChain(
    network,
    deps.chains.find((candidate) => candidate.id === chainId),
  )
  const onChain = defineChain({ id: chain.id, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  const pollingInterval = deps.pollingInterval ?? 1_000
  const publicClient = createPublicClient({ chain: onChain, transport: http(), pollingInterval })
  const account = await toSmartAccount(publicClient, { type: deps.config.type, version: deps.config.version, owner: deps.owner })
  const client = createSmartAccountClient({
    account,
    chain: onChain,
    client: publicClient,
    bundlerTransport: http(network.bundlerUrl),
    pollingInterval,
    ...(network.paymasterUrl && {
      paymaster: createPaymasterClient({ transport: paymasterTransport(deps.api, network.paymasterUrl) }),
      paymasterContext: deps.paymasterContext ?? network.paymasterContext ?? DEFAULT_PAYMASTER_CONTEXT,
    }),
  }) as SmartWalletAccountClient
  return { client, chain }
}
