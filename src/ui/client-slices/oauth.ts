import type { OAuthFlowState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

export function useOAuthFlow(client: TesseraClient): OAuthFlowState {
  return useSlice((onChange) => client.watchOAuthFlow(onChange), () => client.getOAuthFlow())
}
