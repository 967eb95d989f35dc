import type { AuthenticatedUserDto, UserDto } from '../../../protocol/index.js'
import { getCurrentUser } from '../../api/users.js'
import { TesseraError } from '../../errors/base-error.js'
import { userFromDto } from '../../user/from-dto.js'
import type { User } from '../../user/types.js'
import { COOKIE_HELD_REFRESH_TOKEN } from '../cookie-session-storage.js'
import { getAccessToken } from './access-token.js'
import { endsSession } from './ends-session.js'
import { inspectToken } from './inspect-token.js'
import { clearLocal, setUser, write, type TokenRuntime } from './runtime.js'

const noUserReturnedError = () => new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Authentication failed - no user returned' })

/** The user behind `token` from the server; a dead session signs out. */
export async function loadUser(runtime: TokenRuntime, token: string): Promise<User | null> {
  try {
    const response = await getCurrentUser(runtime.transport, token)
    if (response.identity_token) await runtime.storage.put(runtime.keys.identityToken, response.identity_token)
    setUser(runtime, userFromDto(response.user))
    return runtime.user
  } catch (error) {
    if (endsSession(error)) {
      await clearLocal(runtime, 'session-ended')
      return null
    }
    throw error
  }
}

export async function replaceUser(runtime: TokenRuntime, dto: UserDto): Promise<User> {
  const next = userFromDto(dto)
  setUser(runtime, next)
  return next
}

export async function storeLogin(runtime: TokenRuntime, response: AuthenticatedUserDto): Promise<User> {
  if (!response.user) throw noUserReturnedError()
  const { keys } = runtime
  await write(runtime, keys.token, response.token)
  await write(runtime, keys.refreshToken, response.refresh_token)
  await write(runtime, keys.identityToken, response.identity_token)
  return replaceUser(runtime, response.user)
}

export async function restore(runtime: TokenRuntime): Promise<User | null> {
  const token = await getAccessToken(runtime)
  if (token && !runtime.user) await loadUser(runtime, token)
  return runtime.user
}

export async function fetchUser(runtime: TokenRuntime): Promise<User | null> {
  const token = await getAccessToken(runtime)
  return token ? loadUser(runtime, token) : null
}

/** Follows a token another tab stored (or removed: null). */
export async function followOtherTab(runtime: TokenRuntime, token: string | null) {
  // With cookie sessions this tab's access token is its own (memory): it ends with the other tab's session.
  if (!token) await ((await runtime.read(runtime.keys.token)) ? clearLocal(runtime, 'session-ended') : setUser(runtime, null, 'session-ended'))
  else if (!runtime.user && (token === COOKIE_HELD_REFRESH_TOKEN || inspectToken(runtime, token) !== 'malformed')) await restore(runtime)
}
