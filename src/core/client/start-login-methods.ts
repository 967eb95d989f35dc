import { createLoginMethods } from '../auth/login-methods.js'
import { report } from './report.js'
import type { ClientRuntime, StartedClient } from './runtime.js'

/** Creates every login method over the runtime; each finishes its redirect return or seamless sign-in once ready. */
export function startLoginMethods(runtime: ClientRuntime, ready: Promise<void>): StartedClient['loginMethods'] {
  const loginMethods = createLoginMethods({ ...runtime, ready, sendAnalyticsEvent: (eventName, payload) => report(runtime, eventName, payload) })
  // A failure is kept in the method's state.
  for (const method of loginMethods.created) void ready.then(() => method.afterReady?.()).catch(() => undefined)
  return loginMethods
}
