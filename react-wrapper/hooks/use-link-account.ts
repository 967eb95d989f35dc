import { useMemo } from 'react'
import type { ClientEvents } from '../../src/core/index.js'
import type { OAuthProvider } from '../../src/protocol/index.js'
import { useModalIntent, type IntentCallbacks } from './use-modal-intent.js'

export type UseLinkAccountOptions = IntentCallbacks<ClientEvents['link']>

export interface UseLinkAccountResult {
  linkEmail(): void
  linkPhone(): void
  linkGoogle(): void
  linkTwitter(): void
  linkDiscord(): void
  linkGithub(): void
  linkSpotify(): void
  linkInstagram(): void
  linkTiktok(): void
  linkLine(): void
  linkLinkedIn(): void
  linkApple(): void
  linkPasskey(): void
  linkFarcaster(): void
  /** Opens the modal on the Telegram screen (the login widget, or Mini App data). */
  linkTelegram(): void
}

/** Opens the modal on one method's link flow for the signed-in user (the reference SDK's `useLinkAccount`). */
export function useLinkAccount(options: UseLinkAccountOptions = {}): UseLinkAccountResult {
  const start = useModalIntent('link', options)
  return useMemo(() => {
    const link = (method: 'email' | 'sms' | 'passkey' | 'farcaster' | 'telegram' | OAuthProvider) => () => start({ intent: 'link', method })
    return {
      linkEmail: link('email'),
      linkPhone: link('sms'),
      linkGoogle: link('google'),
      linkTwitter: link('twitter'),
      linkDiscord: link('discord'),
      linkGithub: link('github'),
      linkSpotify: link('spotify'),
      linkInstagram: link('instagram'),
      linkTiktok: link('tiktok'),
      linkLine: link('line'),
      linkLinkedIn: link('linkedin'),
      linkApple: link('apple'),
      linkPasskey: link('passkey'),
      linkFarcaster: link('farcaster'),
      linkTelegram: link('telegram'),
    }
  }, [start])
}
