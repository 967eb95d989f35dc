import { useCallback } from 'react'
import type { FundingSession, TesseraClient } from '../../../core/index.js'
import { useSlice } from '../../client-slices/use-slice.js'

const none: readonly FundingSession[] = []

/** `client.funding`'s sessions, one subscription; absent or empty: none. */
export function useFundingSessions(client: TesseraClient): readonly FundingSession[] {
  const watch = useCallback((onChange: () => void) => client.funding.watchState(onChange), [client])
  return useSlice(watch, () => client.funding.getState().sessions ?? none)
}
