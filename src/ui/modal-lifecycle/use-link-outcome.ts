import { useEffect } from 'react'
import type { TesseraClient, User } from '../../core/index.js'
import { initialScreen } from '../landing/intent.js'
import type { ModalRequest } from '../modal-context.js'
import type { Navigation } from '../navigation/navigation.js'
import { delayedFinish, showsOwnSuccess } from './delayed-finish.js'

export interface LinkOutcomeOptions {
  client: TesseraClient
  navigation: Navigation
  visible: boolean
  standalone: boolean
  request: ModalRequest
  onClose(): void
  onLinkSuccess?(detail: { user: User; linkMethod: string }): void
  onUpdateSuccess?(detail: { user: User; updateMethod: 'email' | 'sms' }): void
}

/**
 * A link or update request opens on its method, with no landing behind it, and ends with the link or update; only
 * such a request (or connect-or-create) does: a wallet flow may link a passkey on the way.
 */
export function useLinkOutcome({ client, navigation, visible, standalone, request, onClose, onLinkSuccess, onUpdateSuccess }: LinkOutcomeOptions) {
  useEffect(() => {
    if (visible && request.intent !== 'login') navigation.reset(initialScreen(request))
  }, [visible, request, navigation])

  useEffect(() => {
    if (!visible || (!request.method && request.intent !== 'connect-or-create')) return
    const done = () => (standalone ? navigation.reset(initialScreen(request)) : onClose())
    const success = delayedFinish()
    const offLink = client.on('link', ({ user, linkMethod }) => {
      const screen = navigation.getState().current
      if (showsOwnSuccess(screen))
        return success.schedule(() => {
          onLinkSuccess?.({ user, linkMethod })
          done()
        })
      onLinkSuccess?.({ user, linkMethod })
      // A transfer (announced as a link) shows 'Success!' and closes itself after 1 s.
      if (!screen.startsWith('account-transfer')) done()
    })
    const offUpdate = client.on('update', ({ user, updateMethod }) => {
      onUpdateSuccess?.({ user, updateMethod })
      done()
    })
    return () => {
      offLink()
      offUpdate()
      success.flush()
    }
  }, [client, visible, request, standalone, navigation, onClose, onLinkSuccess, onUpdateSuccess])
}
