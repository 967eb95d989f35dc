/** How a login method's namespace shows its state; apart from login-method.ts so each method's types stay a leaf. */
import type { Listener, Unsubscribe } from '../listener.js'

/** A method's state as its namespace shows it. */
export interface StateMembers<State> {
  getState(): State
  watchState(listener: Listener<State>): Unsubscribe
}
