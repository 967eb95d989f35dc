import { useCallback } from 'react'
import type { TelegramFlowState, TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState } from '../../elements/client-slices.js'

export interface UseLinkWithTelegramOptions {
  onSuccess?(detail: { user: User; linkMethod: 'telegram' }): void
  onError?(error: TesseraError): void
}

export interface UseLinkWithTelegramResult {
  /** Links a Telegram account to the signed-in user through the login widget (or Mini App data). */
  link(options?: { popup?: boolean }): Promise<void>
  unlink(telegramUserId: string): Promise<User>
  state: TelegramFlowState
}

/** Headless Telegram linking and unlinking. */
export function useLinkWithTelegram(options: UseLinkWithTelegramOptions = {}): UseLinkWithTelegramResult {
  const client = useTesseraClient()
  const state = useLoginMethodState(client, 'telegram')
  const latest = useLatest(options)
  const link = useCallback<UseLinkWithTelegramResult['link']>(
    async (linkOptions) => {
      try {
        const user = await client.auth.telegram.link(linkOptions)
        latest.current.onSuccess?.({ user, linkMethod: 'telegram' })
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      }
    },
    [client, latest],
  )
  const unlink = useCallback((telegramUserId: string) => client.auth.telegram.unlink(telegramUserId), [client])
  return { link, unlink, state }
}
