/**
 * The modal flows that set a wallet's recovery (`useSetWalletPassword`, `useSetWalletRecovery`): opens the modal on
 * the flow's first screen and settles when the flow reports `walletrecoveryset`, or fails when the modal closes first
 * (wallet spec, "States and transitions": 'Exited before password was added to wallet').
 */
import type { AuthModalRequest } from '../../elements/index.js'
import { TesseraError, type User } from '../../src/core/index.js'

/** The modal's event when the password or recovery method is set (bubbles out of its shadow root). */
export const WALLET_RECOVERY_SET_EVENT = 'walletrecoveryset'
export type WalletRecoveryScreen = 'password:create' | 'recovery:select'

export interface WalletRecoveryFlowDeps {
  isAuthenticated(): boolean
  open(request: AuthModalRequest): void
  /** The `<auth-modal>` element: its `walletrecoveryset` and `modalclose` events. */
  modal: EventTarget
}

export const exitedBeforeRecoverySetError = () =>
  new TesseraError({ code: 'embedded_wallet_password_unconfirmed', shortMessage: 'Exited before password was added to wallet' })

export function createWalletRecoveryFlow({ isAuthenticated, open, modal }: WalletRecoveryFlowDeps) {
  let pending: { resolve(result: { user: User }): void; reject(error: TesseraError): void } | null = null
  const settle = () => {
    const current = pending
    pending = null
    return current
  }
  const onSet = (event: Event) => settle()?.resolve({ user: (event as CustomEvent<{ user: User }>).detail.user })
  const onClose = () => settle()?.reject(exitedBeforeRecoverySetError())
  modal.addEventListener(WALLET_RECOVERY_SET_EVENT, onSet)
  modal.addEventListener('modalclose', onClose)

  return {
    start(screen: WalletRecoveryScreen, options: { address?: string } = {}): Promise<{ user: User }> {
      if (!isAuthenticated()) return Promise.reject(new TesseraError({ code: 'must_be_authenticated', shortMessage: 'User must be authenticated' }))
      // A flow started again before the first ended: the first one was left.
      settle()?.reject(exitedBeforeRecoverySetError())
      return new Promise((resolve, reject) => {
        pending = { resolve, reject }
        open({ intent: 'wallet', screen, ...(options.address ? { address: options.address } : {}) })
      })
    },
    dispose() {
      modal.removeEventListener(WALLET_RECOVERY_SET_EVENT, onSet)
      modal.removeEventListener('modalclose', onClose)
      settle()?.reject(exitedBeforeRecoverySetError())
    },
  }
}
