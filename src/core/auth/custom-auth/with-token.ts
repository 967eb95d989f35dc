/** Custom auth once it is on (custom-auth.ts decides that): signing in, out and linking with the app's token. */
import type { UserDto } from '../../../protocol/index.js'
import { authenticateCustomJwt, linkCustomJwt } from './api.js'
import type { CustomAuthConfig } from './config.js'
import { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { User } from '../../user/types.js'
import type { CustomAuthOptions } from './types.js'

export const noCustomTokenError = () => new TesseraError({ code: 'failed_to_link_account', shortMessage: 'The app has no custom auth token to link' })

/** A user holds at most one custom-auth account: the one just linked. */
const customUserIdOf = (dto: UserDto): string => dto.linked_accounts.find((account) => account.type === 'custom_auth')?.custom_user_id ?? ''

const hasCustomAuthAccount = (user: User) => user.linkedAccounts.some((account) => account.type === 'custom_auth')

/** Signs in with the app's token when nobody is signed in; signs a custom-auth user out once the app has none. */
export async function syncWithCustomToken(options: CustomAuthOptions, config: CustomAuthConfig): Promise<void> {
  const { state } = options
  const token = await config.getCustomAccessToken()
  const user = options.getUser()
  if (token && !user) {
    state.set({ status: 'loading', error: null })
    await options.authenticate(() => authenticateCustomJwt(options.transport, { token, mode: 'login-or-sign-up' }))
    return state.set({ status: 'done', error: null })
  }
  if (token) return state.set({ status: 'done', error: null })
  if (user && hasCustomAuthAccount(user)) await options.logout()
  state.set({ status: 'initial', error: null })
}

/** Links the app's identity to the signed-in user. */
export async function linkCustomToken(options: CustomAuthOptions, getToken: CustomAuthConfig['getCustomAccessToken']): Promise<User> {
  if (!options.getUser()) throw mustBeAuthenticatedError()
  const token = await getToken()
  if (!token) throw noCustomTokenError()
  const dto = await linkCustomJwt(options.transport, { token })
  return options.accountChanges.linked(dto, 'custom_auth', customUserIdOf(dto))
}
