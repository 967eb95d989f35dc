import { mustBeAuthenticatedError } from '../errors/client-errors.js'
import type { User } from '../user/types.js'
import type { ClientRuntime } from './runtime.js'

/** The signed-in user accepts the app's terms; the user is re-read with the acceptance. */
export async function acceptTerms({ session, transport }: ClientRuntime): Promise<User> {
  const token = await session.getAccessToken()
  if (!token) throw mustBeAuthenticatedError()
  // Loaded on use: only an app that requires the terms ever calls it.
  await (await import('../api/users.js')).acceptTerms(transport, token)
  const user = await session.fetchUser()
  if (!user) throw mustBeAuthenticatedError()
  return user
}
