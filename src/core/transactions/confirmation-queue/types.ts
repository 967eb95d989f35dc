import type { TesseraError } from '../../errors/base-error.js'
import type { FundingSessionOptions, FundWalletInput } from '../../funding/types.js'
import type { Store } from '../../utils/store.js'
import type { EmbeddedWalletsState } from '../../wallets/embedded/types.js'
import type { Confirmation, ConfirmationOptions } from '../types.js'

export interface ConfirmationEntry<C extends Confirmation, R> {
  readonly id: string
  current(): C
  update(patch: Partial<C>): void
  /** Success: settles the caller with `result`; the confirmation shows `patch` until it closes. */
  complete(result: R, patch: Partial<C>, closes: 'after-display' | 'by-user'): void
  /** The error screen: the caller keeps waiting for the kind's retry, or for a reject (which gives it `error`). */
  fail(error: TesseraError, patch?: Partial<C>): void
}

/** The fields the queue owns in every confirmation. */
export type QueueOwned = 'id' | 'status' | 'error' | 'reject' | 'position' | 'inline' | 'addFunds'

export interface ConfirmationController<C extends Confirmation, R> {
  /** The request without a confirmation (wallet UIs off, or none shown). */
  headless(): Promise<R>
  /** The confirmation's first status: 'preparing' while `start` reads what it shows. */
  initialStatus: 'preparing' | 'ready'
  /** The kind's fields and actions, bound to `entry`. */
  create(entry: ConfirmationEntry<C, R>): Omit<C, QueueOwned>
  /** Runs once the confirmation is in the queue and shown. */
  start?(entry: ConfirmationEntry<C, R>): void
  /** 'Add funds': what to fund for the wallet to cover the request; null while it is covered (or not known yet). */
  fundingRequest?(entry: ConfirmationEntry<C, R>): FundWalletInput | null
  /** Prepares the confirmation again (after a funding session, with the new balance). */
  refresh?(entry: ConfirmationEntry<C, R>): void
}

export interface ConfirmationPresentation {
  showWalletUIs?: boolean
  options?: ConfirmationOptions
  /** Makes the wallet usable first (recovery: the password, the cloud's consent, an MFA code). */
  ready?: () => Promise<void>
}

export interface ConfirmationQueueDeps {
  state: Store<EmbeddedWalletsState>
  /** The app's `embeddedWallets.showWalletUIs`. */
  showWalletUIs(): boolean
  /** Emits `walletPrompt` 'transaction:confirm'; false when no UI heard it. Absent: never heard. */
  announce?(): boolean
  /** `client.funding.fundWallet`, for 'Add funds'; absent: `addFunds()` does nothing. */
  fundWallet?(input: FundWalletInput, options: FundingSessionOptions): Promise<unknown>
  successDisplayMs?: number
}

export interface ConfirmationQueue {
  enqueue<C extends Confirmation, R>(controller: ConfirmationController<C, R>, presentation?: ConfirmationPresentation): Promise<R>
  /** Rejects and removes every confirmation (logout, destroy). */
  clear(): void
}
