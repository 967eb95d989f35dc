import { requestAbortedError } from '../../errors/client-errors.js'

/** Waits `ms` between polls; an abort ends the wait at once with 'client_request_aborted'. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(requestAbortedError())
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(requestAbortedError())
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
