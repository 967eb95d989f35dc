import { useSyncExternalStore } from 'react'
import type { ConfigState, EmailFlowState, TesseraClient } from '../core/index.js'

/** One subscription per slice: re-renders only when that slice changes. */
export function useConfigState(client: TesseraClient): ConfigState {
  return useSyncExternalStore(
    (onChange) => client.watchConfig(() => onChange()),
    () => client.getConfig(),
  )
}

export function useEmailFlowState(client: TesseraClient): EmailFlowState {
  return useSyncExternalStore(
    (onChange) => client.watchEmailFlow(() => onChange()),
    () => client.getEmailFlow(),
  )
}
