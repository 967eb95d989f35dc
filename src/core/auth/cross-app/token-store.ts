/**
 * Cross-app tokens in the client's storage (never the page's globals, never logged), one per signed-in user and
 * other app: a requester keeps the token each provider set (`token`), a provider's page the token it gave each
 * requester (`grant`), so a second user of the same browser never inherits them.
 */
import type { CrossAppTokenAction } from '../../../protocol/index.js'
import type { TokenStorage } from '../../client-options.js'

export type CrossAppTokenStore = ReturnType<typeof createCrossAppTokenStore>

export function createCrossAppTokenStore(storage: TokenStorage, appId: string, kind: 'token' | 'grant') {
  const key = (userId: string, otherAppId: string) => `tessera:${appId}:cross_app_${kind}:${userId}:${otherAppId}`
  return {
    async get(userId: string, otherAppId: string): Promise<string | null> {
      const value = await storage.get(key(userId, otherAppId))
      return typeof value === 'string' && value ? value : null
    },
    /** Wallet spec, "States and transitions": `set` stores the token, `clear` drops it. */
    async apply(userId: string, otherAppId: string, tokenAction: CrossAppTokenAction): Promise<void> {
      if (tokenAction.action === 'set') await storage.put(key(userId, otherAppId), tokenAction.token)
      else await storage.del(key(userId, otherAppId))
    },
  }
}
