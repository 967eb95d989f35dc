import { useCallback, useEffect, useRef } from 'react'
import { TesseraError, type ConnectedWallet, type EmbeddedWallet, type TesseraClient, type Unsubscribe } from '../../src/core/index.js'
import { useTesseraContext } from '../context.js'
import type { AuthModalElement } from '../../elements/index.js'
import { useLatest } from './latest.js'
import { watchModalOpen } from './use-modal-status.js'

export interface UseConnectOrCreateWalletCallbacks {
  /** The wallet the user signed in or linked with, or the embedded wallet just created. */
  onSuccess?(detail: { wallet: ConnectedWallet | EmbeddedWallet }): void
  /** The modal closed before it ended with a wallet ('User exited before wallet could be connected'). */
  onError?(error: TesseraError): void
}

/** Reports the external wallet of the next wallet sign-in or link (SIWE or SIWS) through the modal. */
export function onNextWalletAccount(client: TesseraClient, report: (wallet: ConnectedWallet) => void): Unsubscribe {
  const connectedWith = (address: string) => client.wallets.getConnected().find((wallet) => wallet.address.toLowerCase() === address.toLowerCase())
  const walletOf = (addresses: string[]) => addresses.map(connectedWith).find((wallet) => wallet !== undefined)
  const isWalletMethod = (method: string) => method === 'siwe' || method === 'siws'
  const stops = [
    client.on('login', ({ user, loginMethod }) => {
      const wallet = isWalletMethod(loginMethod)
        ? walletOf(user.linkedAccounts.flatMap((account) => (account.type === 'wallet' ? [account.address] : [])))
        : undefined
      if (wallet) finish(wallet)
    }),
    client.on('link', ({ linkMethod, linkedAccount }) => {
      const wallet = isWalletMethod(linkMethod) && linkedAccount?.type === 'wallet' ? connectedWith(linkedAccount.address) : undefined
      if (wallet) finish(wallet)
    }),
  ]
  const stop = () => stops.forEach((off) => off())
  function finish(wallet: ConnectedWallet) {
    stop()
    report(wallet)
  }
  return stop
}

/** Reports the embedded Ethereum wallet the user gets next (created through the modal's choice). */
export function onNextEmbeddedWallet(client: TesseraClient, report: (wallet: EmbeddedWallet) => void): Unsubscribe {
  const ethereum = () => client.embeddedWallets.getState().wallets.filter((wallet) => wallet.chainType === 'ethereum')
  const before = new Set(ethereum().map((wallet) => wallet.address))
  const stop = client.embeddedWallets.watchState(() => {
    const created = ethereum().find((wallet) => !before.has(wallet.address))
    if (!created) return
    stop()
    report(created)
  })
  return stop
}

/** The words of the wallet spec, "The error catalogue", for a modal closed before it ended with a wallet. */
const exitedError = (signedIn: boolean) =>
  new TesseraError({ code: signedIn ? 'exited_link_flow' : 'exited_auth_flow', shortMessage: 'User exited before wallet could be connected' })

export interface ConnectOrCreateOutcome {
  succeeded(wallet: ConnectedWallet | EmbeddedWallet): void
  exited(error: TesseraError): void
}

/**
 * Opens the modal on its connect-or-create intent and reports the wallet it ends with (the external wallet signed in
 * or linked with, or the embedded wallet created), or that the modal closed first. Reports once.
 */
export function connectOrCreateWallet(client: TesseraClient, modal: AuthModalElement | null, open: () => void, outcome: ConnectOrCreateOutcome): Unsubscribe {
  const signedIn = client.getAuth().status === 'authenticated'
  const finish = (wallet: ConnectedWallet | EmbeddedWallet) => {
    stop()
    outcome.succeeded(wallet)
  }
  const stops = [onNextWalletAccount(client, finish), onNextEmbeddedWallet(client, finish)]
  const stop = () => stops.splice(0).forEach((off) => off())
  open()
  // Watched after the opening: the modal's own closing is the exit (a wallet reported first has stopped this).
  stops.push(
    watchModalOpen(modal, () => {
      if (modal?.hasAttribute('open')) return
      stop()
      outcome.exited(exitedError(signedIn))
    }),
  )
  return stop
}

/**
 * `connectOrCreateWallet()` (the reference SDK's `useConnectOrCreateWallet`): opens the modal's connect-or-create
 * intent (signed out, the wallet sign-in; signed in without an embedded Ethereum wallet, connecting an external
 * wallet or creating the embedded one; with one, linking an external wallet). `onSuccess` gets the wallet.
 */
export function useConnectOrCreateWallet(callbacks: UseConnectOrCreateWalletCallbacks = {}): { connectOrCreateWallet(): void } {
  const { client, openModal, modal } = useTesseraContext()
  const latest = useLatest(callbacks)
  const waiting = useRef<Unsubscribe | null>(null)
  useEffect(() => () => waiting.current?.(), [])
  const start = useCallback(() => {
    waiting.current?.()
    waiting.current = connectOrCreateWallet(client, modal, () => openModal({ intent: 'connect-or-create' }), {
      succeeded: (wallet) => latest.current.onSuccess?.({ wallet }),
      exited: (error) => latest.current.onError?.(error),
    })
  }, [client, modal, openModal, latest])
  return { connectOrCreateWallet: start }
}
