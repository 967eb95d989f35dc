import { SUCCESS_SCREEN_DELAY_MS } from '../modal-timing.js'

/** Screens that draw their own success, so the modal waits `SUCCESS_SCREEN_DELAY_MS` before it closes. */
export const showsOwnSuccess = (screen: string) => screen === 'wallet-status'

/** Finishing after the success delay; `flush` finishes at once (the modal closed meanwhile: the result is still reported). */
export function delayedFinish() {
  let pending: { timer: ReturnType<typeof setTimeout>; finish(): void } | null = null
  return {
    schedule(finish: () => void) {
      const timer = setTimeout(() => {
        pending = null
        finish()
      }, SUCCESS_SCREEN_DELAY_MS)
      pending = { timer, finish }
    },
    flush() {
      if (!pending) return
      clearTimeout(pending.timer)
      const { finish } = pending
      pending = null
      finish()
    },
  }
}
