import { useSyncExternalStore } from 'react'
import type { Unsubscribe } from '../../core/index.js'

/**
 * One subscription over one slice of the client's state: re-renders only when that slice changes. A `watch` kept
 * stable across renders keeps one subscription; `getServerSnapshot` is what a server render shows and hydration starts from.
 */
export function useSlice<T>(watch: (onChange: () => void) => Unsubscribe, get: () => T, getServerSnapshot: () => T = get): T {
  return useSyncExternalStore(watch, get, getServerSnapshot)
}
