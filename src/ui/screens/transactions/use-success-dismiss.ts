import { useEffect } from 'react'
import { SUCCESS_SCREEN_DELAY_MS } from '../../modal-timing.js'

/** Funding spec, "States and transitions": a signature's success is shown briefly, then the screen closes (the shared success delay). */
export function useSuccessDismiss(done: boolean, dismiss: () => void): void {
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(dismiss, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done, dismiss])
}
