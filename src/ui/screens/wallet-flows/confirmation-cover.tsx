import { lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useSlice } from '../../client-slices/use-slice.js'
import { ModalContext, useModal } from '../../modal-context.js'

const TransactionView = lazy(() => import('../transactions/transaction-view.js').then(({ TransactionView }) => ({ default: TransactionView })))

/**
 * A signature or transaction requested while another wallet flow is open (the modal answers its 'transaction:confirm'
 * prompt in place) covers the flow's step until the user has answered it; the step stays mounted underneath. A step
 * that finishes by closing the modal (a recovery the request waited for) closes it only once nothing covers it and no
 * request is still on its way to a confirmation.
 */
export function ConfirmationCover({ children }: { children: ReactNode }) {
  const modal = useModal()
  const { client, standalone, close } = modal
  const watch = useCallback((onChange: () => void) => client.embeddedWallets.watchState(onChange), [client])
  const waiting = useSlice(watch, () => (client.embeddedWallets.getState().confirmations ?? []).some((confirmation) => !confirmation.inline))
  // A request still recovering its wallet (the step's own work: the MFA code, the password) shows its confirmation next.
  const coming = useSlice(watch, () => (client.embeddedWallets.getState().confirmationsComing ?? 0) > 0)
  const [closeAsked, setCloseAsked] = useState(false)
  const closeWhenUncovered = useCallback(() => setCloseAsked(true), [])
  useEffect(() => {
    if (closeAsked && !waiting && !coming) close()
  }, [closeAsked, waiting, coming, close])
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
