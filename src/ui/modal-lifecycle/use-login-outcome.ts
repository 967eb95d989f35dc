import { useCallback, useEffect, useState } from 'react'
import type { TesseraClient, User } from '../../core/index.js'
import type { LoginDetail } from '../modal-context.js'
import { TERMS_SCREEN_DELAY_MS } from '../modal-timing.js'
import type { Navigation } from '../navigation/navigation.js'
import { delayedFinish, showsOwnSuccess } from './delayed-finish.js'

export interface LoginOutcomeOptions {
  client: TesseraClient
  navigation: Navigation
  visible: boolean
  standalone: boolean
  onClose(): void
  onLoginSuccess(detail: { user: User; isNewUser: boolean }): void
}

/**
 * How a sign-in ends while the modal shows: the terms first when the app requires them, then 'Creating your wallet'
 * while the wallets are made, then the login reported and the modal closed (or reset when standalone).
 */
export function useLoginOutcome({ client, navigation, visible, standalone, onClose, onLoginSuccess }: LoginOutcomeOptions) {
  const [heldLogin, setHeldLogin] = useState<LoginDetail | null>(null)
  const reportLogin = useCallback(
    (detail: LoginDetail) => {
      setHeldLogin(null)
      onLoginSuccess(detail)
      if (standalone) navigation.reset()
      else onClose()
    },
    [standalone, navigation, onLoginSuccess, onClose],
  )
  // A login that creates wallets holds on 'Creating your wallet', then the created screen.
  const finishLogin = useCallback(
    (detail: LoginDetail) =>
      // The core's own login listener, which starts the creation, may come after this one: look once it has run.
      queueMicrotask(() => {
        if (client.embeddedWallets.getState().status !== 'creating') return reportLogin(detail)
        setHeldLogin(detail)
        navigation.navigate('wallet:creating')
      }),
    [client, navigation, reportLogin],
  )
  useEffect(() => {
    if (!visible) return
    let termsTimer: ReturnType<typeof setTimeout> | undefined
    const success = delayedFinish()
    const off = client.on('login', ({ user, isNewUser }) => {
      const { legal } = client.getConfig().config
      if (legal.requireUsersAcceptTerms && !user.hasAcceptedTerms)
        termsTimer = setTimeout(() => {
          setHeldLogin({ user, isNewUser })
          navigation.navigate('terms')
        }, TERMS_SCREEN_DELAY_MS)
      else if (showsOwnSuccess(navigation.getState().current)) success.schedule(() => finishLogin({ user, isNewUser }))
      else finishLogin({ user, isNewUser })
    })
    return () => {
      off()
      clearTimeout(termsTimer)
      success.flush()
    }
  }, [client, visible, navigation, finishLogin])
  return { heldLogin, setHeldLogin, finishLogin }
}

/**
 * Closed while the wallets were being made: the login itself succeeded, unless the failed creation signed the user
 * out. Only the closing render counts, with the login and screen it showed.
 */
export function useLoginReportedOnClose(
  client: TesseraClient,
  visible: boolean,
  heldLogin: LoginDetail | null,
  current: string,
  onLoginSuccess: (detail: LoginDetail) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the modal hides, reading the held login at that moment
  useEffect(() => {
    if (!visible && heldLogin && current.startsWith('wallet:') && client.getAuth().status === 'authenticated') onLoginSuccess(heldLogin)
  }, [visible])
}
