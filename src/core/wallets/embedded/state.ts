/** The embedded wallets' mutable state, one object the actions share (the public state lives in `deps.state`). */
import { createConfirmationQueue, type ConfirmationQueue } from '../../transactions/confirmation-queue.js'
import { createSendLedger, type SendLedger } from '../../transactions/send-once.js'
import type { EmbeddedWalletsDeps } from './deps.js'
import type { EmbeddedEthereumProviderImpl } from './ethereum-provider.js'
import type { FrameClient } from './frame-client.js'
import type { EmbeddedSolanaProvider, EmbeddedWallet } from './types.js'

export type Connection = 'connected' | 'needs-password' | 'needs-cloud-recovery'
/** The user-owned recovery a login's waiting creation gets: a password, or the token of the user's Google Drive. */
export type LoginRecovery = { recoveryPassword: string } | { recoveryAccessToken: string }
/** A share set waiting for the user: for the password, or (`cloud`) for the consent that gives the Drive token. */
export interface PasswordWaiter {
  recovered: Promise<void>
  settle(error?: unknown): void
  cloud: boolean
}

export interface EmbeddedWalletsRuntime {
  frame: FrameClient | null
  /** One connection attempt per share set (by entropy id) and signed-in user. */
  connections: Map<string, Promise<Connection>>
  /** Share sets whose automatic recovery the server refused until the user signs in again. */
  awaitingSignIn: Set<string>
  passwordWaiters: Map<string, PasswordWaiter>
  creations: Map<string, Promise<EmbeddedWallet>>
  creatingOnLogin: boolean
  /** The login's creation waiting for the app's required recovery: `createLoginWallets` gives it and awaits the wallets. */
  loginCreationWaiting: { giveRecovery(recovery: LoginRecovery): void; wallets: Promise<EmbeddedWallet[]> } | null
  /** Bumped by every login and logout: a creation started by an earlier login must not act on a later session. */
  loginSequence: number
  ethereumProviders: Map<string, Promise<EmbeddedEthereumProviderImpl>>
  solanaProviders: Map<string, Promise<EmbeddedSolanaProvider>>
}

/** What every action gets: the host's deps, the mutable state, and the queues all providers share. */
export interface EmbeddedWalletsContext {
  deps: EmbeddedWalletsDeps
  runtime: EmbeddedWalletsRuntime
  /** Requests waiting for the user's approval (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"): every provider's signing passes through it. */
  confirmations: ConfirmationQueue
  /** The idempotency keys of this client's sends, across its providers (docs/security.md #60). */
  sends: SendLedger
}

export function createEmbeddedWalletsContext(deps: EmbeddedWalletsDeps): EmbeddedWalletsContext {
  return {
    deps,
    runtime: {
      frame: null,
      connections: new Map(),
      awaitingSignIn: new Set(),
      passwordWaiters: new Map(),
      creations: new Map(),
      creatingOnLogin: false,
      loginCreationWaiting: null,
      loginSequence: 0,
      ethereumProviders: new Map(),
      solanaProviders: new Map(),
    },
    confirmations: createConfirmationQueue({
      state: deps.state,
      showWalletUIs: () => deps.getConfig().embeddedWallets.showWalletUIs,
      announce: deps.announceConfirmation,
      fundWallet: deps.fundWallet,
    }),
    sends: createSendLedger(),
  }
}

/** The provider kept for `address`, loaded once; a failed load is forgotten so the next call tries again. */
export function cachedProvider<P>(providers: Map<string, Promise<P>>, address: string, load: () => Promise<P>): Promise<P> {
  let provider = providers.get(address)
  if (!provider) {
    provider = load()
    providers.set(address, provider)
    provider.catch(() => providers.delete(address))
  }
  return provider
}
