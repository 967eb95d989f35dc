/** After a link, unlink, update or transfer: the user the server answered with replaces the stored one, then the change is announced. */
import type { UserDto } from '../../protocol/index.js'
import type { ClientEvents, LoginMethodName } from '../types.js'
import { findLinkedAccount } from '../user/find-linked-account.js'
import type { User } from '../user/types.js'
import type { createEmitter } from '../utils/emitter.js'

export interface AccountChanges {
  /** `key` names the new account: address, number, provider subject or custom user id. */
  linked(dto: UserDto, linkMethod: LoginMethodName, key: string): User
  unlinked(dto: UserDto, unlinkMethod: LoginMethodName): User
  updated(dto: UserDto, updateMethod: ClientEvents['update']['updateMethod']): User
}

export function createAccountChanges(replaceUser: (dto: UserDto) => User, emit: ReturnType<typeof createEmitter<ClientEvents>>['emit']): AccountChanges {
  return {
    linked(dto, linkMethod, key) {
      const user = replaceUser(dto)
      emit('link', { user, linkMethod, linkedAccount: findLinkedAccount(user, linkMethod, key) })
      return user
    },
    unlinked(dto, unlinkMethod) {
      const user = replaceUser(dto)
      emit('unlink', { user, unlinkMethod })
      return user
    },
    updated(dto, updateMethod) {
      const user = replaceUser(dto)
      emit('update', { user, updateMethod })
      return user
    },
  }
}
