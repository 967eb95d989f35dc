/** Announces a link (loaded with the first one: the landing never needs it). */
import type { OAuthTokens } from '../auth/oauth/provider-tokens.js'
import type { ClientEvents } from '../client-events.js'
import type { LoginMethodName } from '../auth/types.js'
import { findLinkedAccount } from '../user/find-linked-account.js'
import type { User } from '../user/types.js'
import type { createEmitter } from '../utils/emitter.js'

export interface LinkAnnouncement {
  user: User
  linkMethod: LoginMethodName
  /** Names the new account: address, number, provider subject or custom user id. */
  key: string
  /** The provider's tokens the link answered (an OAuth reauthorization too): the `oauthTokens` listeners get them after the link. */
  oAuthTokens?: OAuthTokens
}

export function announceLink(emit: ReturnType<typeof createEmitter<ClientEvents>>['emit'], { user, linkMethod, key, oAuthTokens }: LinkAnnouncement): void {
  emit('link', { user, linkMethod, linkedAccount: findLinkedAccount(user, linkMethod, key) })
  if (oAuthTokens) emit('oauthTokens', { oAuthTokens, user })
}
