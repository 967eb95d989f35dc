import type { FundingSession } from '../../../core/index.js'

/** What every funding screen gets: the session it renders (state and actions) and its host's close, if any. */
export interface FundingScreenProps {
  session: FundingSession
  /** The modal's close; absent when standalone (`<fund-wallet>`, `<confirm-tx>`): no close button. */
  onClose?: (() => void) | undefined
}
