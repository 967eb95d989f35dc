import { walletErrorKind, type WalletErrorKind, type WalletFlowState } from '../../core/index.js'
import type { WalletCopyKey } from '../copy/wallets.js'

/** Wallet spec, "Business constants and limits": "Wallet connect retry cap": retry is offered while fewer than 2 attempts failed. */
export const WALLET_RETRY_CAP = 2

/** What the status screen shows for a flow state (wallet spec, "Screens and routes": "Wallet connection status titles"). */
export type WalletStatusStep = 'qr' | 'waiting' | 'switching' | 'sign' | 'signing' | 'success' | 'error'

export function walletStatusStep(flow: Pick<WalletFlowState, 'status' | 'connection' | 'walletConnectUri'>): WalletStatusStep {
  switch (flow.status) {
    // The screen opens in the click that starts the connection, a moment before the flow reports it.
    case 'initial':
    case 'connecting':
      if (flow.connection === 'switching_to_supported_chain') return 'switching'
      return flow.walletConnectUri ? 'qr' : 'waiting'
    case 'connected':
      return flow.connection === 'switching_to_supported_chain' ? 'switching' : 'sign'
    case 'generating-message':
    case 'awaiting-signature':
      return 'sign'
    case 'submitting-signature':
      return 'signing'
    case 'done':
      return 'success'
    case 'error':
      return 'error'
  }
}

export interface WalletStatusCopy {
  title: WalletCopyKey
  hint: WalletCopyKey | null
}

/** Title and hint per step; a WalletConnect pairing reads 'Go to {wallet}' on mobile, where the QR cannot be scanned. */
export function walletStatusCopy(step: Exclude<WalletStatusStep, 'error'>, options: { mobile: boolean; pendingRequest: boolean }): WalletStatusCopy {
  switch (step) {
    case 'qr':
      return options.mobile ? { title: 'wallets.mobile.title', hint: null } : { title: 'wallets.qr.title', hint: null }
    case 'waiting':
      return { title: 'wallets.status.waiting', hint: options.pendingRequest ? 'wallets.status.pending' : 'wallets.status.waiting.hint' }
    case 'switching':
      return { title: 'wallets.status.switching', hint: null }
    case 'sign':
      return { title: 'wallets.status.sign', hint: options.pendingRequest ? 'wallets.status.pending' : 'wallets.status.sign.hint' }
    case 'signing':
      return { title: 'wallets.status.signing', hint: null }
    case 'success':
      return { title: 'wallets.status.success', hint: null }
  }
}

export interface WalletErrorView {
  message: WalletCopyKey
  detail: WalletCopyKey | null
  /** 'Try again': only for a retryable error with fewer than 2 failed attempts. */
  retry: boolean
  /** 'Use a different wallet': the address belongs to another user, or a link (connect-only) ran out of retries. */
  differentWallet: boolean
}

const details: Partial<Record<WalletErrorKind, WalletCopyKey>> = {
  user_exists: 'wallets.error.user_exists.detail',
  timed_out: 'wallets.error.timed_out.detail',
  unable_to_link: 'wallets.error.unable_to_link.detail',
}

/** Sign-in spec, "States and transitions": "Wallet errors"; "The error catalogue": "Wallet login errors". */
export function walletErrorView(flow: Pick<WalletFlowState, 'error' | 'retries' | 'intent' | 'address'>): WalletErrorView {
  // A transfer offer for a wallet cannot be taken up here, so it reads as the address belonging to another user.
  const kind = walletErrorKind(flow.error) ?? (flow.error?.code === 'account_transfer_required' ? 'user_exists' : 'connection')
  const retry = (flow.error?.retryable ?? true) && flow.retries < WALLET_RETRY_CAP
  // A rejection after the wallet connected was the signature request.
  const detail = kind === 'rejected' ? (flow.address ? 'wallets.error.rejected.signature' : null) : (details[kind] ?? null)
  const differentWallet = kind === 'user_exists' || (flow.intent !== 'login' && flow.retries >= WALLET_RETRY_CAP)
  return { message: `wallets.error.${kind}`, detail, retry, differentWallet }
}
