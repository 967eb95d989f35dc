import { fundingOutcomeDetail, getOrCreateClient } from '../../src/core/index.js'
import { errorDetail } from '../confirm-tx/tx-outcome.js'
import { defaultFundingAddress } from '../fund-wallet/funding-input.js'
import type { FundModalRequest } from './types.js'

/**
 * `start({ intent: 'fund' })` (loaded then): opens the session, whose prompt opens the modal on its landing
 * ('funding:flow'); the outcome is dispatched on the element as `fundsuccess` or `funduserexited`, a refusal as `fundfailed`.
 */
export async function runFundingRequest(element: HTMLElement, funding: FundModalRequest): Promise<void> {
  const dispatch = (type: string, detail: unknown) => element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
  try {
    const appId = element.getAttribute('app-id')
    if (!appId) throw new Error('<auth-modal> needs an app-id to add funds')
    const apiUrl = element.getAttribute('api-url')
    const client = getOrCreateClient({ appId, ...(apiUrl ? { apiUrl } : {}) })
    const { intent: _fund, ...request } = funding
    const address = request.address ?? defaultFundingAddress(client, request.chainType ?? 'ethereum') ?? ''
    const outcome = await client.funding.fundWallet(request.chainType === 'solana' ? { ...request, address } : { ...request, chainType: 'ethereum', address })
    dispatch(outcome.status === 'funded' ? 'fundsuccess' : 'funduserexited', fundingOutcomeDetail(outcome))
  } catch (error) {
    dispatch('fundfailed', errorDetail(error, 'invalid_request'))
  }
}
