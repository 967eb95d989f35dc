/** After a link, unlink, update or transfer: the user the server answered with replaces the stored one, then the change is announced. */
import type { UserDto } from '../../protocol/index.js'
import type { ClientEvents } from '../client-events.js'
import type { LoginMethodName } from '../auth/types.js'
import type { OAuthTokens } from '../auth/oauth/provider-tokens.js'
import type { User } from '../user/types.js'
import type { createEmitter } from '../utils/emitter.js'

export interface AccountChanges {
  /**
   * `key` names the new account: address, number, provider subject or custom user id. `oAuthTokens`: the provider's
   * tokens a link (a reauthorization too) answered, handed to the `oauthTokens` listeners after the link.
   */
  linked(dto: UserDto, linkMethod: LoginMethodName, key: string, oAuthTokens?: OAuthTokens): Promise<User>
  unlinked(dto: UserDto, unlinkMethod: LoginMethodName): Promise<User>
  updated(dto: UserDto, updateMethod: ClientEvents['update']['updateMethod']): Promise<User>
}

export function createAccountChanges(
  replaceUser: (dto: UserDto) => User | Promise<User>,
  emit: ReturnType<typeof createEmitter<ClientEvents>>['emit'],
): AccountChanges {
  return {
    async linked(dto, linkMethod, key, oAuthTokens) {
      const user = await replaceUser(dto)
      ;(await import('./announce-link.js')).announceLink(emit, { user, linkMethod, key, oAuthTokens })
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
  }
}
