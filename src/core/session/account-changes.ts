/** After a link, unlink, update or transfer: the user the server answered with replaces the stored one, then the change is announced. */
import type { UserDto } from '../../protocol/index.js'
import type { ClientEvents, LoginMethodName } from '../types.js'
import type { OAuthTokens } from '../auth/oauth/provider-tokens.js'
import type { User } from '../user/types.js'
import type { createEmitter } from '../utils/emitter.js'

export interface AccountChanges {
  /** `key` names the new account: address, number, provider subject or custom user id. */
  linked(dto: UserDto, linkMethod: LoginMethodName, key: string): Promise<User>
  unlinked(dto: UserDto, unlinkMethod: LoginMethodName): Promise<User>
  updated(dto: UserDto, updateMethod: ClientEvents['update']['updateMethod']): Promise<User>
  /** A link that reauthorized a provider answered its tokens: `oauthTokens` listeners get them. */
  grantedOAuthTokens(oAuthTokens: OAuthTokens, user: User): void
}

export function createAccountChanges(replaceUser: (dto: UserDto) => User | Promise<User>, emit: ReturnType<typeof createEmitter<ClientEvents>>['emit']): AccountChanges {
  return {
    async linked(dto, linkMethod, key) {
      const user = await replaceUser(dto)
      // Loaded with the first link: the landing never needs it.
      const { findLinkedAccount } = await import('../user/find-linked-account.js')
      emit('link', { user, linkMethod, linkedAccount: findLinkedAccount(user, linkMethod, key) })
      return user
    },
    async unlinked(dto, unlinkMethod) {
      const user = await replaceUser(dto)
      emit('unlink', { user, unlinkMethod })
      return user
    },
    async updated(dto, updateMethod) {
      const user = await replaceUser(dto)
      emit('update', { user, updateMethod })
      return user
    },
    grantedOAuthTokens: (oAuthTokens, user) => emit('oauthTokens', { oAuthTokens, user }),
  }
}
