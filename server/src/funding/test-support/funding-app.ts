/**
 * For the integration tests of the funding routes against the stand-ins: an app's funding settings pointing the
 * server's real adapters at the stand-ins, and users signed in with their own wallets (Sign-In with Ethereum or with
 * Solana), so the routes see those wallets as theirs.
 */
import { ed25519 } from '@noble/curves/ed25519'
import type { Keypair } from '@solana/web3.js'
import { createSiweMessage } from 'viem/siwe'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { BridgeSettings, CoinbaseOnrampSettings, FundingSettings, MoonpaySettings } from '../../apps/types.js'
import { siwsMessage } from '../../../../src/protocol/index.js'
import type { TestServer } from '../../test-support/test-server.js'
import type { CoinbaseOnrampStandIn } from './coinbase-onramp.js'
import type { MoonpayStandIn } from './moonpay.js'
import type { RelayStandIn } from './relay.js'

/** The origin the test apps allow and the users sign in from. */
export const APP_ORIGIN = 'https://app.example'

export const coinbaseSettings = (standIn: CoinbaseOnrampStandIn, options: { webhooks: boolean }): CoinbaseOnrampSettings => ({
  projectId: standIn.projectId,
  apiKeyName: standIn.apiKey.name,
  apiKeySecret: standIn.apiKey.secret,
  apiUrl: standIn.apiUrl,
  payUrl: standIn.url,
  sandbox: false,
  webhookSecret: options.webhooks ? standIn.webhookSecret : null,
})

export const moonpaySettings = (standIn: MoonpayStandIn, options: { webhooks: boolean }): MoonpaySettings => ({
  ...standIn.keys.live,
  sandbox: standIn.keys.sandbox,
  widgetUrl: standIn.url,
  sandboxWidgetUrl: standIn.url,
  apiUrl: standIn.url,
  webhookKey: options.webhooks ? standIn.webhookKey : null,
})

export const relaySettings = (standIn: RelayStandIn): BridgeSettings => ({
  provider: 'relay',
  apiUrl: standIn.url,
  testnetsApiUrl: standIn.url,
  apiKey: standIn.apiKey,
  explorerUrl: standIn.url,
  testnetsExplorerUrl: standIn.url,
})

/** Funding with the given providers on (external wallets always), recommending 0.01 of the first chain's currency. */
export function fundingSettings(chainId: number, providers: Partial<Pick<FundingSettings, 'coinbaseOnramp' | 'moonpay' | 'bridge'>>): FundingSettings {
  return {
    methods: [...(providers.coinbaseOnramp ? ['coinbase-onramp' as const] : []), ...(providers.moonpay ? ['moonpay' as const] : []), 'external'],
    defaultRecommendedCurrency: { chain: `eip155:${chainId}`, asset: 'native-currency' },
    defaultRecommendedAmount: '0.01',
    promptFundingOnWalletCreation: false,
    crossChainBridgingEnabled: Boolean(providers.bridge),
    coinbaseOnramp: providers.coinbaseOnramp ?? null,
    moonpay: providers.moonpay ?? null,
    bridge: providers.bridge ?? null,
  }
}

const fromOrigin = { origin: APP_ORIGIN }

/** Signs the wallet's owner in with Sign-In with Ethereum; answers the access token. */
export async function signInWithEthereum(t: TestServer, account: PrivateKeyAccount, appId?: string): Promise<string> {
  const init = await t.call('/api/v1/siwe/init', { body: { address: account.address }, headers: fromOrigin, appId })
  const message = createSiweMessage({
    domain: new URL(APP_ORIGIN).host,
    address: account.address,
    statement: 'Sign in',
    uri: `${APP_ORIGIN}/`,
    version: '1',
    chainId: 1,
    nonce: init.body.nonce,
    issuedAt: new Date(t.clock.now()),
  })
  const body = { message, signature: await account.signMessage({ message }), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
  const signedIn = await t.call('/api/v1/siwe/authenticate', { body, headers: fromOrigin, appId })
  if (signedIn.status !== 200) throw new Error(`SIWE sign-in failed: ${signedIn.status} ${JSON.stringify(signedIn.body)}`)
  return signedIn.body.token
}

/** Signs the keypair's owner in with Sign-In with Solana; answers the access token. */
export async function signInWithSolana(t: TestServer, keypair: Keypair, appId?: string): Promise<string> {
  const address = keypair.publicKey.toBase58()
  const init = await t.call('/api/v1/siws/init', { body: { address }, headers: fromOrigin, appId })
  const message = siwsMessage({
    domain: new URL(APP_ORIGIN).host,
    address,
    uri: `${APP_ORIGIN}/`,
    nonce: init.body.nonce,
    issuedAt: new Date(t.clock.now()).toISOString(),
    resources: [APP_ORIGIN],
  })
  const signature = Buffer.from(ed25519.sign(Buffer.from(message, 'utf8'), keypair.secretKey.subarray(0, 32))).toString('base64')
  const signedIn = await t.call('/api/v1/siws/authenticate', {
    body: { message, signature, walletClientType: 'phantom', connectorType: 'solana_adapter' },
    headers: fromOrigin,
    appId,
  })
  if (signedIn.status !== 200) throw new Error(`SIWS sign-in failed: ${signedIn.status} ${JSON.stringify(signedIn.body)}`)
  return signedIn.body.token
}
