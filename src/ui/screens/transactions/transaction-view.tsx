/**
 * The confirmation queue on screen (funding spec, "Screens and routes" and "States and transitions"): reads `embeddedWallets` state's `confirmations`, shows one
 * (pickConfirmation) and routes it to its screen. Used by `<auth-modal>`'s 'transaction:confirm' and standalone by
 * `<confirm-tx>` (`inlineId`). Leaving (closing the modal, removing the element) rejects what is still queued for
 * it; after success that only takes it off the queue. While a funding session opened by the shown confirmation's
 * 'Add funds' is open, its screens cover the confirmation, which shows again when the session ends.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, type RefObject } from 'react'
import type { Confirmation, TesseraClient } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
import { focusableWithin } from '../../primitives/focusable-within.js'
import { useShownItem } from '../../primitives/use-shown-item.js'
import { useConfigState } from '../../client-slices/config.js'
import { useSlice } from '../../client-slices/use-slice.js'
import { useFundingSessions } from '../funding/use-funding-sessions.js'
import { FundingAvailable } from './confirmation-actions.js'
import { EthereumTransactionScreen } from './ethereum-transaction-screen.js'
import { pickConfirmation } from './pick-confirmation.js'
import type { ScreenProps } from './screen-props.js'
import { SignMessageScreen } from './sign-message-screen.js'
import { SolanaTransactionScreen } from './solana-transaction-screen.js'
import { Spinner } from './summary-rows.js'

// The funding screens load with the first 'Add funds', never with the confirmations.
const FundingView = lazy(() => import('../funding/funding-view.js').then(({ FundingView }) => ({ default: FundingView })))

const none: readonly Confirmation[] = []

export interface TransactionViewProps {
  client: TesseraClient
  standalone: boolean
  /** `<confirm-tx>`: the id of the confirmation it started. */
  inlineId?: string | undefined
  /** The modal's close; called too when nothing is left to confirm. */
  onClose?: (() => void) | undefined
}

/** Back from a funding session: the confirmation's enabled main button (else its first control) takes the focus. */
function useFocusAfterFunding(container: RefObject<HTMLElement | null>, covered: boolean): void {
  const wasCovered = useRef(false)
  useEffect(() => {
    if (covered || !wasCovered.current) {
      wasCovered.current = covered
      return
    }
    wasCovered.current = false
    const view = container.current
    if (!view) return
    const target = view.querySelector<HTMLElement>('[part~="submit-button"]:not([disabled])') ?? focusableWithin(view)[0]
    target?.focus()
  }, [container, covered])
}

export function TransactionView({ client, standalone, inlineId, onClose }: TransactionViewProps) {
  const t = useT()
  const queue = useSlice(
    (onChange) => client.embeddedWallets.watchState(onChange),
    () => client.embeddedWallets.getState().confirmations ?? none,
  )
  const { appName, fundingConfig } = useConfigState(client).config
  const fundingSessions = useFundingSessions(client)
  // Nothing left: the modal closes (the element keeps its empty panel until the next transaction).
  const { shown, setShownId } = useShownItem((shownId) => pickConfirmation(queue, shownId, inlineId).shown, onClose)
  const { candidates } = pickConfirmation(queue, null, inlineId)
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
  }, [shown, setShownId])
  const container = useRef<HTMLDivElement>(null)
  const coveredByFunding = Boolean(shown && fundingSessions.some((session) => session.forConfirmation === shown.id))
  useFocusAfterFunding(container, coveredByFunding)

  if (!shown) return null
  const props = { app: appName || t('tx.thisApp'), standalone, onClose, dismiss }
  return (
    <div ref={container} style={{ display: 'contents' }}>
      {coveredByFunding ? (
        <Suspense fallback={<Spinner label={t('modal.loading')} />}>
          <FundingView client={client} standalone={standalone} forConfirmation={shown.id} onClose={onClose} />
        </Suspense>
      ) : (
        <FundingAvailable.Provider value={Boolean(fundingConfig?.options.length)}>
          <ConfirmationScreen shown={shown} candidates={candidates} props={props} show={setShownId} />
        </FundingAvailable.Provider>
      )}
    </div>
  )
}

function ConfirmationScreen({
  shown,
  candidates,
  props,
  show,
}: {
  shown: Confirmation
  candidates: Confirmation[]
  props: Omit<ScreenProps, 'confirmation'>
  show(id: string): void
}) {
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
      previous={previous && (() => show(previous.id))}
      next={next && (() => show(next.id))}
    />
  )
}
