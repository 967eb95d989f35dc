import type { CrossAppFlowState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

export function useCrossAppFlow(client: TesseraClient): CrossAppFlowState {
  return useSlice((onChange) => client.watchCrossAppFlow(onChange), () => client.getCrossAppFlow())
}
