/**
 * Funding on the dev stack: the three provider stand-ins (server/src/funding/test-support) on the local chains,
 * and the dev app's `funding` settings that point the server's real adapters at them. The first anvil plays Base
 * and the second Arbitrum for the card providers; the bridge knows both anvils and the local Solana endpoint.
 * Coinbase reports purchases by webhook to the API server, MoonPay's status is polled at the stand-in, so both
 * status paths run. With test USDC on the chains (dev-tokens.ts) the stand-ins sell and bridge it too, from the
 * supply `supplyTestUsdc` mints to their treasuries.
 */
import { DEV_APP_ID } from '../../src/protocol/index.js'
import type { Address } from 'viem'
import type { AppFile } from '../../server/src/apps/app-file-schema.js'
import { startCoinbaseOnrampStandIn, type CoinbaseOnrampStandIn } from '../../server/src/funding/test-support/coinbase-onramp.js'
import { startMoonpayStandIn, type MoonpayStandIn } from '../../server/src/funding/test-support/moonpay.js'
import type { LocalNetworks } from '../../server/src/funding/test-support/networks.js'
import { RELAY_SOLANA_CHAIN_ID, startRelayStandIn, type RelayStandIn } from '../../server/src/funding/test-support/relay.js'
import type { Anvil } from '../../server/src/test-support/anvil.js'
import type { SolanaLocalnet } from '../../server/src/test-support/litesvm-rpc.js'
import type { TestUsdc } from './dev-tokens.js'

/** The card providers' network names the two local EVM chains play (the dev app's `onramp_network`). */
export const DEV_ONRAMP_NETWORKS = { anvil: 'base', anvil2: 'arbitrum' } as const

export interface FundingStandIns {
  coinbase: CoinbaseOnrampStandIn
  moonpay: MoonpayStandIn
  relay: RelayStandIn
}

export interface FundingChains {
  anvil: Anvil
  anvil2: Anvil
  solana: SolanaLocalnet
  usdc?: Pick<TestUsdc, 'evm' | 'solanaMint'>
}

/** What each stand-in's treasury holds of test USDC on every chain: 1,000,000 USDC. */
const TREASURY_USDC = 1_000_000n * 10n ** 6n

export const coinbaseWebhookUrl = (apiUrl: string) => `${apiUrl}/api/v1/funding/webhooks/coinbase/${DEV_APP_ID}`

function onrampNetworks(chains: FundingChains): LocalNetworks {
  const evm = (anvil: Anvil) => ({
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    ...(chains.usdc && { usdcAddress: chains.usdc.evm[anvil.chainId] as Address }),
  })
  return {
    [DEV_ONRAMP_NETWORKS.anvil]: evm(chains.anvil),
    [DEV_ONRAMP_NETWORKS.anvil2]: evm(chains.anvil2),
    solana: { rpcUrl: chains.solana.rpcUrl, ...(chains.usdc && { usdcMint: chains.usdc.solanaMint }) },
  }
}

/** Gives every stand-in's treasury its test USDC on both anvils and on Solana. */
export async function supplyTestUsdc(standIns: FundingStandIns, usdc: TestUsdc, anvils: Anvil[]): Promise<void> {
  const holders = [
    standIns.coinbase.treasury,
    standIns.moonpay.treasury,
    { evmAddress: standIns.relay.solver.evmAddress, solanaAddress: standIns.relay.solver.solanaAddress },
  ]
  for (const holder of holders) {
    for (const anvil of anvils) await usdc.mint(anvil.chainId, holder.evmAddress, TREASURY_USDC)
    await usdc.mint('solana', holder.solanaAddress, TREASURY_USDC)
  }
}

/** Starts the three stand-ins; `apiUrl` is where the API server will listen (Coinbase's webhooks go there). */
export async function startFundingStandIns(chains: FundingChains, apiUrl: string): Promise<FundingStandIns & { close(): Promise<void> }> {
  const networks = onrampNetworks(chains)
  const coinbase = await startCoinbaseOnrampStandIn({ networks, webhookUrl: coinbaseWebhookUrl(apiUrl) })
  const moonpay = await startMoonpayStandIn({ networks }).catch(async (error: unknown) => {
    await coinbase.close()
    throw error
  })
  const relay = await startRelayStandIn({
    chains: {
      [chains.anvil.chainId]: networks[DEV_ONRAMP_NETWORKS.anvil]!,
      [chains.anvil2.chainId]: networks[DEV_ONRAMP_NETWORKS.anvil2]!,
      [RELAY_SOLANA_CHAIN_ID]: networks.solana!,
    },
  }).catch(async (error: unknown) => {
    await Promise.all([coinbase.close(), moonpay.close()])
    throw error
  })
  return { coinbase, moonpay, relay, close: async () => void (await Promise.all([coinbase.close(), moonpay.close(), relay.close()])) }
}

/** The dev app's funding: every method on, each provider at its stand-in, bridging through the Relay stand-in. */
export function devFundingFile(standIns: FundingStandIns, anvil: Anvil): NonNullable<AppFile['funding']> {
  const { coinbase, moonpay, relay } = standIns
  return {
    methods: ['coinbase-onramp', 'moonpay', 'external'],
    default_recommended_currency: { chain: `eip155:${anvil.chainId}`, asset: 'native-currency' },
    default_recommended_amount: '0.01',
    // Other scenarios sign up and expect no funding prompt after wallet creation.
    prompt_funding_on_wallet_creation: false,
    cross_chain_bridging_enabled: true,
    coinbase_onramp: {
      project_id: coinbase.projectId,
      api_key_name: coinbase.apiKey.name,
      api_key_secret: coinbase.apiKey.secret,
      api_url: coinbase.apiUrl,
      pay_url: coinbase.url,
      webhook_secret: coinbase.webhookSecret,
    },
    moonpay: {
      publishable_key: moonpay.keys.live.publishableKey,
      secret_key: moonpay.keys.live.secretKey,
      sandbox: { publishable_key: moonpay.keys.sandbox.publishableKey, secret_key: moonpay.keys.sandbox.secretKey },
      widget_url: moonpay.url,
      sandbox_widget_url: moonpay.url,
      api_url: moonpay.url,
    },
    bridge: {
      provider: 'relay',
      api_url: relay.url,
      testnets_api_url: relay.url,
      api_key: relay.apiKey,
      explorer_url: relay.url,
      testnets_explorer_url: relay.url,
    },
  }
}
