import type { TelegramFlowState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

export function useTelegramFlow(client: TesseraClient): TelegramFlowState {
  return useSlice((onChange) => client.watchTelegramFlow(onChange), () => client.getTelegramFlow())
}
