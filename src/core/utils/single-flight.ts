/** Runs one operation at a time: callers arriving while it runs share its promise (their arguments are ignored). */
export function singleFlight<A extends unknown[], T>(operation: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let inFlight: Promise<T> | null = null
  return (...args) => {
    inFlight ??= operation(...args).finally(() => {
      inFlight = null
    })
    return inFlight
  }
}
