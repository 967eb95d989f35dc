import { useEffect, useRef } from 'react'
import type { FundingSession, TesseraClient } from '../../src/core/index.js'
import { errorDetail } from '../confirm-tx/tx-outcome.js'
import type { FundFailedDetail } from './types.js'

/** What failed in a session now: a transfer's error, else the landing's banner. */
const failureOf = (session: FundingSession | undefined): FundFailedDetail | null => {
  if (session?.transfer?.error) return errorDetail(session.transfer.error)
  return session?.errorMessage ? { code: 'funding_failure', message: session.errorMessage } : null
}

/** Reports each new failure of the session `id` (`fundfailed`): a method failed and the user may try again or another. */
export function useFailureReports(client: TesseraClient | null, id: string | null, report: (detail: FundFailedDetail) => void) {
  const reported = useRef<string | null>(null)
  const latestReport = useRef(report)
  latestReport.current = report
  useEffect(() => {
    if (!client || !id) return
    const check = () => {
      const failure = failureOf(client.funding.getState().sessions.find((session) => session.id === id))
      const key = failure && `${failure.code}:${failure.message}`
      if (key === reported.current) return
      reported.current = key
      if (failure) latestReport.current(failure)
    }
    check()
    return client.funding.watchState(check)
  }, [client, id])
}
