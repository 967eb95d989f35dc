import { toTesseraError } from '../errors/client-errors.js'
import type { ClientRuntime } from './runtime.js'

/** Checks the stored session at start; a failure is reported and leaves the visitor signed out. */
export async function restoreSession({ session, events, auth }: ClientRuntime): Promise<void> {
  try {
    await session.restore()
  } catch (error) {
    events.emit('error', { error: toTesseraError(error) })
  }
  auth.set({ status: session.getUser() ? 'authenticated' : 'unauthenticated', user: session.getUser() })
}
