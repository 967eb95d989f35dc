/** A value built by lazily loaded code: loaded on the first `load()`, shared afterwards, retried after a failed load. */
export interface Lazy<T> {
  load(): Promise<T>
  /** The value once loaded; undefined before (nothing to clean up yet). */
  loaded(): T | undefined
}

export function lazily<T>(create: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | null = null
  let value: T | undefined
  return {
    load: () =>
      (pending ??= create().then(
        (created) => (value = created),
        (error: unknown) => {
          pending = null
          throw error
        },
      )),
    loaded: () => value,
  }
}
