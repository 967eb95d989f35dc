import { useCallback, useEffect, useRef } from 'react'
import { TesseraError, type User } from '../../src/core/index.js'
import { useTesseraContext } from '../context.js'
import { createWalletRecoveryFlow, type WalletRecoveryScreen } from './wallet-recovery-flow.js'

/** Starts a recovery flow in the provider's modal; one flow at a time per hook. */
export function useWalletRecoveryFlow(screen: WalletRecoveryScreen): (options?: { address?: string }) => Promise<{ user: User }> {
  const { client, openModal, modal } = useTesseraContext()
  const flow = useRef<ReturnType<typeof createWalletRecoveryFlow> | null>(null)
  useEffect(() => {
    if (!modal) return
    const created = createWalletRecoveryFlow({ isAuthenticated: () => client.getAuth().status === 'authenticated', open: openModal, modal })
    flow.current = created
    return () => {
      created.dispose()
      if (flow.current === created) flow.current = null
    }
  }, [client, openModal, modal])
  return useCallback(
    (options) =>
      flow.current?.start(screen, options) ??
      Promise.reject(new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'The modal is not mounted yet' })),
    [screen],
  )
}
