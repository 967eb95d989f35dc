import { useCallback } from 'react'
import type { OtpFlowState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

export type OtpChannel = 'email' | 'sms'

/** The email or SMS one-time-code flow (both share one shape, so one hook and one code screen serve both). */
export function useOtpFlow(client: TesseraClient, channel: OtpChannel): OtpFlowState {
  // Kept across renders: the code and address forms re-render on every keystroke.
  const watch = useCallback(
    (onChange: () => void) => (channel === 'email' ? client.watchEmailFlow(onChange) : client.watchSmsFlow(onChange)),
    [client, channel],
  )
  return useSlice(watch, () => (channel === 'email' ? client.getEmailFlow() : client.getSmsFlow()))
}
