import { useCallback } from 'react'
import type { TesseraError } from '../../src/core/index.js'
import { reportOrThrow, useLatest } from './latest.js'

export interface EmbeddedActionCallbacks<Result> {
  onSuccess?(result: Result): void
  /** When given, failures are reported here (and the call resolves with undefined) instead of rejecting. */
  onError?(error: TesseraError): void
}

/** A headless embedded-wallet action with the hooks' callback convention: `onSuccess`, then `onError` or a rejection. */
export function useEmbeddedAction<Args extends unknown[], Result>(
  run: (...args: Args) => Promise<Result>,
  callbacks: EmbeddedActionCallbacks<Result>,
): (...args: Args) => Promise<Result | undefined> {
  const latest = useLatest({ run, callbacks })
  return useCallback(
    async (...args: Args) => {
      try {
        const result = await latest.current.run(...args)
        latest.current.callbacks.onSuccess?.(result)
        return result
      } catch (error) {
        reportOrThrow(error, latest.current.callbacks.onError)
        return undefined
      }
    },
    [latest],
  )
}
