import { useEffect, useRef, useState } from 'react'
import type { TesseraClient } from '../../core/index.js'
import { loginMethodUis } from '../login-methods.js'
import { FLOW_RESET_DELAY_MS } from '../modal-timing.js'
import type { Navigation } from '../navigation/navigation.js'

/**
 * Resets the client's flows and the modal's own state (`clearModalState`) a moment after a close. Returns whether a
 * reset is pending: a reopening then shows none of the last opening's screens (a screen mounted for one render would
 * act on the new request: a confirmation cover would take and drop its confirmation).
 */
export function useResetOnClose(client: TesseraClient, navigation: Navigation, visible: boolean, onClosed: () => void, clearModalState: () => void): boolean {
  const everShown = useRef(false)
  const [resetPending, setResetPending] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on visibility changes only, reading the callbacks at that moment
  useEffect(() => {
    if (visible) {
      everShown.current = true
      return
    }
    // Only a close clears: a modal that was never shown must not cancel a flow the app started headlessly.
    if (!everShown.current) return
    setResetPending(true)
    // The CAPTCHA resets on modal close.
    client.captcha.reset()
    onClosed()
    let pending = true
    const resetFlows = () => {
      pending = false
      setResetPending(false)
      clearModalState()
      // Every sign-in flow of the client.
      for (const method of loginMethodUis) method.reset(client)
      navigation.reset()
    }
    const timer = setTimeout(resetFlows, FLOW_RESET_DELAY_MS)
    return () => {
      clearTimeout(timer)
      // Reopened within the delay: the finished flow must not greet the next opening.
      if (pending) resetFlows()
    }
  }, [client, visible, navigation])
  return resetPending
}
