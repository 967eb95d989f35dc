import { useEffect, useRef } from 'react'
import type { TesseraClient } from '../../src/core/index.js'
import { errorDetail } from '../confirm-tx/tx-outcome.js'
import { defaultFundingAddress } from '../fund-wallet/funding-input.js'
import { fundOutcomeDetail } from '../fund-wallet/outcome-detail.js'
import type { AuthModalRootProps } from './auth-modal-root.js'

type FundingCallbacks = Pick<AuthModalRootProps, 'funding' | 'onFundsuccess' | 'onFunduserexited' | 'onFundfailed'>

/**
 * Runs the funding session `start({ intent: 'fund' })` asked for: the session's prompt opens the modal on its
 * landing ('funding:flow'); the outcome becomes `fundsuccess` or `funduserexited`, a refusal `fundfailed`.
 */
export function useFundingRequest(client: TesseraClient | null, props: FundingCallbacks) {
  const latest = useRef(props)
  latest.current = props
  const { funding } = props
  useEffect(() => {
    if (!client || !funding) return
    const { intent: _fund, ...request } = funding
    const address = request.address ?? defaultFundingAddress(client, request.chainType ?? 'ethereum')
    const input = request.chainType === 'solana' ? { ...request, address: address ?? '' } : { ...request, chainType: 'ethereum' as const, address: address ?? '' }
    client.funding.fundWallet(input).then(
      (outcome) => (outcome.status === 'funded' ? latest.current.onFundsuccess : latest.current.onFunduserexited)?.(fundOutcomeDetail(outcome)),
      (error: unknown) => latest.current.onFundfailed?.(errorDetail(error, 'invalid_request')),
    )
  }, [client, funding])
}
