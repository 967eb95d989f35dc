import { useCallback, useSyncExternalStore } from 'react'
import type { ConfigState, TesseraClient } from '../core/index.js'

export type OtpFlowState = ReturnType<TesseraClient['getEmailFlow']>
export type OAuthFlowState = ReturnType<TesseraClient['getOAuthFlow']>
export type OtpChannel = 'email' | 'sms'

/** One subscription per slice: re-renders only when that slice changes. */
export function useConfigState(client: TesseraClient): ConfigState {
  return useSyncExternalStore(
    (onChange) => client.watchConfig(() => onChange()),
    () => client.getConfig(),
  )
}

/** The email or the SMS code flow: both have the same shape, so one hook and one code screen serve both. */
export function useOtpFlowState(client: TesseraClient, channel: OtpChannel): OtpFlowState {
  const subscribe = useCallback(
    (onChange: () => void) => (channel === 'email' ? client.watchEmailFlow(() => onChange()) : client.watchSmsFlow(() => onChange())),
    [client, channel],
  )
  return useSyncExternalStore(subscribe, () => (channel === 'email' ? client.getEmailFlow() : client.getSmsFlow()))
}

export function useOAuthFlowState(client: TesseraClient): OAuthFlowState {
  return useSyncExternalStore(
    (onChange) => client.watchOAuthFlow(() => onChange()),
    () => client.getOAuthFlow(),
  )
}
