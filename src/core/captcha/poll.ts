/** Sign-in spec, "Business constants and limits": a CAPTCHA result is awaited by polling every 200 ms for up to 20 s. */
export const CAPTCHA_POLL_MS = 200
export const CAPTCHA_TIMEOUT_MS = 20_000

/** Resolves with the first non-undefined `check()` result; rejects with `onTimeout()` after `timeoutMs`. */
export function pollUntil<T>(check: () => T | undefined, onTimeout: () => Error, intervalMs = CAPTCHA_POLL_MS, timeoutMs = CAPTCHA_TIMEOUT_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs
    const tick = () => {
      try {
        const value = check()
        if (value !== undefined) return resolve(value)
      } catch (error) {
        return reject(error)
      }
      if (Date.now() >= deadline) return reject(onTimeout())
      setTimeout(tick, intervalMs)
    }
    tick()
  })
}
