import type { CrossAppConnectionDto } from '../../../../protocol/index.js'
import type { CrossAppConnection, CrossAppFlowOptions, CrossAppFlowState, CrossAppProviderDetails } from '../types.js'
import type { PopupWindow } from '../../oauth/browser-window.js'
import { getCrossAppConnections } from '../api.js'
import type { CrossAppPopupWait, CrossAppReturn } from '../popup-wait.js'
import { createCrossAppTokenStore } from '../token-store.js'

/** What the steps share: the flow's options, its reset counter, and what they fetched, stored or await. */
export interface CrossAppRuntime {
  options: CrossAppFlowOptions
  /** flow.ts's counter, bumped by reset(): a flow that settles after it must not revive the old state. */
  generation(): number
  popupWait: { popup: PopupWindow; wait: CrossAppPopupWait<CrossAppReturn> } | null
  /** The last connections fetched: transact refusals need no request, so they come before the popup. */
  connections: CrossAppConnection[] | null
  details: Map<string, Promise<CrossAppProviderDetails | null>>
  tokens: ReturnType<typeof createCrossAppTokenStore>
}

export const createCrossAppRuntime = (options: CrossAppFlowOptions, generation: () => number): CrossAppRuntime => ({
  options,
  generation,
  popupWait: null,
  connections: null,
  details: new Map(),
  tokens: createCrossAppTokenStore(options.storage, options.appId, 'token'),
})

export const updateIfCurrent = (runtime: CrossAppRuntime, started: number, change: Partial<CrossAppFlowState>) => {
  if (started === runtime.generation()) runtime.options.state.update((current) => ({ ...current, ...change }))
}

const toConnection = (dto: CrossAppConnectionDto): CrossAppConnection => ({
  providerAppId: dto.provider_app_id,
  providerAppName: dto.provider_app_name,
  providerAppIconUrl: dto.provider_app_icon_url,
  providerAppCustomApiUrl: dto.provider_app_custom_api_url,
  readOnly: dto.read_only,
  authorizeUrl: dto.provider_app_custom_auth_authorize_url,
  transactUrl: dto.provider_app_custom_auth_transact_url,
})

export async function getConnections(runtime: CrossAppRuntime): Promise<CrossAppConnection[]> {
  runtime.connections = (await getCrossAppConnections(runtime.options.transport, runtime.options.appId)).connections.map(toConnection)
  return runtime.connections
}
