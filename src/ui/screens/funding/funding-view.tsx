/**
 * A funding session on screen (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"): reads `client.funding`'s sessions, shows one (pickSession) and
 * routes its `step` to its screen. Used by `<auth-modal>`'s 'funding:flow', over a confirmation whose 'Add funds'
 * opened a session (`forConfirmation`), and standalone by `<fund-wallet>` (`inlineId`). Leaving while the session is
 * still open (closing the modal, removing the element) ends it as the user exiting.
 */
import { useEffect, useRef, type ReactNode } from 'react'
import type { FundingStep, TesseraClient } from '../../../core/index.js'
import { useShownItem } from '../../primitives/use-shown-item.js'
import { AmountScreen } from './amount-screen.js'
import { BridgeSource } from './bridge-source.js'
import { CardStatus } from './card-status.js'
import { FundingLanding } from './funding-landing.js'
import { pickSession } from './pick-session.js'
import { ReceiveFunds } from './receive-funds.js'
import type { FundingScreenProps } from './screen-props.js'
import { TransferFromWallet } from './transfer-from-wallet.js'
import { TransferScreen } from './transfer-screen.js'
import { useFundingSessions } from './use-funding-sessions.js'
import { useScreenFocus } from './use-screen-focus.js'

export interface FundingViewProps {
  client: TesseraClient
  standalone: boolean
  /** `<fund-wallet>`: the id of the session it started. */
  inlineId?: string | undefined
  /** Shown over this confirmation, which shows again when the session ends. */
  forConfirmation?: string | undefined
  /** The modal's close (its close button); called too when the session ends, unless a confirmation is under it. */
  onClose?: (() => void) | undefined
}

/** Each step's screen (funding spec, "Screens and routes"). */
const screens: Record<FundingStep, (props: FundingScreenProps) => ReactNode> = {
  landing: FundingLanding,
  receive: ReceiveFunds,
  wallets: TransferFromWallet,
  amount: AmountScreen,
  'bridge-source': BridgeSource,
  transfer: TransferScreen,
  'card-status': CardStatus,
}

export function FundingView({ client, standalone, inlineId, forConfirmation, onClose }: FundingViewProps) {
  const sessions = useFundingSessions(client)
  // The session ended: the modal closes, unless the confirmation it was opened from shows again.
  const { shown } = useShownItem(
    (shownId) => pickSession(sessions, shownId, { inlineId, forConfirmation }),
    forConfirmation === undefined ? onClose : undefined,
  )
  // Unmounted while its session is still open (the modal closed, the element left the page): the user left it. After
  // a microtask, so a remount in the same task (React's strict mode) keeps it.
  const openId = useRef<string | null>(null)
  const mounted = useRef(false)
  useEffect(() => {
    openId.current = shown?.id ?? null
  }, [shown])
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      queueMicrotask(() => {
        if (!mounted.current) (client.funding.getState().sessions ?? []).find((session) => session.id === openId.current)?.exit()
      })
    }
  }, [client])

  const container = useRef<HTMLDivElement>(null)
  const screen = shown ? `${shown.id}:${shown.step}:${shown.transfer?.status ?? ''}` : null
  useScreenFocus(container, screen, standalone)

  if (!shown) return null
  const Screen = screens[shown.step]
  return (
    <div ref={container} style={{ display: 'contents' }}>
      <Screen key={shown.id} session={shown} onClose={onClose} />
    </div>
  )
}
