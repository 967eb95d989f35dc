/**
 * What the password and recovery screens share: who started the flow, whether it creates wallets or sets a password
 * on them (or resets it), how success is told.
 */
import type { CloudRecoveryProvider, EmbeddedWallet, EmbeddedWalletsState, User } from '../../../core/index.js'
import type { ModalRequest } from '../../modal-context.js'

/**
 * An automatic flow (opened by the client when the wallet needs the user, not by a click of the user's): no Cancel on
 * the acknowledgement, and the done screen closes itself. Requests carry `automatic: true` for that.
 */
export const startedAutomatically = (request: ModalRequest): boolean => request.intent === 'wallet' && request.automatic === true

/** The wallets the flow is about: the request's wallet's share set, or all of the user's. */
export function walletsOfRequest(request: ModalRequest, wallets: EmbeddedWallet[]): EmbeddedWallet[] {
  const address = request.intent === 'wallet' ? request.address?.toLowerCase() : undefined
  if (address === undefined) return wallets
  const entropyId = wallets.find((wallet) => wallet.address.toLowerCase() === address)?.entropyId
  return wallets.filter((wallet) => wallet.entropyId === entropyId)
}

/**
 * 'create': a login's creation waits for the password the app requires (wallet spec, "States and transitions": "Password wizard",
 * create-with-password), and 'Set Password' creates the login's wallets with it; 'set': it goes on existing wallets.
 */
export type PasswordFlowMode = 'create' | 'set'

/** Taken once, as the flow opens: the creation it starts moves the state on. */
export const passwordFlowModeOf = (state: EmbeddedWalletsState): PasswordFlowMode => (awaitsRecoveryToCreate(state) ? 'create' : 'set')

/** A login's creation waits for the user-owned recovery the app requires (`creating`, no chain yet): a password or a cloud backup. */
export const awaitsRecoveryToCreate = (state: EmbeddedWalletsState): boolean => state.status === 'creating' && state.creating === null

/** `setRecovery`'s options: only the request's wallet's share set when the request names one. */
export const recoveryOptionsOf = (request: ModalRequest): { address?: string } =>
  request.intent === 'wallet' && request.address ? { address: request.address } : {}

/** 'Reset your password' instead of 'Set your password': the wallets use a password already. */
export const isResetting = (wallets: EmbeddedWallet[]): boolean => wallets.some((wallet) => wallet.recoveryMethod === 'user-passcode')

/** The event `useSetWalletPassword` and `useSetWalletRecovery` wait for: bubbles out of the modal's shadow root to `<auth-modal>`. */
export const WALLET_RECOVERY_SET_EVENT = 'walletrecoveryset'
export interface WalletRecoverySetDetail {
  user: User
  recoveryMethod: 'user-passcode' | 'privy' | CloudRecoveryProvider
}

export function announceRecoverySet(from: Element | null, detail: WalletRecoverySetDetail): void {
  from?.dispatchEvent(new CustomEvent<WalletRecoverySetDetail>(WALLET_RECOVERY_SET_EVENT, { bubbles: true, composed: true, detail }))
}
