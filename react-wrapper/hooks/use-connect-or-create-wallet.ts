import { useCallback, useEffect, useRef } from 'react'
import type { ConnectedWallet, EmbeddedWallet, TesseraClient, TesseraError, Unsubscribe } from '../../src/core/index.js'
import { useTesseraContext } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'

export interface UseConnectOrCreateWalletCallbacks {
  /** The wallet the user signed in or linked with, or the embedded wallet just created. */
  onSuccess?(detail: { wallet: ConnectedWallet | EmbeddedWallet }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

/** Signed out: sign in with a wallet; signed in without an embedded Ethereum wallet: create it; with one: connect another. */
export type ConnectOrCreateStep = 'sign-in' | 'create' | 'connect'

export function connectOrCreateStep(client: TesseraClient): ConnectOrCreateStep {
  const { user } = client.getAuth()
  if (!user) return 'sign-in'
  const hasEmbedded = user.linkedAccounts.some((account) => account.type === 'wallet' && account.chainType === 'ethereum' && account.connectorType === 'embedded')
  return hasEmbedded ? 'connect' : 'create'
}

/** Reports the external wallet of the next wallet sign-in or link (SIWE or SIWS) through the modal. */
export function onNextWalletAccount(client: TesseraClient, report: (wallet: ConnectedWallet) => void): Unsubscribe {
  const connectedWith = (address: string) => client.wallets.getConnected().find((wallet) => wallet.address.toLowerCase() === address.toLowerCase())
  const walletOf = (addresses: string[]) => addresses.map(connectedWith).find((wallet) => wallet !== undefined)
  const isWalletMethod = (method: string) => method === 'siwe' || method === 'siws'
  const stops = [
    client.on('login', ({ user, loginMethod }) => {
      const wallet = isWalletMethod(loginMethod) ? walletOf(user.linkedAccounts.flatMap((account) => (account.type === 'wallet' ? [account.address] : []))) : undefined
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

/**
 * `connectOrCreateWallet()` (the reference SDK's `useConnectOrCreateWallet`): signed out, the modal opens on the
 * wallet sign-in; signed in without an embedded Ethereum wallet, one is created; with one, the modal opens to
 * connect (link) an external wallet. `onSuccess` gets the wallet.
 */
export function useConnectOrCreateWallet(callbacks: UseConnectOrCreateWalletCallbacks = {}): { connectOrCreateWallet(): void } {
  const { client, openModal } = useTesseraContext()
  const latest = useLatest(callbacks)
  const waiting = useRef<Unsubscribe | null>(null)
  useEffect(() => () => waiting.current?.(), [])
  const connectOrCreateWallet = useCallback(() => {
    waiting.current?.()
    const step = connectOrCreateStep(client)
    if (step === 'create') {
      void client.embeddedWallets.create().then(
        (wallet) => latest.current.onSuccess?.({ wallet }),
        (error: unknown) => reportOrThrow(error, latest.current.onError),
      )
      return
    }
    waiting.current = onNextWalletAccount(client, (wallet) => latest.current.onSuccess?.({ wallet }))
    openModal(step === 'sign-in' ? { intent: 'login', loginMethods: ['wallet'] } : { intent: 'link', method: 'wallet' })
  }, [client, openModal, latest])
  return { connectOrCreateWallet }
}
