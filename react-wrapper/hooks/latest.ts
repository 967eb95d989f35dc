import { useRef } from 'react'
import { TesseraError } from '../../src/core/index.js'

/** A ref that always holds the latest render's value: callbacks change without re-subscribing. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  ref.current = value
  return ref
}

/** Hands a failure to `onError` when the caller gave one, else rethrows it (as a TesseraError). */
export function reportOrThrow(error: unknown, onError: ((error: TesseraError) => void) | undefined): void {
  const failure = TesseraError.is(error) ? error : new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Something went wrong', cause: error })
  if (!onError) throw failure
  onError(failure)
}
