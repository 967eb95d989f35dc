/**
 * The confirmation queue on screen (document 3 §2, §4): reads `embeddedWallets` state's `confirmations`, shows one
 * (pickConfirmation) and routes it to its screen. Used by `<auth-modal>`'s 'transaction:confirm' and standalone by
 * `<confirm-tx>` (`inlineId`). Leaving (closing the modal, removing the element) rejects what is still queued for
 * it; after success that only takes it off the queue.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { Confirmation, TesseraClient } from '../../../core/index.js'
import { t } from '../../copy/transactions.js'
import { useConfigState } from '../../use-client-state.js'
import { EthereumTransactionScreen } from './ethereum-transaction-screen.js'
import { pickConfirmation } from './pick-confirmation.js'
import { SignMessageScreen } from './sign-message-screen.js'
import { SolanaTransactionScreen } from './solana-transaction-screen.js'

const none: readonly Confirmation[] = []

export interface TransactionViewProps {
  client: TesseraClient
  standalone: boolean
  /** `<confirm-tx>`: the id of the confirmation it started. */
  inlineId?: string | undefined
  /** The modal's close; called too when nothing is left to confirm. */
  onClose?: (() => void) | undefined
}

export function TransactionView({ client, standalone, inlineId, onClose }: TransactionViewProps) {
  const queue = useSyncExternalStore(
    (onChange) => client.embeddedWallets.watchState(() => onChange()),
    () => client.embeddedWallets.getState().confirmations ?? none,
  )
  const { appName } = useConfigState(client).config
  const [shownId, setShownId] = useState<string | null>(null)
  const { shown, candidates } = pickConfirmation(queue, shownId, inlineId)

  useEffect(() => {
    if (shown && shown.id !== shownId) setShownId(shown.id)
  }, [shown, shownId])
  // Nothing left: the modal closes (the element keeps its empty panel until the next transaction).
  // Only after showing one: a view mounted over an empty queue (the modal reopening on another screen renders the last
  // one first) must not close what was just opened.
  const showedOne = useRef(false)
  useEffect(() => {
    if (shown) showedOne.current = true
    else if (showedOne.current) onClose?.()
  }, [shown, onClose])
  // Unmounted (the modal closed, the element left the page): what is still queued for this view is rejected.
  useEffect(
    () => () => {
      for (const confirmation of pickConfirmation(client.embeddedWallets.getState().confirmations ?? none, null, inlineId).candidates) confirmation.reject()
    },
    [client, inlineId],
  )

  const dismiss = useCallback(() => {
    shown?.reject()
    setShownId(null)
  }, [shown])

  if (!shown) return null
  const props = { app: appName || t('tx.thisApp'), standalone, onClose, dismiss }
  if (shown.kind === 'sign-message') return <SignMessageScreen key={shown.id} confirmation={shown} {...props} />
  if (shown.kind === 'solana-transaction') return <SolanaTransactionScreen key={shown.id} confirmation={shown} {...props} />
  // Back and next move between the queued Ethereum transactions that still wait.
  const batch = candidates.filter((candidate) => candidate.kind === 'ethereum-transaction' && candidate.status !== 'complete')
  const at = batch.indexOf(shown)
  const previous = at > 0 ? batch[at - 1] : undefined
  const next = at >= 0 && at < batch.length - 1 ? batch[at + 1] : undefined
  return (
    <EthereumTransactionScreen
      key={shown.id}
      confirmation={shown}
      {...props}
      previous={previous && (() => setShownId(previous.id))}
      next={next && (() => setShownId(next.id))}
    />
  )
}
