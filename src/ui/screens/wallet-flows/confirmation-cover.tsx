import { lazy, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { ModalContext, useModal } from '../../modal-context.js'

const TransactionView = lazy(() => import('../transactions/transaction-view.js').then(({ TransactionView }) => ({ default: TransactionView })))

/**
 * A signature or transaction requested while another wallet flow is open (the modal answers its 'transaction:confirm'
 * prompt in place) covers the flow's step until the user has answered it; the step stays mounted underneath. A step
 * that finishes by closing the modal (a recovery the request waited for) closes it only once nothing covers it.
 */
export function ConfirmationCover({ children }: { children: ReactNode }) {
  const modal = useModal()
  const { client, standalone, close } = modal
  const waiting = useSyncExternalStore(
    (onChange) => client.embeddedWallets.watchState(() => onChange()),
    () => (client.embeddedWallets.getState().confirmations ?? []).some((confirmation) => !confirmation.inline),
  )
  const [closeAsked, setCloseAsked] = useState(false)
  // A task later: the request the step's work released (a recovered wallet's signature) is queued by then.
  const closeWhenUncovered = useCallback(() => void setTimeout(() => setCloseAsked(true)), [])
  useEffect(() => {
    if (closeAsked && !waiting) close()
  }, [closeAsked, waiting, close])
  const stepModal = useMemo(() => ({ ...modal, close: closeWhenUncovered }), [modal, closeWhenUncovered])
  return (
    <>
      {waiting && <TransactionView client={client} standalone={standalone} />}
      <div style={{ display: waiting ? 'none' : 'contents' }} aria-hidden={waiting || undefined}>
        <ModalContext.Provider value={stepModal}>{children}</ModalContext.Provider>
      </div>
    </>
  )
}
