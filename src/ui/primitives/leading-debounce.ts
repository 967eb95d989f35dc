/** Sign-in spec, "States and transitions": "OAuth": buttons that start a flow ignore further presses for 2 s. */
export const OAUTH_BUTTON_DEBOUNCE_MS = 2000

/** Runs the first call and drops every call in the `ms` after it. */
export function leadingDebounce(ms: number, now: () => number = Date.now): (action: () => void) => boolean {
  let last = -Infinity
  return (action) => {
    const at = now()
    if (at - last < ms) return false
    last = at
    action()
    return true
  }
}
