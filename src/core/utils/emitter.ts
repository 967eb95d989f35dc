import type { Unsubscribe } from '../listener.js'

/** Typed events; a throwing handler cannot break the others. */
export function createEmitter<Events extends object>() {
  const handlers = new Map<keyof Events, Set<(payload: never) => void>>()
  return {
    on<E extends keyof Events>(event: E, handler: (payload: Events[E]) => void): Unsubscribe {
      const set = handlers.get(event) ?? new Set()
      handlers.set(event, set)
      set.add(handler as (payload: never) => void)
      return () => void set.delete(handler as (payload: never) => void)
    },
    emit<E extends keyof Events>(event: E, payload: Events[E]) {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          ;(handler as (payload: Events[E]) => void)(payload)
        } catch (error) {
          console.error('[tessera] event handler failed', error)
        }
      }
    },
    clear: () => handlers.clear(),
  }
}
