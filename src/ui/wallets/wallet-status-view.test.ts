import { describe, expect, it } from 'vitest'
import { TesseraError, type WalletFlowState } from '../../core/index.js'
// The core's own wallet errors: the screens must read exactly what the core raises.
import { initialWalletFlowState } from '../../core/wallets/flow-state.js'
import { toWalletError, walletConnectionError, walletRejectedError, walletTimedOutError } from '../../core/wallets/errors.js'
import { WALLET_RETRY_CAP, walletErrorView, walletStatusCopy, walletStatusStep } from './wallet-status-view.js'

const flow = (change: Partial<WalletFlowState>): WalletFlowState => ({
  ...initialWalletFlowState,
  ...change,
})

describe('walletStatusStep (wallet spec, "Screens and routes": status titles)', () => {
  it('walks waiting, switching, sign, signing and success', () => {
    expect(walletStatusStep(flow({ status: 'initial' })), 'opened in the click, before the flow reports').toBe('waiting')
    expect(walletStatusStep(flow({ status: 'connecting', connection: 'connecting' }))).toBe('waiting')
    expect(walletStatusStep(flow({ status: 'connecting', connection: 'switching_to_supported_chain' }))).toBe('switching')
    expect(walletStatusStep(flow({ status: 'connected', connection: 'connected' }))).toBe('sign')
    expect(walletStatusStep(flow({ status: 'awaiting-signature' }))).toBe('sign')
    expect(walletStatusStep(flow({ status: 'submitting-signature' }))).toBe('signing')
    expect(walletStatusStep(flow({ status: 'done' }))).toBe('success')
    expect(walletStatusStep(flow({ status: 'error' }))).toBe('error')
  })

  it('shows the QR while a WalletConnect pairing waits', () => {
    expect(walletStatusStep(flow({ status: 'connecting', walletConnectUri: 'wc:abc@2' }))).toBe('qr')
  })

  it("words the steps with the spec's titles; mobile reads 'Go to {wallet}' instead of the QR title", () => {
    const desktop = { mobile: false, pendingRequest: false }
    expect(walletStatusCopy('waiting', desktop)).toEqual({ title: 'wallets.status.waiting', hint: 'wallets.status.waiting.hint' })
    expect(walletStatusCopy('waiting', { ...desktop, pendingRequest: true }).hint).toBe('wallets.status.pending')
    expect(walletStatusCopy('qr', desktop).title).toBe('wallets.qr.title')
    expect(walletStatusCopy('qr', { ...desktop, mobile: true }).title).toBe('wallets.mobile.title')
    expect(walletStatusCopy('success', desktop).title).toBe('wallets.status.success')
  })
})

describe('walletErrorView (sign-in spec, "States and transitions": "Wallet errors"; "The error catalogue")', () => {
  it('offers Try again for a retryable error while fewer than 2 attempts failed', () => {
    expect(WALLET_RETRY_CAP).toBe(2)
    const timedOut = walletTimedOutError()
    expect(walletErrorView(flow({ error: timedOut, retries: 1 }))).toEqual({
      message: 'wallets.error.timed_out',
      detail: 'wallets.error.timed_out.detail',
      retry: true,
      differentWallet: false,
    })
    expect(walletErrorView(flow({ error: timedOut, retries: 2 })).retry).toBe(false)
    expect(walletErrorView(flow({ error: walletConnectionError(new Error('boom')), retries: 1 })).message).toBe('wallets.error.connection')
  })

  it('a rejected signature reads "Signature rejected"; a rejected connection has no hint', () => {
    expect(walletErrorView(flow({ error: walletRejectedError(true), address: '0xabc', retries: 1 }))).toMatchObject({
      message: 'wallets.error.rejected',
      detail: 'wallets.error.rejected.signature',
      retry: true,
    })
    expect(walletErrorView(flow({ error: walletRejectedError(false), retries: 1 })).detail).toBeNull()
  })

  it("an address of another user: 'User already exists for this address', no retry, 'Use a different wallet'", () => {
    const linked = toWalletError(new TesseraError({ code: 'linked_to_another_user', shortMessage: 'Linked elsewhere', status: 400 }))
    expect(walletErrorView(flow({ error: linked, retries: 1 }))).toEqual({
      message: 'wallets.error.user_exists',
      detail: 'wallets.error.user_exists.detail',
      retry: false,
      differentWallet: true,
    })
  })

  it('a transfer offer for a wallet reads as the address of another user', () => {
    const offer = toWalletError(new TesseraError({ code: 'account_transfer_required', shortMessage: 'Transfer', status: 400, data: { nonce: 'n' } }))
    expect(walletErrorView(flow({ error: offer, intent: 'link', retries: 1 }))).toMatchObject({
      message: 'wallets.error.user_exists',
      retry: false,
      differentWallet: true,
    })
  })

  it("'Unable to link' at the linked-wallet limit is not retryable", () => {
    const limit = toWalletError(new TesseraError({ code: 'cannot_link_more_of_type', shortMessage: 'Limit', status: 400 }))
    expect(walletErrorView(flow({ error: limit, intent: 'link', retries: 1 }))).toMatchObject({
      message: 'wallets.error.unable_to_link',
      detail: 'wallets.error.unable_to_link.detail',
      retry: false,
    })
  })

  it("the connect-only (link) variant offers 'Use a different wallet' after 2 failed attempts; sign-in does not", () => {
    const failed = walletConnectionError(new Error('boom'))
    expect(walletErrorView(flow({ error: failed, intent: 'link', retries: 1 })).differentWallet).toBe(false)
    expect(walletErrorView(flow({ error: failed, intent: 'link', retries: 2 })).differentWallet).toBe(true)
    expect(walletErrorView(flow({ error: failed, intent: 'connect', retries: 2 })).differentWallet).toBe(true)
    expect(walletErrorView(flow({ error: failed, intent: 'login', retries: 2 }))).toMatchObject({ retry: false, differentWallet: false })
  })
})
