/**
 * `SmartWalletsProvider` and `useSmartWallets` (the reference's `smart-wallets` entry): the signed-in user's smart
 * wallet over `createSmartWallets`, inside `TesseraProvider`. `client` is the smart wallet on the app's first
 * configured chain, there once the user has an embedded Ethereum wallet; `getClientForChain` gives any other.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { createSmartWallets, type SmartWalletClient } from '../../src/core/smart-wallets/index.js'
import { useTesseraClient } from '../context.js'
import { useAuthState } from '../../elements/client-slices.js'

export interface SmartWalletsProviderProps {
  /** `paymasterContext` replaces the app's (or the funding spec's sponsored defaults) in every user operation. */
  config?: { paymasterContext?: Record<string, unknown> }
  children: ReactNode
}

export interface SmartWalletsInterface {
  client?: SmartWalletClient
  getClientForChain(chain: { id: number }): Promise<SmartWalletClient>
}

const SmartWalletsContext = createContext<SmartWalletsInterface | null>(null)

export function SmartWalletsProvider({ config, children }: SmartWalletsProviderProps) {
  const tessera = useTesseraClient()
  const { user } = useAuthState(tessera)
  const paymasterContext = config?.paymasterContext
  const smartWallets = useMemo(() => createSmartWallets(tessera, { paymasterContext }), [tessera, paymasterContext])
  const owner = user?.linkedAccounts.find((account) => account.type === 'wallet' && account.walletClientType === 'privy' && account.chainType === 'ethereum')
  const ownerAddress = owner?.type === 'wallet' ? owner.address : undefined
  const [client, setClient] = useState<SmartWalletClient | undefined>()

  useEffect(() => {
    setClient(undefined)
    if (!ownerAddress) return
    let current = true
    // Errors stay with getClientForChain's callers: a page without smart wallets simply has no client.
    smartWallets
      .getConfig()
      .then((smartConfig) => smartWallets.getClientForChain({ id: smartConfig.networks[0]!.chainId }))
      .then(
        (built) => current && setClient(built),
        () => undefined,
      )
    return () => void (current = false)
  }, [smartWallets, ownerAddress])

  const value = useMemo(() => ({ client, getClientForChain: smartWallets.getClientForChain }), [client, smartWallets])
  return <SmartWalletsContext.Provider value={value}>{children}</SmartWalletsContext.Provider>
}

export function useSmartWallets(): SmartWalletsInterface {
  const value = useContext(SmartWalletsContext)
  if (!value) throw new Error('useSmartWallets must be used inside SmartWalletsProvider')
  return value
}
