/** A tiny observable value: listeners get (value, previous) and run only when the value changed. */
import type { Listener, Unsubscribe } from '../listener.js'

export interface Store<T> {
  get(): T
  set(next: T): void
  update(change: (current: T) => T): void
  watch(listener: Listener<T>): Unsubscribe
  clear(): void
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<Listener<T>>()
  const set = (next: T) => {
    if (shallowEqual(value, next)) return
    const previous = value
    value = next
    for (const listener of [...listeners]) listener(value, previous)
  }
  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    watch(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    clear: () => listeners.clear(),
  }
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const keysA = Object.keys(a)
  if (keysA.length !== Object.keys(b).length) return false
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}
