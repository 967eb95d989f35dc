import type { PasskeyFlowState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

export function usePasskeyFlow(client: TesseraClient): PasskeyFlowState {
  return useSlice((onChange) => client.watchPasskeyFlow(onChange), () => client.getPasskeyFlow())
}
