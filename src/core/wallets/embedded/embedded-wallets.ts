/**
 * Embedded wallets behind the client's facade (document 2 §§3–4, DESIGN.md §4): creation, connection and recovery
 * through the wallet frame, and the providers that sign through it. Loaded on first use; viem and @solana/web3.js
 * load later still, with the first provider.
 */
import { canonicalAuthorizationRequest, USER_RECOVERY_TIMEOUT_MS, type AuthorizationRequest, type CloudRecoveryProvider, type EmbeddedChainType, type EthereumFrameRequest, type FrameRequestData, type FrameResponseData, type MfaSubmission, type RevokeWalletsResponse, type ScanTransactionInput, type ScanTransactionResponse, type SetRecoveryData, type SolanaFrameRequest, type SplTokenInfoResponse, type UserDto } from '../../../protocol/index.js'
import { base64 } from '@scure/base'
import { resolveChains, resolveDefaultChain } from '../../chains/resolve-chains.js'
import { resolveSolanaClusters } from '../../chains/solana-clusters.js'
import type { EffectiveConfig } from '../../config/types.js'
import { TesseraError } from '../../errors/base-error.js'
import { toTesseraError } from '../../errors/client-errors.js'
import {
  embeddedWalletNotFoundError,
  frameError,
  frameNotInitializedError,
  invalidCreateArgsError,
  invalidRecoveryPasswordTypeError,
  missingAccessTokenError,
  mustBeAuthenticatedToCreateError,
  passwordRequiredByAppError,
  unableToRecoverError,
  unsupportedRecoveryActionError,
  userRecoveryTimedOutError,
} from '../../errors/embedded-wallet-errors.js'
import { sponsorshipNotSupportedError, transactionRejectedError } from '../../errors/transaction-errors.js'
import type { Listener, Unsubscribe } from '../../listener.js'
import { createConfirmationQueue, type ConfirmationQueueDeps } from '../../transactions/confirmation-queue.js'
import { createSendLedger } from '../../transactions/send-once.js'
import { typedDataJson } from '../../transactions/sign-message-confirmation.js'
import type { ClientEvents, TokenStorage } from '../../types.js'
import type { User } from '../../user/types.js'
import { randomUuid } from '../../utils/random-uuid.js'
import type { Store } from '../../utils/store.js'
import { chainsToCreateOnLogin, passwordRequiredToCreate, recoveryPromptToCreate } from './create-on-login.js'
import { createTarget } from './create-target.js'
import { delegatedActions } from './delegated-actions.js'
import type { EmbeddedEthereumProviderImpl } from './ethereum-provider.js'
import { farcasterSignerKey } from './farcaster-signer-key.js'
import { createFrameClient, type FrameClient, type FrameClientOptions, type FramePage } from './frame-client.js'
import { keyExportFrame as createKeyExportFrame } from './key-export-frame.js'
import type { EmbeddedWalletsImpl } from './lazy-embedded-wallets.js'
import { ProviderRpcError } from './provider-rpc-error.js'
import { assertRecoveryUpgrade } from './recovery-upgrade.js'
import { addSessionSigners, removeSessionSigners, type SessionSignersDeps } from './session-signers.js'
import type { CreateEmbeddedWalletOptions, EmbeddedSolanaProvider, EmbeddedWallet, EmbeddedWalletsState, ImportWalletInput, KeyExportFrame, LoginRecoveryInput, RecoverInput, SetRecoveryInput } from './types.js'
import { embeddedWalletsOf, isServerManaged } from './wallets-of-user.js'

export interface EmbeddedWalletsDeps {
  appId: string
  clientId?: string
  apiUrl: () => string
  state: Store<EmbeddedWalletsState>
  getUser(): User | null
  watchUser(listener: Listener<User | null>): Unsubscribe
  /** The client's logins: one may create wallets (the client loads this code before it announces such a login). */
  watchLogins(listener: (login: ClientEvents['login']) => void): Unsubscribe
  getAccessToken(): Promise<string | null>
  /** Stores the server's user after a wallet change (the session's user replaces the old one). */
  replaceUser(dto: UserDto): Promise<User>
  logout(): Promise<void>
  getConfig(): EffectiveConfig
  storage: TokenStorage
  getAnalyticsId(): Promise<string | null>
  sendAnalyticsEvent(eventName: string, payload: Record<string, unknown>): void
  /** Null outside a browser: every frame call then fails with 'Embedded wallet proxy not initialized'. */
  page: FramePage | null
  fetch?: typeof fetch
  /** Test seams. */
  frame?: Pick<FrameClientOptions, 'readyPollMs' | 'initTimeoutMs' | 'timeoutMs'>
  createFrameClient?: (options: FrameClientOptions) => FrameClient
  userRecoveryTimeoutMs?: number
  /**
   * Runs a frame call through the MFA challenge (document 2 §4): refused for want of MFA, the call is retried with
   * the user's answer. Without it (tests) calls run once.
   */
  withMfa?: <T>(run: (mfa?: MfaSubmission) => Promise<T>) => Promise<T>
  /** A share set started waiting for the wallet password ('Enter your password'). */
  onPasswordNeeded?(): void
  /** A share set backed up to the user's Google Drive started waiting for the user's consent ('Confirm it's really you'). */
  onCloudRecoveryNeeded?(): void
  /** The server refused key material for an old sign-in (SECURITY 61): the user signs in again, then recovery resumes. */
  onSignInAgainNeeded?(): void
  /** The cloud provider's token for a backup or recovery; opens the provider's window at once (call inside the click). */
  cloudAccessToken?(provider: CloudRecoveryProvider): Promise<string>
  /** A login's creation waits for the user-owned recovery the app requires of new wallets (`createLoginWallets`), asked on `screen`. */
  onRecoveryNeededToCreate?(screen: NonNullable<ReturnType<typeof recoveryPromptToCreate>>): void
  /** `POST /wallets/revoke` with the session (delegated wallets); absent: revoking is refused. */
  revokeDelegatedWallets?(): Promise<RevokeWalletsResponse>
  /** A server-managed wallet's `GET|PATCH /wallets/:id` and `GET /users/me`, for session signers; absent: they are refused. */
  walletApi?: Pick<SessionSignersDeps, 'getWallet' | 'updateUrl' | 'updateWallet' | 'refreshUser'>
  /**
   * Emits `walletPrompt` 'transaction:confirm' for a confirmation just queued; false when no UI heard it: the request
   * then runs headless. Absent (tests, no UI): requests not shown inline run headless.
   */
  announceConfirmation?(): boolean
  /** `client.funding.fundWallet`, for a confirmation's 'Add funds'; absent (tests): 'Add funds' does nothing. */
  fundWallet?: ConfirmationQueueDeps['fundWallet']
  /** `POST /api/v1/scan/transaction` and the API's host (the scan's domain); unused when the host turns scanning off. */
  scanTransaction?: { run(input: ScanTransactionInput): Promise<ScanTransactionResponse>; domain: string }
  /** `GET /api/v1/token_price`: the USD price of one whole token, for the confirmation's rows. */
  tokenPriceUsd?(chainId: number, symbol: string): Promise<number | null>
  /** `GET /api/v1/spl_token_info`: an SPL mint's symbol, for the Solana confirmation's rows. */
  splTokenInfo?(mintAddress: string, cluster: string): Promise<SplTokenInfoResponse>
  /** Test seam: how often a sent transaction's receipt is asked for. */
  receiptPollMs?: number
}

type Connection = 'connected' | 'needs-password' | 'needs-cloud-recovery'
/** The user-owned recovery a login's waiting creation gets: a password, or the token of the user's Google Drive. */
type LoginRecovery = { recoveryPassword: string } | { recoveryAccessToken: string }
/** A share set waiting for the user: for the password, or (`cloud`) for the consent that gives the Drive token. */
interface PasswordWaiter { recovered: Promise<void>; settle(error?: unknown): void; cloud: boolean }

/** All but the wallet-standard wallet, which the page announcements own (for-client.ts). */
export function createEmbeddedWallets(deps: EmbeddedWalletsDeps): Omit<EmbeddedWalletsImpl, 'getSolanaStandardWallet'> {
  const { state } = deps
  let frame: FrameClient | null = null
  /** One connection attempt per share set (by entropy id) and signed-in user. */
  let connections = new Map<string, Promise<Connection>>()
  /** Share sets whose automatic recovery the server refused until the user signs in again. */
  const awaitingSignIn = new Set<string>()
  let passwordWaiters = new Map<string, PasswordWaiter>()
  const creations = new Map<string, Promise<EmbeddedWallet>>()
  let creatingOnLogin = false
  /** The login's creation waiting for the app's required recovery: `createLoginWallets` gives it and awaits the wallets. */
  let loginCreationWaiting: { giveRecovery(recovery: LoginRecovery): void; wallets: Promise<EmbeddedWallet[]> } | null = null
  const ethereumProviders = new Map<string, Promise<EmbeddedEthereumProviderImpl>>()
  const solanaProviders = new Map<string, Promise<EmbeddedSolanaProvider>>()
  /** Requests waiting for the user's approval (document 3 §§2–4): every provider's signing passes through it. */
  const confirmations = createConfirmationQueue({ state, showWalletUIs: () => deps.getConfig().embeddedWallets.showWalletUIs, announce: deps.announceConfirmation, fundWallet: deps.fundWallet })
  /** The idempotency keys of this client's sends, across its providers (SECURITY 60). */
  const sends = createSendLedger()

  const syncWallets = (user: User | null) => {
    state.update((current) => {
      const wallets = embeddedWalletsOf(user)
      // The same wallets keep the same array: watchers hear only real changes.
      const same = JSON.stringify(wallets) === JSON.stringify(current.wallets)
      return { ...current, wallets: same ? current.wallets : wallets, ...(user ? {} : { status: 'idle', creating: null, error: null }) }
    })
  }
  syncWallets(deps.getUser())
  /** Bumped by every login and logout: a creation started by an earlier login must not act on a later session. */
  let loginSequence = 0
  const stopWatchingUser = deps.watchUser((user, previous) => {
    if (user?.id !== previous?.id) forgetDevice()
    // The frame forgets the MFA token of the session that ended (logout, or another user).
    if (previous && user?.id !== previous.id) void frame?.request('mfa:clear', {}).catch(() => undefined)
    if (!user) {
      loginSequence++
      creatingOnLogin = false
      loginCreationWaiting = null
    }
    syncWallets(user)
  })
  const stopWatchingLogins = deps.watchLogins(({ user, loginMethod }) => {
    const sequence = ++loginSequence
    resumeAfterSignIn(user)
    const chains = chainsToCreateOnLogin(user, deps.getConfig(), loginMethod === 'custom_auth')
    if (!chains.length) return
    const prompt = recoveryPromptToCreate(deps.getConfig())
    // Set during the login itself, so the modal shows 'Creating your wallet' (or the recovery screens) rather than closing.
    state.update((current) => ({ ...current, status: 'creating', creating: prompt ? null : chains[0]!, error: null }))
    if (!prompt) return void createOnLogin(chains, sequence).catch(() => undefined)
    // Document 2 §4: the creation waits (`creating` with no chain yet) for the user's recovery choice, never logs out for want of it.
    let giveRecovery!: (recovery: LoginRecovery) => void
    const recovery = new Promise<LoginRecovery>((resolve) => (giveRecovery = resolve))
    const wallets = createOnLogin(chains, sequence, recovery)
    wallets.catch(() => undefined)
    loginCreationWaiting = { giveRecovery, wallets }
    deps.onRecoveryNeededToCreate?.(prompt)
  })

  function forgetDevice() {
    for (const waiter of passwordWaiters.values()) waiter.settle(unableToRecoverError())
    connections = new Map()
    passwordWaiters = new Map()
    ethereumProviders.clear()
    solanaProviders.clear()
    confirmations.clear()
  }

  function frameClient(): FrameClient {
    if (!deps.page) throw frameNotInitializedError()
    return (frame ??= (deps.createFrameClient ?? createFrameClient)({
      apiUrl: deps.apiUrl,
      appId: deps.appId,
      clientId: deps.clientId,
      getAnalyticsId: deps.getAnalyticsId,
      sendAnalyticsEvent: deps.sendAnalyticsEvent,
      page: deps.page,
      ...deps.frame,
    }))
  }

  async function accessToken(): Promise<string> {
    const token = await deps.getAccessToken()
    if (!token) throw missingAccessTokenError()
    return token
  }

  async function callOnce<E extends keyof FrameRequestData>(event: E, data: Omit<FrameRequestData[E], 'accessToken'>, mfa?: MfaSubmission): Promise<FrameResponseData[E]> {
    const token = await accessToken()
    return frameClient().request(event, { ...data, accessToken: token, ...(mfa && { mfa }) } as FrameRequestData[E])
  }

  /** A wallet operation whose share calls the server gates on MFA; the MFA events run their own challenge (client.mfa). */
  function call<E extends keyof FrameRequestData>(event: E, data: Omit<FrameRequestData[E], 'accessToken'>): Promise<FrameResponseData[E]> {
    if (event.startsWith('mfa:') || !deps.withMfa) return callOnce(event, data)
    return deps.withMfa((mfa) => callOnce(event, data, mfa))
  }

  const shareSet = (wallet: EmbeddedWallet) => ({ entropyId: wallet.entropyId, entropyIdVerifier: wallet.entropyIdVerifier })
  /** A signing request names its wallet: server-managed wallets by id too (the frame has the server sign for them). */
  const signingTarget = (wallet: EmbeddedWallet) => ({ ...shareSet(wallet), hdWalletIndex: wallet.walletIndex, ...(isServerManaged(wallet) && { walletId: wallet.id }) })
  const primaryOf = (wallet: EmbeddedWallet) => state.get().wallets.find((other) => other.entropyId === wallet.entropyId && other.address === wallet.entropyId) ?? wallet

  const waitingStatus = () => ([...passwordWaiters.values()].some((waiter) => waiter.cloud) ? 'needs-cloud-recovery' : passwordWaiters.size ? 'needs-password' : null)

  function setStatus() {
    const waiting = waitingStatus()
    state.update((current) => ({ ...current, status: waiting ?? (current.wallets.length ? 'ready' : 'idle'), creating: null }))
  }

  /** Connects a share set, or recovers it when this device has no share of it (automatic recovery needs no input). */
  async function attempt(wallet: EmbeddedWallet): Promise<Connection> {
    // Nothing of a server-managed wallet is on the device: it is always available, never recovered.
    if (isServerManaged(primaryOf(wallet))) return 'connected'
    state.update((current) => ({ ...current, status: 'connecting' }))
    try {
      await call('connect', shareSet(wallet))
      setStatus()
      return 'connected'
    } catch (error) {
      if (!TesseraError.is(error) || error.code !== 'wallet_not_on_device') throw error
    }
    const { recoveryMethod } = primaryOf(wallet)
    if (recoveryMethod === 'user-passcode') return 'needs-password'
    if (recoveryMethod === 'google-drive') return 'needs-cloud-recovery'
    if (recoveryMethod !== 'privy') throw unsupportedRecoveryActionError()
    state.update((current) => ({ ...current, status: 'recovering' }))
    await recoverAutomatically(wallet)
    setStatus()
    return 'connected'
  }

  /** Automatic recovery; refused for an old sign-in, the user is asked to sign in again and the next login resumes it. */
  async function recoverAutomatically(wallet: EmbeddedWallet): Promise<void> {
    try {
      await call('recover', shareSet(wallet))
    } catch (error) {
      if (TesseraError.is(error) && error.code === 'reauthentication_required') {
        awaitingSignIn.add(wallet.entropyId)
        deps.onSignInAgainNeeded?.()
      }
      throw error
    }
  }

  /** After a login, the share sets whose recovery waited for it connect again (their user's only). */
  function resumeAfterSignIn(user: User): void {
    const waiting = new Set(awaitingSignIn)
    awaitingSignIn.clear()
    for (const wallet of embeddedWalletsOf(user)) {
      if (waiting.has(wallet.entropyId) && wallet.address === wallet.entropyId) void connectionOf(wallet).catch(() => undefined)
    }
  }

  function connectionOf(wallet: EmbeddedWallet): Promise<Connection> {
    let connection = connections.get(wallet.entropyId)
    if (!connection) {
      connection = attempt(wallet)
      connections.set(wallet.entropyId, connection)
      // A failed attempt is tried again on the next use; the state says why it failed.
      connection.catch((error: unknown) => {
        connections.delete(wallet.entropyId)
        state.update((current) => ({ ...current, status: 'error', error: toTesseraError(error) }))
      })
    }
    return connection
  }

  /** Resolves once the wallet can sign: a password wallet waits (at most 120 s) for `recover({ password })`. */
  async function ensureConnected(wallet: EmbeddedWallet): Promise<void> {
    if ((await connectionOf(wallet)) === 'connected') return
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeLimit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(userRecoveryTimedOutError()),
        deps.userRecoveryTimeoutMs ?? USER_RECOVERY_TIMEOUT_MS,
      )
    })
    try {
      await Promise.race([awaitPassword(wallet), timeLimit])
    } finally {
      clearTimeout(timer)
    }
  }

  /** The share set waits for the user's password (or Drive consent): `needs-password` (`needs-cloud-recovery`) until `recover` opens it. */
  function awaitPassword(wallet: EmbeddedWallet): Promise<void> {
    let waiter = passwordWaiters.get(wallet.entropyId)
    if (!waiter) {
      let settle!: PasswordWaiter['settle']
      const recovered = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())))
      recovered.catch(() => undefined)
      const cloud = primaryOf(wallet).recoveryMethod === 'google-drive'
      waiter = { recovered, settle, cloud }
      passwordWaiters.set(wallet.entropyId, waiter)
      setStatus()
      // One prompt: one password (one consent) opens every waiting share set.
      if ([...passwordWaiters.values()].filter((other) => other.cloud === cloud).length === 1) (cloud ? deps.onCloudRecoveryNeeded : deps.onPasswordNeeded)?.()
    }
    return waiter.recovered
  }

  /** Runs `action`; when the frame lost the device share meanwhile, connects (or recovers) once and runs it again. */
  async function withWallet<T>(wallet: EmbeddedWallet, action: () => Promise<T>): Promise<T> {
    await ensureConnected(wallet)
    try {
      return await action()
    } catch (error) {
      if (!TesseraError.is(error) || error.code !== 'wallet_not_on_device') throw error
      connections.delete(wallet.entropyId)
      await ensureConnected(wallet)
      return action()
    }
  }

  /** `driveToken`: a login's creation backed up to the user's Google Drive (the frame writes the key there first). */
  async function runCreate(options: CreateEmbeddedWalletOptions, driveToken?: string): Promise<EmbeddedWallet> {
    if (!deps.getUser()) throw mustBeAuthenticatedToCreateError()
    const chainType = options.chainType ?? 'ethereum'
    const target = createTarget(state.get().wallets, options)
    if (target.kind === 'existing') return target.wallet
    if (options.recoveryPassword !== undefined && typeof options.recoveryPassword !== 'string') throw invalidRecoveryPasswordTypeError()
    if (target.kind === 'primary' && passwordRequiredToCreate(deps.getConfig()) && !options.recoveryPassword) throw passwordRequiredByAppError()

    state.update((current) => ({ ...current, status: 'creating', creating: chainType, error: null }))
    try {
      const result =
        target.kind === 'primary'
          ? await call(chainType === 'ethereum' ? 'wallet:create' : 'solana-wallet:create', {
              recoveryMethod: driveToken ? 'google-drive' : options.recoveryPassword ? 'user-passcode' : 'privy',
              ...(options.recoveryPassword && { recoveryPassword: options.recoveryPassword }),
              ...(driveToken && { recoveryAccessToken: driveToken }),
              idempotencyKey: randomUuid(),
            })
          : await withWallet(target.primary, () =>
              call('wallets:add', { ...shareSet(target.primary), chainType, hdWalletIndex: target.walletIndex }),
            )
      // The session may have ended (or changed hands) while the frame worked: its answer is not this session's user.
      if (deps.getUser()?.id !== result.user.id) throw mustBeAuthenticatedToCreateError()
      const user = await deps.replaceUser(result.user)
      syncWallets(user)
      const wallet = state.get().wallets.find((candidate) => candidate.address === result.address)
      if (!wallet) throw embeddedWalletNotFoundError()
      // After a login, the next chain's creation follows: the state stays `creating` until the last one.
      if (!creatingOnLogin) setStatus()
      return wallet
    } catch (error) {
      const failure = toTesseraError(error)
      state.update((current) => ({ ...current, status: 'error', creating: null, error: failure }))
      throw failure
    }
  }

  function create(options: CreateEmbeddedWalletOptions = {}, driveToken?: string): Promise<EmbeddedWallet> {
    // Identical calls in flight share one creation (document 2 §4), within one session: a new login starts afresh.
    const key = JSON.stringify([loginSequence, options.chainType ?? 'ethereum', options.createAdditional ?? false, options.walletIndex ?? null, options.recoveryPassword ?? null, driveToken ? 'google-drive' : null])
    let creation = creations.get(key)
    if (!creation) {
      creation = runCreate(options, driveToken).finally(() => creations.delete(key))
      creations.set(key, creation)
    }
    return creation
  }

  /** One wallet per share set stands for it: connecting any of them connects all. */
  const shareSetWallets = () => [...new Map(state.get().wallets.map((wallet) => [wallet.entropyId, wallet])).values()]

  async function connect(): Promise<void> {
    if (!deps.getUser()) return
    state.update((current) => ({ ...current, status: 'connecting', error: null }))
    try {
      for (const wallet of shareSetWallets()) {
        if ((await connectionOf(wallet)) !== 'connected') void awaitPassword(wallet)
      }
      setStatus()
    } catch (error) {
      const failure = toTesseraError(error)
      state.update((current) => ({ ...current, status: 'error', error: failure }))
      throw failure
    }
  }

  /** The token of a cloud provider; without a provider leg (tests, outside a browser) cloud methods are unsupported. */
  const cloudAccessToken = (provider: CloudRecoveryProvider) => deps.cloudAccessToken?.(provider) ?? Promise.reject(unsupportedRecoveryActionError())

  async function recover(input: RecoverInput): Promise<void> {
    const cloud = 'method' in input
    if (!cloud && (typeof input.password !== 'string' || !input.password)) throw invalidRecoveryPasswordTypeError()
    // Before any await: a cloud provider's window opens inside the user's click.
    const token = cloud ? cloudAccessToken(input.method) : null
    token?.catch(() => undefined)
    try {
      // One password (one consent) serves every share set of its method: those not tried on this device yet wait for it now too.
      for (const wallet of shareSetWallets())
        if (!connections.has(wallet.entropyId) && primaryOf(wallet).recoveryMethod === (cloud ? 'google-drive' : 'user-passcode') && (await connectionOf(wallet)) !== 'connected') void awaitPassword(wallet)
      const secret = cloud ? { recoveryAccessToken: await token! } : { recoveryPassword: input.password }
      state.update((current) => ({ ...current, status: 'recovering', error: null }))
      for (const [entropyId, waiter] of [...passwordWaiters]) {
        const wallet = state.get().wallets.find((candidate) => candidate.entropyId === entropyId)
        if (!wallet || waiter.cloud !== cloud) continue
        await call('recover', { ...shareSet(wallet), ...secret })
        connections.set(entropyId, Promise.resolve('connected'))
        passwordWaiters.delete(entropyId)
        waiter.settle()
      }
      setStatus()
    } catch (error) {
      // A wrong password (or a refused consent) leaves the wallet waiting for another try.
      const failure = toTesseraError(error)
      state.update((current) => ({ ...current, status: waitingStatus() ?? 'error', error: failure }))
      throw failure
    }
  }

  /** Document 2 §4: every share set (or `address`'s) moves to the new method, one password for all, each re-shared in the frame. */
  async function setRecovery(input: SetRecoveryInput, options: { address?: string } = {}): Promise<User> {
    if (!deps.getUser()) throw missingAccessTokenError()
    if (input.method === 'user-passcode' && (typeof input.password !== 'string' || !input.password)) throw invalidRecoveryPasswordTypeError()
    const address = options.address?.toLowerCase()
    const targets = shareSetWallets().filter((wallet) => address === undefined || state.get().wallets.some((other) => other.entropyId === wallet.entropyId && other.address.toLowerCase() === address))
    if (!targets.length) throw embeddedWalletNotFoundError()
    for (const wallet of targets) assertRecoveryUpgrade(primaryOf(wallet).recoveryMethod, input.method)
    // Before any await: a cloud provider's window opens inside the user's click.
    const cloudToken = input.method === 'google-drive' || input.method === 'icloud' ? cloudAccessToken(input.method) : null
    cloudToken?.catch(() => undefined)
    let user = deps.getUser()!
    const recoveryAccessToken = cloudToken ? await cloudToken : undefined
    for (const wallet of targets) {
      const existingRecoveryMethod = primaryOf(wallet).recoveryMethod
      // Automatic recovery is already automatic: no re-share.
      if (input.method === 'privy' && existingRecoveryMethod === 'privy') continue
      const result = await withWallet(wallet, () =>
        call('set-recovery', {
          ...shareSet(wallet),
          // iCloud never gets here: the server refuses its token (not_supported).
          recoveryMethod: input.method as SetRecoveryData['recoveryMethod'],
          ...(input.method === 'user-passcode' && { recoveryPassword: input.password }),
          ...(recoveryAccessToken && { recoveryAccessToken }),
          existingRecoveryMethod,
        }),
      )
      if (deps.getUser()?.id !== result.user.id) throw missingAccessTokenError()
      user = await deps.replaceUser(result.user)
      syncWallets(user)
    }
    return user
  }

  /** Document 2 §4 private-key import (on-device): the frame validates and splits the key; the wallet is its own share set. */
  async function importWallet({ privateKey, chainType = 'ethereum', recoveryPassword }: ImportWalletInput): Promise<EmbeddedWallet> {
    if (!deps.getUser()) throw mustBeAuthenticatedToCreateError()
    if (chainType !== 'ethereum' && chainType !== 'solana') throw invalidCreateArgsError(`Unknown chain type ${String(chainType)}`)
    if (recoveryPassword !== undefined && typeof recoveryPassword !== 'string') throw invalidRecoveryPasswordTypeError()
    // An imported key is a share set of its own: the app's password rule applies to it as to a created one.
    if (passwordRequiredToCreate(deps.getConfig()) && !recoveryPassword) throw passwordRequiredByAppError()
    const result = await call('import', { privateKey, chainType, mode: 'on-device', ...(recoveryPassword && { recoveryPassword }) })
    if (deps.getUser()?.id !== result.user.id) throw mustBeAuthenticatedToCreateError()
    syncWallets(await deps.replaceUser(result.user))
    const wallet = state.get().wallets.find((candidate) => candidate.address === result.address)
    if (!wallet) throw embeddedWalletNotFoundError()
    // The frame holds the new device share: the wallet signs without a connect.
    connections.set(wallet.entropyId, Promise.resolve('connected'))
    return wallet
  }

  /** The export frame opens the wallet with this device's share: connect (or recover) first, as a signature would. */
  async function keyExportFrame({ address }: { address: string }): Promise<KeyExportFrame> {
    const wallet = state.get().wallets.find((candidate) => candidate.address.toLowerCase() === String(address).toLowerCase())
    if (!wallet) throw embeddedWalletNotFoundError()
    if (!deps.page) throw frameNotInitializedError()
    await ensureConnected(wallet)
    const askMfa = (mfa?: MfaSubmission) => (mfa ? Promise.resolve(mfa) : Promise.reject(frameError('missing_or_invalid_mfa', 'MFA verification required')))
    return createKeyExportFrame({
      apiUrl: deps.apiUrl(),
      appId: deps.appId,
      clientId: deps.clientId,
      wallet,
      window: deps.page.window,
      getAccessToken: deps.getAccessToken,
      answerMfa: () => (deps.withMfa ? deps.withMfa(askMfa) : Promise.resolve(undefined)),
      sendAnalyticsEvent: deps.sendAnalyticsEvent,
    })
  }

  function findWallet(chainType: EmbeddedChainType, address?: string): EmbeddedWallet {
    const wallet = state.get().wallets.find(
      (candidate) => candidate.chainType === chainType && (address === undefined || candidate.address.toLowerCase() === address.toLowerCase()),
    )
    if (!wallet) throw embeddedWalletNotFoundError()
    return wallet
  }

  async function getChains() {
    const config = deps.getConfig()
    const chains = resolveChains(config)
    resolveDefaultChain(config, chains)
    return chains
  }

  /** One Ethereum signing request to the frame for `wallet`, connected (or recovered) first. */
  function signWithEthereumWallet(wallet: EmbeddedWallet, request: EthereumFrameRequest): Promise<string> {
    return withWallet(wallet, async () => {
      const { data } = await call('rpc', { ...signingTarget(wallet), chainType: 'ethereum', request })
      return data as string
    })
  }

  function getEthereumProvider(address?: string): Promise<EmbeddedEthereumProviderImpl> {
    const wallet = findWallet('ethereum', address)
    let provider = ethereumProviders.get(wallet.address)
    if (!provider) {
      provider = (async () => {
        const config = deps.getConfig()
        const chains = resolveChains(config)
        const { createEmbeddedEthereumProvider } = await import('./ethereum-provider.js')
        return createEmbeddedEthereumProvider({
          address: wallet.address,
          chains,
          defaultChain: resolveDefaultChain(config, chains),
          storage: deps.storage,
          storageKey: `tessera:${deps.appId}:embedded_wallet_chain_id`,
          fetch: deps.fetch,
          sign: (request: EthereumFrameRequest) => signWithEthereumWallet(wallet, request),
          confirmations,
          connect: () => ensureConnected(wallet),
          scan: () => (deps.getConfig().embeddedWallets.transactionScanning?.enabled === false ? undefined : deps.scanTransaction),
          tokenPriceUsd: deps.tokenPriceUsd,
          receiptPollMs: deps.receiptPollMs,
          sends,
        })
      })()
      ethereumProviders.set(wallet.address, provider)
      provider.catch(() => ethereumProviders.delete(wallet.address))
    }
    return provider
  }

  function getSolanaProvider(address?: string): Promise<EmbeddedSolanaProvider> {
    const wallet = findWallet('solana', address)
    let provider = solanaProviders.get(wallet.address)
    if (!provider) {
      provider = import('./solana-provider.js').then(({ createEmbeddedSolanaProvider }) =>
        createEmbeddedSolanaProvider({
          address: wallet.address,
          clusters: resolveSolanaClusters(deps.getConfig().solanaClusters),
          // Document 2: only server-managed (TEE) wallets are sponsored; the wallet API sends their transactions.
          serverManaged: isServerManaged(wallet),
          sign: (request: SolanaFrameRequest) =>
            withWallet(wallet, async () => {
              const { data } = await call('rpc', { ...signingTarget(wallet), chainType: 'solana', request })
              return (data as { signature: string }).signature
            }),
          confirmations,
          connect: () => ensureConnected(wallet),
          tokenPriceUsd: deps.tokenPriceUsd,
          splTokenInfo: deps.splTokenInfo,
          sends,
        }),
      )
      solanaProviders.set(wallet.address, provider)
      provider.catch(() => solanaProviders.delete(wallet.address))
    }
    return provider
  }

  /**
   * Creates the wallets a login needs, in order, with the user-owned recovery when the app requires one (it waits for
   * `userRecovery`); a failure logs the user out (document 2 §4) and rejects.
   */
  async function createOnLogin(chains: EmbeddedChainType[], sequence: number, userRecovery?: Promise<LoginRecovery>): Promise<EmbeddedWallet[]> {
    creatingOnLogin = true
    const current = () => sequence === loginSequence
    const wallets: EmbeddedWallet[] = []
    try {
      const recovery = await userRecovery
      const password = recovery && 'recoveryPassword' in recovery ? { recoveryPassword: recovery.recoveryPassword } : {}
      const driveToken = recovery && 'recoveryAccessToken' in recovery ? recovery.recoveryAccessToken : undefined
      for (const chainType of chains) if (current()) wallets.push(await create({ chainType, ...password }, driveToken))
      if (!current()) throw mustBeAuthenticatedToCreateError()
      creatingOnLogin = false
      setStatus()
      return wallets
    } catch (error) {
      const failure = toTesseraError(error)
      // Logged out (and maybe in again) meanwhile: this login's failure is not the new session's to end.
      if (!current()) throw failure
      creatingOnLogin = false
      // Document 2 §4: a failed creation after login signs the user out; the error stays in the state.
      await deps.logout().catch(() => undefined)
      state.update((current) => ({ ...current, status: 'error', creating: null, error: failure }))
      throw failure
    }
  }

  /**
   * Gives the waiting login's creation its recovery: a password, or a Google Drive backup (the provider's window
   * opens at once: call inside the click); resolves with the wallets it made (Ethereum, then Solana).
   */
  async function createLoginWallets(input: LoginRecoveryInput): Promise<EmbeddedWallet[]> {
    const cloud = 'recoveryMethod' in input
    if (cloud && input.recoveryMethod !== 'google-drive') throw unsupportedRecoveryActionError()
    if (!cloud && (typeof input.recoveryPassword !== 'string' || !input.recoveryPassword)) throw invalidRecoveryPasswordTypeError()
    const waiting = loginCreationWaiting
    if (!waiting) throw invalidCreateArgsError('No wallet creation is waiting for a recovery method.')
    if (cloud && passwordRequiredToCreate(deps.getConfig())) throw passwordRequiredByAppError()
    // A refused consent leaves the creation waiting for another choice.
    const recovery: LoginRecovery = cloud ? { recoveryAccessToken: await cloudAccessToken('google-drive') } : { recoveryPassword: input.recoveryPassword }
    if (loginCreationWaiting !== waiting) throw invalidCreateArgsError('No wallet creation is waiting for a recovery method.')
    loginCreationWaiting = null
    waiting.giveRecovery(recovery)
    return waiting.wallets
  }

  const delegation = delegatedActions({
    wallets: () => state.get().wallets,
    call: (wallet, event, data) => withWallet(wallet, () => call(event, data)),
    revoke: () => (deps.revokeDelegatedWallets ? deps.revokeDelegatedWallets() : Promise.reject(frameNotInitializedError())),
    replaceUser: deps.replaceUser,
  })
  const generateAuthorizationSignature = (request: AuthorizationRequest) =>
    callOnce('user-signer:sign', { message: base64.encode(new TextEncoder().encode(canonicalAuthorizationRequest(request))) })
  function sessionSigners(): SessionSignersDeps {
    if (!deps.walletApi) throw frameNotInitializedError()
    return { ...deps.walletApi, appId: deps.appId, wallets: () => state.get().wallets, now: Date.now, sign: generateAuthorizationSignature, delegate: delegation.delegateWallet, revoke: delegation.revokeWallets }
  }

  return {
    callFrame: callOnce,
    create,
    createLoginWallets,
    connect,
    recover,
    setRecovery,
    importWallet,
    keyExportFrame,
    getChains,
    getEthereumProvider,
    getSolanaProvider,
    ...farcasterSignerKey({ wallets: () => state.get().wallets, call: (wallet, event, data) => withWallet(wallet, () => call(event, data)) }),
    ...delegation,
    addSessionSigners: async (input) => addSessionSigners(sessionSigners(), input),
    removeSessionSigners: async (input) => removeSessionSigners(sessionSigners(), input),
    signMessage: async ({ message, address, uiOptions }, options) => {
      const provider = await getEthereumProvider(address)
      const hex = `0x${Array.from(new TextEncoder().encode(message), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
      return { signature: (await provider.requestWith({ method: 'personal_sign', params: [hex, provider.address] }, { uiOptions, options })) as string }
    },
    signTypedData: async ({ typedData, address, uiOptions }, options) => {
      const provider = await getEthereumProvider(address)
      const json = typedDataJson(typedData)
      return { signature: (await provider.requestWith({ method: 'eth_signTypedData_v4', params: [provider.address, json] }, { uiOptions, options })) as string }
    },
    signTransaction: async ({ transaction, address, uiOptions }, options) => {
      const provider = await getEthereumProvider(address)
      return { signature: (await provider.requestWith({ method: 'eth_signTransaction', params: [transaction] }, { uiOptions, options }).catch(asTransactionFailure)) as string }
    },
    signAuthorization: async ({ address, ...input }) => {
      const provider = await getEthereumProvider(address)
      const { signAuthorization } = await import('./sign-authorization.js')
      return signAuthorization({ provider, sign: (request) => signWithEthereumWallet(findWallet('ethereum', provider.address), request) }, input)
    },
    sendTransaction: async ({ transaction, address, uiOptions, sponsor, idempotencyKey }, options) => {
      // Document 2: only server-managed (TEE) wallets are sponsored; the wallet API sends their transactions.
      if (sponsor && !isServerManaged(findWallet('ethereum', address))) throw sponsorshipNotSupportedError()
      const provider = await getEthereumProvider(address)
      return { hash: (await provider.requestWith({ method: 'eth_sendTransaction', params: [transaction] }, { uiOptions, options, idempotencyKey, sponsor }).catch(asTransactionFailure)) as string }
    },
    generateAuthorizationSignature,
    destroy() {
      stopWatchingUser()
      stopWatchingLogins()
      forgetDevice()
      frame?.destroy()
      frame = null
    },
  }
}

/** The client API rejects a declined transaction as a transaction failure (the provider keeps EIP-1193's 4001). */
function asTransactionFailure(error: unknown): never {
  throw error instanceof ProviderRpcError && error.code === 4001 ? transactionRejectedError(error) : error
}
