/**
 * The confirmation queue (document 3 §§2–4): every request that needs the user's approval waits here, in arrival
 * order, as a `Confirmation` in the embedded-wallets state (`confirmations`); the UI renders the first one not yet
 * final and calls its actions. Each change replaces the confirmation in a new array, so watchers re-render.
 *
 * A kind plugs in with `enqueue(controller, presentation)`: the controller runs the request headless, or builds the
 * kind's confirmation (its fields and its own actions: approve, retry, ...) over a `ConfirmationEntry` that updates
 * it, completes it (settling the caller) or fails it (the error screen; the caller waits for a retry or a reject).
 * The queue owns `id`, `status`, `error`, `reject`, `inline` and the Ethereum `position`:
 * - wallet UIs off (`uiOptions.showWalletUIs ?? embeddedWallets.showWalletUIs`, the app's setting not applying to an
 *   inline caller), or no UI heard the 'transaction:confirm' prompt of a request not shown inline: the controller
 *   runs headless, no confirmation;
 * - `approve()` acts only when `ready`; `reject()` before the work ends rejects the caller with 4001 'The user rejected
 *   the request.', after an error with that error, after success only closes; while submitting it is ignored;
 * - a completed confirmation leaves after `SUCCESS_DISPLAY_MS` (`closes: 'after-display'`) or when the user closes it;
 * - `presentation.ready` (the wallet's recovery) runs first; while it runs, a request bound for the modal counts in
 *   `confirmationsComing`, so a screen answering that recovery (the MFA code, the password) waits for its confirmation
 *   instead of closing the modal under it;
 * - a kind that names a funding request for its shortfall gets `addFunds()`: a funding session for the confirmation
 *   (`forConfirmation`), after which the kind prepares the confirmation again.
 */
import type { TesseraError } from '../errors/base-error.js'
import { toTesseraError } from '../errors/client-errors.js'
import type { FundingSessionOptions, FundWalletInput } from '../funding/types.js'
import type { Store } from '../utils/store.js'
import { ProviderRpcError } from '../wallets/embedded/provider-rpc-error.js'
import type { EmbeddedWalletsState } from '../wallets/embedded/types.js'
import type { Confirmation, ConfirmationOptions } from './types.js'

/** How long a success shows before a self-closing confirmation leaves the queue. */
export const SUCCESS_DISPLAY_MS = 1_500

export const userRejectedRequestError = () => new ProviderRpcError(4001, 'The user rejected the request.')

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
type QueueOwned = 'id' | 'status' | 'error' | 'reject' | 'position' | 'inline' | 'addFunds'

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

export function createConfirmationQueue(deps: ConfirmationQueueDeps): ConfirmationQueue {
  const { state } = deps
  let sequence = 0
  const pending = new Map<string, (error: unknown) => void>()
  /** The Ethereum transactions queued together: each shows ' (i / n)' over the batch until all of them left. */
  let batch: string[] = []

  const confirmations = () => state.get().confirmations ?? []
  const setConfirmations = (change: (list: Confirmation[]) => Confirmation[]) => state.update((current) => ({ ...current, confirmations: change(current.confirmations ?? []) }))
  const find = (id: string) => confirmations().find((confirmation) => confirmation.id === id)

  function replace(id: string, patch: object) {
    setConfirmations((list) => list.map((confirmation) => (confirmation.id === id ? ({ ...confirmation, ...patch } as Confirmation) : confirmation)))
  }

  function remove(id: string) {
    pending.delete(id)
    setConfirmations((list) => list.filter((confirmation) => confirmation.id !== id))
    if (!confirmations().some((confirmation) => batch.includes(confirmation.id))) batch = []
  }

  function joinBatch(id: string) {
    batch.push(id)
    const total = batch.length
    setConfirmations((list) =>
      list.map((confirmation) => (confirmation.kind === 'ethereum-transaction' && batch.includes(confirmation.id) ? { ...confirmation, position: { index: batch.indexOf(confirmation.id) + 1, total } } : confirmation)),
    )
  }

  const countComing = (change: number) => state.update((current) => ({ ...current, confirmationsComing: (current.confirmationsComing ?? 0) + change }))

  async function enqueue<C extends Confirmation, R>(controller: ConfirmationController<C, R>, presentation: ConfirmationPresentation = {}): Promise<R> {
    const inline = presentation.options?.inline ?? false
    // An inline element is the UI itself: only the call's own `showWalletUIs: false` skips it.
    if (!(presentation.showWalletUIs ?? (inline || deps.showWalletUIs()))) {
      await presentation.ready?.()
      return controller.headless()
    }
    if (!presentation.ready) return show(controller, inline, presentation)
    if (!inline) countComing(1)
    let shown: Promise<R>
    try {
      await presentation.ready()
      shown = show(controller, inline, presentation)
    } finally {
      // After the confirmation joined the queue: no moment shows neither.
      if (!inline) countComing(-1)
    }
    return shown
  }

  function show<C extends Confirmation, R>(controller: ConfirmationController<C, R>, inline: boolean, presentation: ConfirmationPresentation): Promise<R> {
    const id = presentation.options?.id ?? `confirmation-${++sequence}`
    let settle!: { resolve(value: R): void; reject(error: unknown): void }
    const result = new Promise<R>((resolve, reject) => (settle = { resolve, reject }))
    const entry: ConfirmationEntry<C, R> = {
      id,
      current: () => find(id) as C,
      update: (patch) => void (find(id) && replace(id, patch)),
      complete(value, patch, closes) {
        if (!find(id)) return
        replace(id, { ...patch, status: 'complete', error: null })
        pending.delete(id)
        settle.resolve(value)
        if (closes === 'after-display') setTimeout(() => remove(id), deps.successDisplayMs ?? SUCCESS_DISPLAY_MS)
      },
      fail: (error, patch) => void (find(id) && replace(id, { ...patch, status: 'error', error })),
    }
    const { approve, ...fields } = controller.create(entry) as Omit<C, QueueOwned>
    const confirmation = {
      ...fields,
      id,
      status: controller.initialStatus,
      error: null,
      approve: () => void (find(id)?.status === 'ready' && approve()),
      reject() {
        const current = find(id)
        if (!current || current.status === 'submitting') return
        if (current.status !== 'complete') settle.reject(current.status === 'error' && current.error ? current.error : userRejectedRequestError())
        remove(id)
      },
      ...(inline && { inline }),
      ...(fields.kind === 'ethereum-transaction' && { position: { index: 1, total: 1 } }),
      ...(controller.fundingRequest && { addFunds: () => addFunds(controller, entry, inline) }),
    } as unknown as Confirmation
    pending.set(id, settle.reject)
    setConfirmations((list) => [...list, confirmation])
    // Nothing shows a prompt nobody heard: the request runs as if wallet UIs were off.
    if (!inline && !deps.announce?.()) {
      remove(id)
      return controller.headless()
    }
    if (confirmation.kind === 'ethereum-transaction' && !confirmation.userOperation) joinBatch(id)
    controller.start?.(entry)
    return result
  }

  /** The session ends (funded or left): the kind reads the balance again, if the confirmation still waits. */
  function addFunds<C extends Confirmation, R>(controller: ConfirmationController<C, R>, entry: ConfirmationEntry<C, R>, inline: boolean) {
    const request = find(entry.id)?.status === 'ready' ? controller.fundingRequest?.(entry) : null
    if (!request || !deps.fundWallet) return
    deps.fundWallet(request, { forConfirmation: entry.id, ...(inline && { inline }) }).then(
      () => void (find(entry.id)?.status === 'ready' && controller.refresh?.(entry)),
      (error: unknown) => entry.update({ error: toTesseraError(error) } as Partial<C>),
    )
  }

  return {
    enqueue,
    clear() {
      for (const reject of pending.values()) reject(userRejectedRequestError())
      pending.clear()
      batch = []
      if (confirmations().length) setConfirmations(() => [])
    },
  }
}
