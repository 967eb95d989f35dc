/** After a link, unlink, update or transfer: the user the server answered with replaces the stored one, then the change is announced. */
import type { UserDto } from '../../protocol/index.js'
import type { ClientEvents } from '../client-events.js'
import type { User } from '../user/types.js'
import type { createEmitter } from '../utils/emitter.js'
import type { AccountChanges } from './types.js'

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
