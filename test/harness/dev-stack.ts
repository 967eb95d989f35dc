/**
 * Everything `npm start` and the browser scenarios run together on loopback: the local OAuth provider
 * (one `oidc-provider` playing the google-like OIDC and the github-like OAuth2 provider), the demo server
 * (with the demo identity provider for custom JWT), and the API server started with a generated config
 * file that sets the dev app up for every method this machine can serve: email and SMS codes to the dev
 * outbox, guest, custom JWT, Google and GitHub. The local chains carry the test tokens the demos' Transactions
 * panel uses (dev-tokens.ts), and the dev app scans transactions on them. A second anvil ('Anvil 2', chain 31338)
 * is the other chain funds are bridged from, and the funding providers' stand-ins (dev-funding.ts) sell and bridge
 * on both anvils and the local Solana endpoint.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEV_APP_ID } from '../../src/protocol/index.js'
import type { AppFile } from '../../server/src/apps/app-file-schema.js'
import type { OAuthProviderSettings } from '../../server/src/auth/oauth/settings.js'
import { callbackUrl } from '../../server/src/auth/oauth/public-origin.js'
import { startAnvil, type Anvil } from '../../server/src/test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../server/src/test-support/litesvm-rpc.js'
import { deployIdRegistryStandIn, type IdRegistryStandIn } from '../../server/src/test-support/farcaster-id-registry.js'
import { deployKeyRegistryStandIn, type KeyRegistryStandIn } from '../../server/src/test-support/farcaster-key-registry.js'
import { startLocalAccountAbstraction, type LocalAccountAbstraction } from './aa-stack.js'
import { DEMO_IDP_ISSUER, demoIdpJwksUrl } from './demo-idp.js'
import { devGasSponsorshipFile, devPaymasterUrl } from './dev-sponsorship.js'
import { startDemoServer, type DemoConfig, type DemoServer } from './demo-server.js'
import { devFundingFile, DEV_ONRAMP_NETWORKS, startFundingStandIns, supplyTestUsdc, type FundingStandIns } from './dev-funding.js'
import { setUpDevTokens, setUpTestUsdc, type DevSplToken, type TestUsdc } from './dev-tokens.js'
import type { TestContracts } from './evm-contracts.js'
import { fundDevSolanaAccounts } from './local-chains.js'
import { startOidcProvider, type LocalOAuthProvider } from './oidc-provider.js'
import { startTelegramOAuth, type TelegramBot, type TelegramOAuthStandIn } from './telegram-oauth.js'
import { viteDemoNames, type ViteDemoDirs } from './vite-demos.js'
import { randomProjectId, startWalletConnectRelay, type WalletConnectRelay } from './walletconnect-relay.js'

interface Closable {
  url: string
  port: number
  close(): Promise<void>
}

export interface FrameworkDemos {
  viteDemoDirs: ViteDemoDirs
  startNextDemo?(config: DemoConfig): Promise<{ url: string; close(): Promise<void> }>
}

/** Every demo page the demo server serves (`/<name>/`); `server-wallets` is the vanilla page on the server-wallets app. */
export const demoPageNames = ['vanilla', 'server-wallets', 'react', ...viteDemoNames, 'next'] as const

export interface DevStackOptions<Api extends Closable> {
  /** API port; 0 or absent picks a free one (known before start: the provider must list the callback URLs). */
  apiPort?: number
  /** Demo port; 0 or absent picks a free one. */
  demoPort?: number
  /** Starts the API server on loopback `port` with the generated `configFile`. */
  startApi(options: { port: number; configFile: string }): Promise<Api>
  /** 'auto' consents at once as the provider's current account (tests); 'form' shows Allow / Deny (people). */
  providerInteraction?: 'auto' | 'form'
  reactDemoDir?: string
  /** The built Vite demos, and a starter of the Next.js demo's server given the app id and API URL (framework-demos.ts). */
  frameworkDemos?: FrameworkDemos
  /** More apps for the config file, given the demo's origins (e.g. an allowlisted app for a rejection test). */
  extraApps?: (demo: { demoUrls: string[] }) => AppFile[]
  /** Changes the dev app's settings for one scenario (e.g. a password required on create). */
  devApp?: (app: AppFile) => AppFile
  /**
   * Runs the WalletConnect relay stand-in and lists WalletConnect in the dev app, paired through it (npm start; an
   * e2e file that asks). `TESSERA_WALLETCONNECT_PROJECT_ID` instead points the dev app at WalletConnect's own relay.
   */
  walletConnect?: boolean
  /**
   * Deploys the ERC-4337 contracts on the first anvil and runs the alto bundler against it (aa-stack.ts): npm start,
   * and the e2e files of smart wallets and sponsorship.
   */
  aa?: boolean
  /** Called with the part that failed to start (its port may be in use) before the error is rethrown. */
  onStartError?(part: 'api' | 'demo', error: unknown): void
}

export interface DevStack<Api extends Closable> {
  api: Api
  demo: DemoServer
  provider: LocalOAuthProvider
  /**
   * A local anvil chain with the Farcaster ID registry stand-in deployed on it (the dev app verifies Farcaster
   * there), and the local Solana endpoint (the dev app's 'devnet' cluster) with its funded dev accounts.
   */
  chain: LocalChain
  /** The stand-in for Telegram's login widget host and the dev app's bot (its token signs widget results). */
  telegram: { standIn: TelegramOAuthStandIn; bot: TelegramBot }
  /** The funding providers' stand-ins the dev app's funding uses (Coinbase Onramp, MoonPay, Relay). */
  funding: FundingStandIns
  /** The demo pages the dev app's OAuth may return to, on localhost and 127.0.0.1. */
  demoUrls: string[]
  /** The WalletConnect relay stand-in and the dev app's project id (with the `walletConnect` option). */
  walletConnect: DevWalletConnect | null
  /** The bundler and the ERC-4337 contracts on the first anvil (with the `aa` option; also `chain.aa`). */
  aa: LocalAccountAbstraction | null
  close(): Promise<void>
}

export interface LocalChain {
  anvil: Anvil
  farcasterRegistry: IdRegistryStandIn
  farcasterKeyRegistry: KeyRegistryStandIn
  solana: SolanaLocalnet
  /** The second local EVM chain ('Anvil 2', chain 31338, a testnet in the dev app): funds are bridged from it. */
  anvil2: Anvil
  /** Test USDC on both anvils and Solana, the dev app's chains' `usdc_address` and the cluster's `usdc_mint`. */
  usdc: TestUsdc
  /** The test contracts (test/contracts) deployed on anvil, for the demos' Transactions panel. */
  contracts: TestContracts
  /** The dev SPL token on the local Solana endpoint (the app names it in `solana_tokens`). */
  splToken: DevSplToken
  /** The alto bundler and the ERC-4337 contracts on `anvil`, with the stack's `aa` option (null without). */
  aa: LocalAccountAbstraction | null
}

export interface DevWalletConnect {
  relay: WalletConnectRelay
  projectId: string
}

const loopback = '127.0.0.1'
export const devOrigins = ['http://localhost:*', 'http://127.0.0.1:*']
/** The second local EVM chain's id. */
export const ANVIL2_CHAIN_ID = 31338
/** A second app that acts as a cross-app provider for the dev app (its users sign in with email). */
export const DEV_PROVIDER_APP_ID = 'tessera-dev-provider-0001'
/** A third app: the dev app with server-managed wallets, their fees sponsored; the demo at `/server-wallets/` uses it. */
export const DEV_SERVER_WALLETS_APP_ID = 'tessera-dev-server-wallet'

/** A loopback port held open until `release()`, so that no other server takes it while the stack starts. */
interface PortReservation {
  port: number
  release(): Promise<void>
}

function reservePort(requested: number | undefined): Promise<PortReservation> {
  if (requested) return Promise.resolve({ port: requested, release: async () => {} })
  return new Promise((resolve, reject) => {
    const holder = createServer()
    holder.once('error', reject)
    holder.listen(0, loopback, () => {
      const { port } = holder.address() as AddressInfo
      let released: Promise<void> | undefined
      resolve({ port, release: () => (released ??= new Promise((done) => holder.close(() => done()))) })
    })
  })
}

const addressInUse = (error: unknown) => (error as { code?: string } | null)?.code === 'EADDRINUSE'

/** The config file's snake_case form of OAuth client settings. */
function providerFileSettings(settings: OAuthProviderSettings) {
  return {
    client_id: settings.clientId,
    ...(settings.clientSecret && { client_secret: settings.clientSecret }),
    ...(settings.authorizationEndpoint && { authorization_endpoint: settings.authorizationEndpoint }),
    ...(settings.tokenEndpoint && { token_endpoint: settings.tokenEndpoint }),
    ...(settings.userInfoEndpoint && { user_info_endpoint: settings.userInfoEndpoint }),
    ...(settings.issuer && { issuer: settings.issuer }),
    ...(settings.jwksUri && { jwks_uri: settings.jwksUri }),
    ...(settings.scopes && { scopes: settings.scopes }),
  }
}

/**
 * The cross-app provider: the demo's provider page (on 127.0.0.1, another origin than the demo on localhost)
 * stands in for the provider's own site, where its users sign in, consent, and approve wallet requests that their
 * embedded Ethereum wallet (made at sign-in) carries out on the local chain.
 */
export function devProviderAppFile(demoPort: number, chain: LocalChain): AppFile {
  return {
    id: DEV_PROVIDER_APP_ID,
    name: 'Tessera Provider Demo',
    allowed_origins: devOrigins,
    login_methods: ['email'],
    embedded_wallets: { ethereum_create_on_login: 'users-without-wallets', solana_create_on_login: 'off' },
    chains: [
      {
        id: chain.anvil.chainId,
        name: 'Anvil',
        native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpc_url: chain.anvil.rpcUrl,
        block_explorer_url: null,
        testnet: true,
      },
    ],
    default_chain_id: chain.anvil.chainId,
    token_prices: { [`${chain.anvil.chainId}:ETH`]: 3000 },
    cross_app_provider: {
      authorize_url: `http://${loopback}:${demoPort}/vanilla/cross-app-provider.html?app_id=${DEV_PROVIDER_APP_ID}`,
      // The same page answers transact requests (they ride in the address fragment).
      transact_url: `http://${loopback}:${demoPort}/vanilla/cross-app-provider.html?app_id=${DEV_PROVIDER_APP_ID}`,
      requesters: [{ app_id: DEV_APP_ID, read_only: false }],
    },
  }
}

/** The dev app as the demos need it: every method on, OAuth at the local provider, custom JWT from the demo identity provider. */
export function devAppFile(
  provider: LocalOAuthProvider,
  demoUrl: string,
  demoUrls: string[],
  chain: LocalChain,
  telegramBot: TelegramBot,
  funding: FundingStandIns,
  apiUrl: string,
  walletConnect: DevWalletConnect | null = null,
): AppFile {
  const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  return {
    id: DEV_APP_ID,
    allowed_origins: devOrigins,
    login_methods: ['email', 'sms', 'google', 'github', 'custom_jwt', 'guest', 'farcaster', 'wallet', 'solana_wallet', 'passkey', 'cross_app', 'telegram'],
    // Passkeys for the demo pages on localhost (WebAuthn refuses an IP address as relying party).
    passkey_rp_id: 'localhost',
    passkeys_for_signup: true,
    oauth_providers: { google: providerFileSettings(provider.oidcSettings), github: providerFileSettings(provider.oauth2Settings) },
    oauth_redirect_urls: demoUrls,
    custom_jwt: { jwks_url: demoIdpJwksUrl(demoUrl), issuer: DEMO_IDP_ISSUER, audience: DEV_APP_ID },
    farcaster: {
      rpc_url: chain.anvil.rpcUrl,
      id_registry_address: chain.farcasterRegistry.address,
      chain_id: chain.anvil.chainId,
      key_registry_address: chain.farcasterKeyRegistry.address,
    },
    // Telegram's widget is the local stand-in (telegram-oauth.ts), signing with this bot's token; Mini App sign-in on.
    telegram: { bot_name: telegramBot.botName, bot_id: telegramBot.botId, bot_token: telegramBot.botToken, link_enabled: true, seamless_auth_enabled: true },
    // SIWE on Ethereum and on the local chain, whose RPC also verifies contract-wallet (ERC-1271) signatures.
    siwe_chain_ids: [1, 11155111, chain.anvil.chainId],
    wallet_rpc_urls: { [String(chain.anvil.chainId)]: chain.anvil.rpcUrl, [String(chain.anvil2.chainId)]: chain.anvil2.rpcUrl },
    // WalletConnect through the local relay stand-in, or WalletConnect's own relay (the internet) with a real Cloud
    // project id; with neither it stays out of the picker.
    wallet_connect_cloud_project_id: process.env.TESSERA_WALLETCONNECT_PROJECT_ID || walletConnect?.projectId || null,
    wallet_connect_relay_url: process.env.TESSERA_WALLETCONNECT_PROJECT_ID ? null : (walletConnect?.relay.url ?? null),
    // Embedded wallets on both chains at sign-in, used on the local chains only.
    // Announced to the demo pages' dapps (EIP-6963, wallet-standard: the discovery demo) once the user signs in.
    embedded_wallets: { ethereum_create_on_login: 'users-without-wallets', solana_create_on_login: 'users-without-wallets', announce_wallets_enabled: true },
    // The card providers' stand-ins sell on each anvil under a network name of theirs (onramp_network).
    chains: [
      {
        id: chain.anvil.chainId,
        name: 'Anvil',
        native_currency: ether,
        rpc_url: chain.anvil.rpcUrl,
        block_explorer_url: null,
        testnet: true,
        onramp_network: DEV_ONRAMP_NETWORKS.anvil,
        usdc_address: chain.usdc.evm[chain.anvil.chainId],
      },
      {
        id: chain.anvil2.chainId,
        name: 'Anvil 2',
        native_currency: ether,
        rpc_url: chain.anvil2.rpcUrl,
        block_explorer_url: null,
        testnet: true,
        onramp_network: DEV_ONRAMP_NETWORKS.anvil2,
        usdc_address: chain.usdc.evm[chain.anvil2.chainId],
      },
    ],
    default_chain_id: chain.anvil.chainId,
    solana_clusters: [{ name: 'devnet', rpc_url: chain.solana.rpcUrl, block_explorer_url: null, usdc_mint: chain.usdc.solanaMint }],
    // Fixed dev prices (docs/scanning.md): the local chains' currencies have no market price.
    token_prices: { [`${chain.anvil.chainId}:ETH`]: 3000, [`${chain.anvil2.chainId}:ETH`]: 3000, '0:SOL': 150 },
    // The confirmation screens scan transactions by simulating them on anvil (docs/scanning.md).
    transaction_scanning: { enabled: true },
    solana_tokens: [{ mint: chain.splToken.mint, symbol: chain.splToken.symbol }],
    funding: devFundingFile(funding, chain.anvil),
    // Smart wallets on the first anvil when its ERC-4337 stack runs: Safe, the type whose factory the local chain has,
    // their fees paid by the app through its own paymaster endpoint (EntryPoint 0.7's VerifyingPaymaster).
    ...(chain.aa && {
      smart_wallets: {
        type: 'safe',
        networks: [
          {
            chain_id: chain.anvil.chainId,
            bundler_url: chain.aa.bundlerUrl,
            paymaster_url: devPaymasterUrl(apiUrl, DEV_APP_ID),
            rpc_url: chain.anvil.rpcUrl,
            chain_name: 'Anvil',
          },
        ],
      },
    }),
    // Gas sponsorship there (both EntryPoints, the dev paymaster key): those smart wallets, and server-managed wallets' sends with sponsor: true.
    ...(chain.aa && { gas_sponsorship: devGasSponsorshipFile(chain.anvil.chainId, chain.aa) }),
  }
}

/**
 * The dev app's sign-in and chains with users' wallets made and held by the server's signer (both chains at
 * sign-in) and the dev app's gas sponsorship. Its custom JWTs are the demo identity provider's, issued for the dev
 * app's audience; no cross-app provider lists it, and smart wallets stay on the dev app.
 */
export function devServerWalletsAppFile(devApp: AppFile): AppFile {
  const { smart_wallets: _smartWallets, ...app } = devApp
  return {
    ...app,
    id: DEV_SERVER_WALLETS_APP_ID,
    name: 'Tessera Server Wallets Demo',
    login_methods: devApp.login_methods?.filter((method) => method !== 'cross_app'),
    embedded_wallets: {
      ...devApp.embedded_wallets,
      mode: 'user-controlled-server-wallets-only',
      ethereum_create_on_login: 'all-users',
      solana_create_on_login: 'all-users',
    },
  }
}

export async function startDevStack<Api extends Closable>(options: DevStackOptions<Api>): Promise<DevStack<Api>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevStackOnce(options)
    } catch (error) {
      // A picked port is free again between its release and the listen: another process may take it, then start over.
      if (attempt < 3 && !options.apiPort && !options.demoPort && addressInUse(error)) continue
      throw error
    }
  }
}

/**
 * Which part of the stack is starting: a start that hangs says where on stderr (a test's start hook times out without
 * saying), and a failed one names the part in its error.
 */
function startProgress() {
  const started = Date.now()
  let part = 'ports'
  const timer = setInterval(() => console.error(`dev stack: still starting ${part} after ${Math.round((Date.now() - started) / 1000)} s`), 30_000)
  timer.unref()
  return {
    at(next: string) {
      part = next
    },
    done() {
      clearInterval(timer)
    },
    failed(error: unknown): unknown {
      clearInterval(timer)
      if (error instanceof Error) error.message = `starting ${part}: ${error.message}`
      return error
    },
  }
}

async function startDevStackOnce<Api extends Closable>(options: DevStackOptions<Api>): Promise<DevStack<Api>> {
  const progress = startProgress()
  try {
    return await startDevStackParts(options, progress)
  } catch (error) {
    throw progress.failed(error)
  } finally {
    progress.done()
  }
}

async function startDevStackParts<Api extends Closable>(options: DevStackOptions<Api>, progress: ReturnType<typeof startProgress>): Promise<DevStack<Api>> {
  const apiPort = await reservePort(options.apiPort)
  const demoPort = await reservePort(options.demoPort)
  const apiUrl = `http://${loopback}:${apiPort.port}`
  progress.at('the OAuth provider')
  const provider = await startOidcProvider({
    redirectUris: (['google', 'github'] as const).map((name) => callbackUrl(apiUrl, name)),
    interaction: options.providerInteraction ?? 'auto',
  })
  const cleanup: (() => Promise<void>)[] = [() => apiPort.release(), () => demoPort.release(), () => provider.close()]
  const closeAll = async () => {
    for (const close of cleanup.reverse()) await close()
  }
  try {
    progress.at('anvil')
    const [anvil, anvil2] = await Promise.all([startAnvil(), startAnvil({ chainId: ANVIL2_CHAIN_ID })])
    cleanup.push(
      () => anvil.stop(),
      () => anvil2.stop(),
    )
    progress.at('the Farcaster registries')
    const farcasterRegistry = await deployIdRegistryStandIn(anvil)
    const farcasterKeyRegistry = await deployKeyRegistryStandIn(anvil, farcasterRegistry.address, privateKeyToAccount(generatePrivateKey()))
    progress.at('the Solana localnet')
    const solana = await startSolanaLocalnet()
    cleanup.push(() => solana.close())
    fundDevSolanaAccounts(solana)
    progress.at('the dev tokens')
    const devTokens = await setUpDevTokens(anvil, solana)
    const usdc = await setUpTestUsdc([anvil, anvil2], solana)
    progress.at('the ERC-4337 contracts and bundler')
    const aa = options.aa ? await startLocalAccountAbstraction(anvil.rpcUrl) : null
    if (aa) cleanup.push(() => aa.bundler.stop())
    const chain: LocalChain = {
      anvil,
      anvil2,
      usdc,
      farcasterRegistry,
      farcasterKeyRegistry,
      solana,
      contracts: devTokens.info.contracts,
      splToken: devTokens.info.splToken,
      aa,
    }
    progress.at('the funding stand-ins')
    const funding = await startFundingStandIns(chain, apiUrl)
    cleanup.push(() => funding.close())
    await supplyTestUsdc(funding, usdc, [anvil, anvil2])
    // A fresh bot token per start: it only ever signs the stand-in's results.
    const telegramBot: TelegramBot = { botId: '7000000001', botName: 'tessera_dev_bot', botToken: `7000000001:${randomBytes(30).toString('base64url')}` }
    progress.at('the Telegram stand-in')
    const telegramStandIn = await startTelegramOAuth({ bots: [telegramBot] })
    cleanup.push(() => telegramStandIn.close())
    progress.at('the WalletConnect relay')
    const walletConnect = options.walletConnect ? { relay: await startWalletConnectRelay(), projectId: randomProjectId() } : null
    if (walletConnect) cleanup.push(() => walletConnect.relay.close())
    const { frameworkDemos } = options
    progress.at('the Next.js demo')
    const nextDemo = await frameworkDemos?.startNextDemo?.({ appId: DEV_APP_ID, apiUrl })
    if (nextDemo) cleanup.push(() => nextDemo.close())
    const builtDemos = { reactDemoDir: options.reactDemoDir, viteDemoDirs: frameworkDemos?.viteDemoDirs, nextDemoUrl: nextDemo?.url }
    progress.at('the demo server')
    await demoPort.release()
    const demo = await startDemoServer({
      appId: DEV_APP_ID,
      serverWalletsAppId: DEV_SERVER_WALLETS_APP_ID,
      apiUrl,
      telegramOAuthUrl: telegramStandIn.url,
      port: demoPort.port,
      devChain: devTokens,
      ...builtDemos,
    }).catch((error: unknown) => {
      options.onStartError?.('demo', error)
      throw error
    })
    cleanup.push(() => demo.close())
    const demoUrls = ['localhost', loopback].flatMap((host) => demoPageNames.map((page) => `http://${host}:${demo.port}/${page}/`))
    const devApp = devAppFile(provider, demo.url, demoUrls, chain, telegramBot, funding, apiUrl, walletConnect)
    const apps = [
      options.devApp?.(devApp) ?? devApp,
      devProviderAppFile(demo.port, chain),
      devServerWalletsAppFile(devApp),
      ...(options.extraApps?.({ demoUrls }) ?? []),
    ]
    // The file holds the providers' secrets (OAuth clients, funding stand-ins' keys): private to this user, and gone once the server has read it.
    const configDir = mkdtempSync(join(tmpdir(), 'tessera-dev-config-'))
    const configFile = join(configDir, 'config.json')
    writeFileSync(configFile, JSON.stringify({ apps }, null, 2), { mode: 0o600 })
    progress.at('the API server')
    let api: Api
    try {
      await apiPort.release()
      api = await options.startApi({ port: apiPort.port, configFile }).catch((error: unknown) => {
        options.onStartError?.('api', error)
        throw error
      })
    } finally {
      rmSync(configDir, { recursive: true, force: true })
    }
    cleanup.push(() => api.close())
    const { coinbase, moonpay, relay } = funding
    return {
      api,
      demo,
      provider,
      chain,
      telegram: { standIn: telegramStandIn, bot: telegramBot },
      funding: { coinbase, moonpay, relay },
      demoUrls,
      walletConnect,
      aa,
      close: closeAll,
    }
  } catch (error) {
    await closeAll()
    throw error
  }
}
