/**
 * External wallets past the client's tiny facade (create-wallets.ts), loaded on first use: discovery, the option
 * list, connection (document 2 "External wallet connection"), remembered connections, wallet events, and SIWE or
 * SIWS over a connected account (document 1 §4 "SIWE and SIWS", "Wallet login flow").
 */
import type { AuthenticatedUserDto } from '../../protocol/index.js'
import type { Transport } from '../api/transport.js'
import type { WalletSignInContext } from '../auth/siwe/context.js'
import type { EffectiveConfig } from '../config/types.js'
import { alreadyLoggedInError, mustBeAuthenticatedError } from '../errors/client-errors.js'
import type { Listener, Unsubscribe } from '../listener.js'
import type { AccountChanges } from '../session/account-changes.js'
import type { TokenStorage } from '../types.js'
import type { User } from '../user/types.js'
import type { Store } from '../utils/store.js'
import { WALLET_LOOKUP_INTERVAL_MS, WALLET_REQUEST_TIMEOUT_MS } from './constants.js'
import { discoverWallets, type DiscoveredWallet, type WalletDiscovery } from './discovery/discover-wallets.js'
import type { StandardWallet, StandardWalletAccount } from './discovery/wallet-standard.js'
import { connectedWallet, walletData, type ConnectedWalletContext } from './connected-wallet.js'
import { toWalletError, unsupportedWalletError, walletNotConnectedError } from './errors.js'
import { appChainTable } from './ethereum/chains.js'
import { connectEthereum, readChainId } from './ethereum/connect-ethereum.js'
import type { Eip1193Provider } from './ethereum/eip1193.js'
import { rememberedWallets, type RememberedConnection } from './remembered-connections.js'
import { connectSolana, disconnectSolana, watchSolanaAccounts } from './solana/standard-features.js'
import type { ConnectedWallet, ConnectedWalletData, ConnectedWalletMeta, ConnectWalletOptions, WalletChain, WalletFlowState, WalletOption, WalletsApi, WalletSignInOptions, ExternalSignature } from './types.js'
import { initialWalletFlowState } from './create-wallets.js'
import { walletOptions } from './wallet-list.js'
import type { EthereumSession, SolanaSession, WalletSession } from './wallet-session.js'
import type { WalletConnectSession } from './wallet-connect/session.js'
import { signClientSession } from './wallet-connect/sign-client-session.js'
import { WALLET_CONNECT_ID, walletConnectConnector } from './wallet-connect/wallet-connect-connector.js'
import { withTimeout } from './with-timeout.js'

/** Solana's mainnet as CAIP-2 (`solana:` + the genesis hash prefix). */
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

export interface WalletEngineOptions {
  appId: string
  storage: TokenStorage
  transport: Transport
  getConfig(): EffectiveConfig
  watchConfig(listener: Listener<unknown>): Unsubscribe
  getUser(): User | null
  isAuthenticated(): boolean
  authenticate(method: 'siwe' | 'siws', login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  options: Store<WalletOption[]>
  flow: Store<WalletFlowState>
  connected: Store<ConnectedWallet[]>
  /** The page (null outside a browser: nothing is discovered). */
  window: Window | null
  timeoutMs?: number
  pollIntervalMs?: number
  /** The WalletConnect relay session for a project id; tests pass a fake (the relay is out of reach here). */
  createWalletConnectSession?: (projectId: string) => WalletConnectSession
  now?: () => Date
}

export type WalletEngine = ReturnType<typeof createWalletEngine>

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const metaOf = (option: WalletOption): ConnectedWalletMeta => ({ name: option.name, icon: option.icon, id: option.id })

export function createWalletEngine(options: WalletEngineOptions) {
  const { flow, connected } = options
  const timeoutMs = options.timeoutMs ?? WALLET_REQUEST_TIMEOUT_MS
  const now = options.now ?? (() => new Date())
  const remembered = rememberedWallets(options.storage, options.appId)
  const sessions: WalletSession[] = []
  let stored: RememberedConnection[] = []
  let lastUsed: string | null = null
  let inFlight: Promise<ConnectedWallet> | null = null
  // Bumped by reset(): a flow that settles after the modal closed must not revive the old state.
  let generation = 0

  const updateFlow = (started: number, change: Partial<WalletFlowState>) => {
    if (started === generation) flow.update((current) => ({ ...current, ...change }))
  }

  const linkedToUser = (address: string) =>
    options.getUser()?.linkedAccounts.some((account) => account.type === 'wallet' && sameAddress(account.address, address)) ?? false

  /** Publishes the sessions' wallets, only when their data changed. */
  function publishConnected() {
    const next = sessions.map((session) => session.wallet)
    if (JSON.stringify(next.map(walletData)) !== JSON.stringify(connected.get().map(walletData))) connected.set(next)
    stored = [
      ...sessions.map(({ wallet, connectedAt }) => ({ address: wallet.address, chain: wallet.chain, connectorType: wallet.connectorType, walletClientType: wallet.walletClientType, connectedAt })),
      // Remembered connections whose wallet has not shown up yet stay remembered.
      ...stored.filter((entry) => !sessions.some(({ wallet }) => wallet.walletClientType === entry.walletClientType)),
    ]
    void remembered.save(stored)
  }

  function removeSessions(match: (session: WalletSession) => boolean) {
    for (let index = sessions.length - 1; index >= 0; index--) {
      const session = sessions[index]!
      if (!match(session)) continue
      session.stop()
      sessions.splice(index, 1)
    }
  }

  const walletContext: ConnectedWalletContext = {
    timeoutMs,
    getConfig: options.getConfig,
    findSession: (walletClientType, address) => sessions.find((session) => session.wallet.walletClientType === walletClientType && sameAddress(session.wallet.address, address)) ?? null,
    onChainId: (session, chainId) => {
      if (session.wallet.chainId === `eip155:${chainId}`) return
      updateWallet(session, { chainId: `eip155:${chainId}` })
      publishConnected()
    },
    disconnect: (address) => disconnect(address),
  }

  /** A session's account with some fields changed; its abilities follow the new address. */
  function updateWallet(session: WalletSession, change: Partial<Pick<ConnectedWalletData, 'address' | 'chainId' | 'linked'>>) {
    session.wallet = connectedWallet({ ...walletData(session.wallet), ...change } as ConnectedWalletData, walletContext) as typeof session.wallet
  }

  function addSession(session: WalletSession) {
    removeSessions(({ wallet }) => wallet.walletClientType === session.wallet.walletClientType)
    sessions.unshift(session)
    publishConnected()
  }

  /** Follows the wallet's own account, chain and disconnect events for one EIP-1193 session. */
  function ethereumSession(option: WalletOption, provider: Eip1193Provider, address: string, chainId: number): EthereumSession {
    const data: ConnectedWalletData = { address, chain: 'ethereum', chainId: `eip155:${chainId}`, walletClientType: option.id, connectorType: option.connectorType, linked: linkedToUser(address), meta: metaOf(option) }
    const wallet = connectedWallet(data, walletContext) as EthereumSession['wallet']
    const session: EthereumSession = { wallet, connectedAt: now().getTime(), chain: 'ethereum', provider, stop: () => {} }
    const onAccounts = (accounts: unknown) => {
      const next = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null
      if (!next) return disconnectSession(session)
      if (sameAddress(next, session.wallet.address)) return
      updateWallet(session, { address: next, linked: linkedToUser(next) })
      publishConnected()
    }
    const onChain = (chain: unknown) => {
      const id = Number.parseInt(String(chain), String(chain).startsWith('0x') ? 16 : 10)
      if (Number.isSafeInteger(id)) walletContext.onChainId(session, id)
    }
    const onDisconnect = () => disconnectSession(session)
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    session.stop = () => {
      provider.removeListener?.('accountsChanged', onAccounts)
      provider.removeListener?.('chainChanged', onChain)
      provider.removeListener?.('disconnect', onDisconnect)
    }
    return session
  }

  function solanaSession(option: WalletOption, solana: StandardWallet, account: StandardWalletAccount): SolanaSession {
    const data: ConnectedWalletData = { address: account.address, chain: 'solana', chainId: SOLANA_MAINNET, walletClientType: option.id, connectorType: option.connectorType, linked: linkedToUser(account.address), meta: metaOf(option) }
    const wallet = connectedWallet(data, walletContext) as SolanaSession['wallet']
    const session: SolanaSession = { wallet, connectedAt: now().getTime(), chain: 'solana', solana, account, stop: () => {} }
    session.stop = watchSolanaAccounts(solana, (accounts) => {
      const next = accounts.find((candidate) => candidate.chains.some((chain) => chain.startsWith('solana:')))
      if (!next) return disconnectSession(session)
      if (next.address === session.wallet.address) return
      session.account = next
      updateWallet(session, { address: next.address, linked: linkedToUser(next.address) })
      publishConnected()
    })
    return session
  }

  function disconnectSession(session: WalletSession) {
    removeSessions((candidate) => candidate === session)
    stored = stored.filter((entry) => entry.walletClientType !== session.wallet.walletClientType)
    publishConnected()
  }

  const walletConnect = walletConnectConnector({
    getProjectId: () => options.getConfig().walletConnectProjectId,
    createSession: options.createWalletConnectSession ?? ((projectId) => {
      const { appName, appearance, walletConnectRelayUrl } = options.getConfig()
      const url = options.window?.location.origin ?? ''
      const metadata = { name: appName, description: appName, url, icons: appearance.logo ? [appearance.logo] : [] }
      return signClientSession({ projectId, metadata, ...(walletConnectRelayUrl && { relayUrl: walletConnectRelayUrl }) })
    }),
    timeoutMs,
    // The pairing URI belongs to the attempt under way: reset() cancels it first.
    onUri: (uri) => updateFlow(generation, { walletConnectUri: uri }),
  })

  let discovery: WalletDiscovery | null = null
  function refreshOptions() {
    options.options.set(walletOptions(discovery?.wallets() ?? [], options.getConfig().appearance, walletConnect.option()))
  }
  // Wallets already in the page announce while discovery starts, before `discovery` is assigned: listed just after.
  function onDiscovered() {
    if (!discovery) return
    refreshOptions()
    void restoreRemembered()
  }
  discovery = options.window ? discoverWallets(options.window, onDiscovered) : null
  refreshOptions()
  const stopWatchingConfig = options.watchConfig(refreshOptions)

  /** Remembered connections come back only if the wallet still grants this site that account, asked silently. */
  async function restore(entry: RememberedConnection, found: DiscoveredWallet): Promise<WalletSession | null> {
    if (found.ethereum) {
      const accounts = await withTimeout(found.ethereum.request({ method: 'eth_accounts' }), timeoutMs)
      const address = Array.isArray(accounts) ? accounts.find((account): account is string => typeof account === 'string' && sameAddress(account, entry.address)) : undefined
      return address ? ethereumSession(found.option, found.ethereum, address, await withTimeout(readChainId(found.ethereum), timeoutMs)) : null
    }
    if (found.solana) {
      const account = found.solana.accounts.find((candidate) => candidate.address === entry.address) ?? (await connectSolana(found.solana, true))
      return account.address === entry.address ? solanaSession(found.option, found.solana, account) : null
    }
    return null
  }

  const restoring = new Set<string>()
  async function restoreRemembered() {
    for (const entry of stored) {
      const found = discovery?.find(entry.walletClientType)
      if (!found || restoring.has(entry.walletClientType) || sessions.some(({ wallet }) => wallet.walletClientType === entry.walletClientType)) continue
      restoring.add(entry.walletClientType)
      const session = await restore(entry, found).catch(() => null)
      if (session && !sessions.some(({ wallet }) => wallet.walletClientType === entry.walletClientType)) addSession(session)
      else if (!session) {
        stored = stored.filter((candidate) => candidate !== entry)
        void remembered.save(stored)
      }
    }
  }

  // Connecting waits for the remembered values; restoring them (a silent wallet request each) runs on its own.
  const loaded = remembered.load().then((values) => {
    stored = values.connections
    lastUsed ??= values.lastUsed
    refreshOptions()
    void restoreRemembered()
  })

  function fail(started: number, caught: unknown, signing = false): never {
    const error = toWalletError(caught, signing)
    updateFlow(started, {
      status: 'error',
      error,
      pendingRequest: false,
      retries: flow.get().retries + 1,
      ...(signing ? {} : { connection: 'disconnected' as const }),
    })
    throw error
  }

  async function runConnect(walletId: string, connectOptions: ConnectWalletOptions): Promise<ConnectedWallet> {
    const started = generation
    const found = (walletId === WALLET_CONNECT_ID ? walletConnect.find(connectOptions.chainId) : discovery?.find(walletId)) ?? null
    const current = flow.get()
    // Failed attempts count per wallet: another wallet starts over.
    const retries = current.wallet?.id === walletId ? current.retries : 0
    flow.set({
      ...initialWalletFlowState,
      status: 'connecting',
      connection: 'connecting',
      intent: connectOptions.intent ?? 'login',
      wallet: found?.option ?? options.options.get().find((option) => option.id === walletId) ?? null,
      retries,
    })
    try {
      if (!found) throw unsupportedWalletError(walletId)
      const session = await connectFound(started, found, connectOptions)
      addSession(session)
      lastUsed = walletId
      void remembered.saveLastUsed(walletId)
      updateFlow(started, { status: 'connected', connection: 'connected', address: session.wallet.address, pendingRequest: false })
      return session.wallet
    } catch (error) {
      return fail(started, error)
    }
  }

  async function connectFound(started: number, found: DiscoveredWallet, connectOptions: ConnectWalletOptions): Promise<WalletSession> {
    const chain: WalletChain = found.ethereum && (connectOptions.chain !== 'solana' || !found.solana) ? 'ethereum' : 'solana'
    if (chain === 'ethereum' && found.ethereum) {
      const { address, chainId } = await connectEthereum(found.ethereum, {
        chainId: connectOptions.chainId,
        addChain: connectOptions.addChain,
        chains: appChainTable(options.getConfig()),
        timeoutMs,
        pollIntervalMs: options.pollIntervalMs ?? WALLET_LOOKUP_INTERVAL_MS,
        onPendingRequest: () => updateFlow(started, { pendingRequest: true }),
        onSwitchingChain: () => updateFlow(started, { connection: 'switching_to_supported_chain' }),
      })
      return ethereumSession(found.option, found.ethereum, address, chainId)
    }
    const account = await withTimeout(connectSolana(found.solana!), timeoutMs)
    return solanaSession(found.option, found.solana!, account)
  }

  /** Duplicate attempts while connecting join the first. */
  function connect(walletId: string, connectOptions: ConnectWalletOptions = {}): Promise<ConnectedWallet> {
    inFlight ??= loaded.then(() => runConnect(walletId, connectOptions)).finally(() => {
      inFlight = null
    })
    return inFlight
  }

  /** The wire's walletClientType: the known wallet's id (metamask, phantom, ...) when the wallet is one. */
  const wireClientType = (walletId: string) => discovery?.find(walletId)?.known?.id ?? walletId

  /** What SIWE and SIWS need for one attempt; every step reports to the flow unless reset() came first. */
  function signInContext(started: number, method: 'siwe' | 'siws', signInOptions: WalletSignInOptions, client: { walletClientType: string; connectorType: string }, linkedAddress: () => string): WalletSignInContext {
    return {
      transport: options.transport,
      page: options.window?.location ?? { host: '', origin: '', pathname: '' },
      intent: signInOptions.intent ?? 'login',
      disableSignup: signInOptions.disableSignup ?? false,
      captchaToken: signInOptions.captchaToken,
      walletClientType: client.walletClientType,
      connectorType: client.connectorType,
      authenticate: (login) => options.authenticate(method, login),
      linked: (dto) => options.accountChanges.linked(dto, method, linkedAddress()),
      step: (status) => updateFlow(started, { status }),
      timeoutMs,
      now,
    }
  }

  /** Runs one SIWE or SIWS step in the flow: status first, the error (counted) if it fails. */
  async function inFlow<T>(status: WalletFlowState['status'], change: Partial<WalletFlowState>, run: (started: number) => Promise<T>): Promise<T> {
    const started = generation
    updateFlow(started, { status, error: null, pendingRequest: false, ...change })
    try {
      return await run(started)
    } catch (error) {
      return fail(started, error, true)
    }
  }

  function assertIntentAllowed(intent: 'login' | 'link') {
    if (intent === 'login' && options.isAuthenticated()) throw alreadyLoggedInError()
    if (intent === 'link' && !options.isAuthenticated()) throw mustBeAuthenticatedError()
  }

  function signIn(wallet: ConnectedWalletData, signInOptions: WalletSignInOptions = {}): Promise<User> {
    const intent = signInOptions.intent ?? 'login'
    return inFlow('generating-message', { intent, address: wallet.address }, async (started) => {
      assertIntentAllowed(intent)
      const session = walletContext.findSession(wallet.walletClientType, wallet.address)
      if (!session) throw walletNotConnectedError()
      const client = { walletClientType: wireClientType(wallet.walletClientType), connectorType: wallet.connectorType }
      const context = signInContext(started, session.chain === 'ethereum' ? 'siwe' : 'siws', signInOptions, client, () => session.wallet.address)
      const user = session.chain === 'ethereum'
        ? await (await import('../auth/siwe/sign-in-with-ethereum.js')).signInWithEthereum(context, {
            provider: session.provider,
            address: session.wallet.address,
            chainId: Number(session.wallet.chainId.split(':')[1]),
          })
        : await (await import('../auth/siws/sign-in-with-solana.js')).signInWithSolana(context, { wallet: session.solana, account: session.account }, signInOptions.solanaMessageType)
      updateWallet(session, { linked: true })
      publishConnected()
      updateFlow(started, { status: 'done', error: null })
      return user
    })
  }

  /** The address line of a SIWE or SIWS message (its second line). */
  const messageAddress = (message: string) => message.split('\n')[1] ?? ''
  const externalClient = (input: ExternalSignature) => ({ walletClientType: input.walletClientType ?? 'unknown', connectorType: input.connectorType ?? 'unknown' })

  const generateSiweMessage: WalletsApi['generateSiweMessage'] = ({ address, chainId, captchaToken }) =>
    inFlow('generating-message', { address }, async (started) => {
      const context = signInContext(started, 'siwe', { captchaToken }, externalClient({} as ExternalSignature), () => address)
      const message = await (await import('../auth/siwe/sign-in-with-ethereum.js')).createSiweMessage(context, address, chainId)
      updateFlow(started, { status: 'awaiting-signature' })
      return message
    })

  const submitSiwe: WalletsApi['submitSiwe'] = (input) =>
    inFlow('submitting-signature', { intent: input.intent ?? 'login' }, async (started) => {
      assertIntentAllowed(input.intent ?? 'login')
      const context = signInContext(started, 'siwe', input, externalClient(input), () => messageAddress(input.message))
      const user = await (await import('../auth/siwe/sign-in-with-ethereum.js')).submitSiwe(context, input)
      updateFlow(started, { status: 'done' })
      return user
    })

  const generateSiwsMessage: WalletsApi['generateSiwsMessage'] = ({ address, captchaToken }) =>
    inFlow('generating-message', { address }, async (started) => {
      const context = signInContext(started, 'siws', { captchaToken }, externalClient({} as ExternalSignature), () => address)
      const message = await (await import('../auth/siws/sign-in-with-solana.js')).createSiwsMessage(context, address)
      updateFlow(started, { status: 'awaiting-signature' })
      return message
    })

  const submitSiws: WalletsApi['submitSiws'] = (input) =>
    inFlow('submitting-signature', { intent: input.intent ?? 'login' }, async (started) => {
      assertIntentAllowed(input.intent ?? 'login')
      const context = signInContext(started, 'siws', input, externalClient(input), () => messageAddress(input.message))
      const user = await (await import('../auth/siws/sign-in-with-solana.js')).submitSiws(context, input)
      updateFlow(started, { status: 'done' })
      return user
    })

  async function unlink(address: string, chain: WalletChain): Promise<User> {
    if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
    const user = chain === 'ethereum'
      ? await options.accountChanges.unlinked(await (await import('../auth/siwe/api.js')).unlinkSiwe(options.transport, { address }), 'siwe')
      : await options.accountChanges.unlinked(await (await import('../auth/siws/api.js')).unlinkSiws(options.transport, { address }), 'siws')
    for (const session of sessions) if (sameAddress(session.wallet.address, address)) updateWallet(session, { linked: false })
    publishConnected()
    return user
  }

  async function disconnect(address: string): Promise<void> {
    const leaving = sessions.filter((session) => sameAddress(session.wallet.address, address))
    for (const session of leaving) {
      disconnectSession(session)
      if (session.chain === 'solana') await disconnectSolana(session.solana).catch(() => undefined)
      if (session.wallet.connectorType === 'wallet_connect') await walletConnect.disconnect()
    }
  }

  return {
    loaded,
    getLastUsed: () => lastUsed,
    connect,
    signIn,
    generateSiweMessage,
    submitSiwe,
    generateSiwsMessage,
    submitSiws,
    async connectAndSignIn(walletId: string, connectOptions: ConnectWalletOptions & Omit<WalletSignInOptions, 'intent'> = {}): Promise<User> {
      const wallet = await connect(walletId, connectOptions)
      return signIn(wallet, { ...connectOptions, intent: connectOptions.intent === 'link' ? 'link' : 'login' })
    },
    unlink,
    disconnect,
    reset() {
      // Closing the modal closes the QR: the pairing rejects (its settling no longer reaches the flow).
      walletConnect.cancel()
      generation++
      flow.set(initialWalletFlowState)
    },
    destroy() {
      void walletConnect.disconnect()
      generation++
      stopWatchingConfig()
      discovery?.stop()
      removeSessions(() => true)
    },
  }
}
