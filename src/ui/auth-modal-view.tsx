import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { TesseraClient, TesseraError, User } from '../core/index.js'
import { asTesseraError } from './as-tessera-error.js'
import { useT } from './copy/en.js'
import { routeError, type ErrorStep } from './errors/route-error.js'
import { initialScreen } from './landing/intent.js'
import { ModalContext, type AccountTransfer, type CaptchaActionOptions, type LoginDetail, type ModalContextValue, type ModalRequest, type TransferContext } from './modal-context.js'
import { FLOW_RESET_DELAY_MS, MODAL_OPEN_DELAY_MS, SUCCESS_SCREEN_DELAY_MS, TERMS_SCREEN_DELAY_MS } from './modal-timing.js'
import { createNavigation, type Screen } from './navigation/navigation.js'
import { ModalShell } from './primitives/modal-shell.js'
import { Landing } from './screens/landing.js'
import type { WalletFlowScreen } from './screens/wallet-flows/screens.js'
import type { WalletScreen } from './screens/wallet-screens.js'
import * as styles from './styles/modal.css.js'

// Only the landing ships in the first chunk; later screens load when first shown.
const CodeEntry = lazy(() => import('./screens/code-entry.js'))
const ErrorScreen = lazy(() => import('./screens/error-screen.js'))
const MoreOptions = lazy(() => import('./screens/more-options.js'))
const PhoneInput = lazy(() => import('./screens/phone-input.js'))
const OAuthStatus = lazy(() => import('./screens/oauth-status.js'))
const CrossAppStatus = lazy(() => import('./screens/cross-app-status.js'))
const PasskeyStatus = lazy(() => import('./screens/passkey-status.js'))
const PasskeyChoice = lazy(() => import('./screens/passkey-choice.js'))
const FarcasterScreen = lazy(() => import('./screens/farcaster.js'))
const TelegramStatus = lazy(() => import('./screens/telegram-status.js'))
const WalletScreens = lazy(() => import('./screens/wallet-screens.js'))
const CaptchaScreen = lazy(() => import('./screens/captcha.js'))
const TermsScreen = lazy(() => import('./screens/terms.js'))
const AccountTransferScreen = lazy(() => import('./screens/account-transfer.js'))
const AccountTransferAssetsScreen = lazy(() => import('./screens/account-transfer-assets.js'))
const WalletFlows = lazy(() => import('./screens/wallet-flows/wallet-flows.js'))

/** Screens that draw their own success, so the modal waits `SUCCESS_SCREEN_DELAY_MS` before it closes. */
const showsOwnSuccess = (screen: string) => screen === 'wallet-status'

/** Finishing after the success delay; `flush` finishes at once (the modal closed meanwhile: the result is still reported). */
function delayedFinish() {
  let pending: { timer: ReturnType<typeof setTimeout>; finish(): void } | null = null
  return {
    schedule(finish: () => void) {
      const timer = setTimeout(() => {
        pending = null
        finish()
      }, SUCCESS_SCREEN_DELAY_MS)
      pending = { timer, finish }
    },
    flush() {
      if (!pending) return
      clearTimeout(pending.timer)
      const { finish } = pending
      pending = null
      finish()
    },
  }
}

type CaptchaAction = (captchaToken: string | undefined) => Promise<void>

export interface AuthModalViewProps {
  client: TesseraClient
  open: boolean
  standalone: boolean
  /** Asks the host to close (the element flips `open` and dispatches `modalclose`). */
  onClose(): void
  onLoginSuccess(detail: { user: User; isNewUser: boolean }): void
  onAuthError(error: TesseraError): void
  /** What the modal is opened for; default sign-in. Link and update open on the method's own input. */
  request?: ModalRequest
  /** A link or update the modal was opened for succeeded (the modal then closes). */
  onLinkSuccess?(detail: { user: User; linkMethod: string }): void
  onUpdateSuccess?(detail: { user: User; updateMethod: 'email' | 'sms' }): void
}

const loginRequest: ModalRequest = { intent: 'login' }

/** The whole sign-in modal over one client: screens, navigation and lifecycle. */
export function AuthModalView(props: AuthModalViewProps) {
  const t = useT()
  const { client, open, standalone, onClose, onLoginSuccess, onAuthError, request = loginRequest, onLinkSuccess, onUpdateSuccess } = props
  const navigation = useMemo(createNavigation, [])
  const { current } = useSyncExternalStore(navigation.subscribe, navigation.getState)
  const [error, setError] = useState<TesseraError | null>(null)
  const [errorStep, setErrorStep] = useState<ErrorStep | null>(null)
  const [transfer, setTransfer] = useState<AccountTransfer | null>(null)
  // The action `withCaptcha` parks for the CAPTCHA screen, and the promise its caller awaits.
  const pendingCaptcha = useRef<{ action: CaptchaAction; userGesture: boolean; resolve(): void; reject(error: unknown): void } | null>(null)
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
  /** Document 2 §4 "Wallet creation": a login that creates wallets holds on 'Creating your wallet', then the created screen. */
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
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (!open) {
      setOpened(false)
      return
    }
    const timer = setTimeout(() => setOpened(true), MODAL_OPEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [open])
  // Closing is immediate; opening waits its 15 ms.
  const visible = (open && opened) || standalone

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

  // A link or update request opens on its method, with no landing behind it.
  useEffect(() => {
    if (visible && request.intent !== 'login') navigation.reset(initialScreen(request))
  }, [visible, request, navigation])

  // Only a link, update or connect-or-create request ends with the link or update (a wallet flow may link a passkey on the way).
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
      // A transfer (announced as a link) shows 'Success!' and closes itself after 1 s (document 2).
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

  const everShown = useRef(false)
  // Closed, its flows not reset yet: a reopening shows none of the last opening's screens (a screen mounted for one
  // render would act on the new request: a confirmation cover would take and drop its confirmation).
  const [resetPending, setResetPending] = useState(false)
  useEffect(() => {
    if (visible) {
      everShown.current = true
      return
    }
    // Only a close clears: a modal that was never shown must not cancel a flow the app started headlessly.
    if (!everShown.current) return
    setResetPending(true)
    // Document 1 §4: the CAPTCHA resets on modal close.
    client.captcha.reset()
    pendingCaptcha.current?.resolve()
    pendingCaptcha.current = null
    let pending = true
    const resetFlows = () => {
      pending = false
      setResetPending(false)
      setErrorStep(null)
      setTransfer(null)
      setHeldLogin(null)
      client.email.reset()
      client.sms.reset()
      client.oauth.reset()
      client.wallets.reset()
      client.crossApp.reset()
      client.passkey.reset()
      client.farcaster.reset()
      client.telegram.reset()
      navigation.reset()
      setError(null)
    }
    const timer = setTimeout(resetFlows, FLOW_RESET_DELAY_MS)
    return () => {
      clearTimeout(timer)
      // Reopened within the delay: the finished flow must not greet the next opening.
      if (pending) resetFlows()
    }
  }, [client, visible, navigation])

  // Closed while the wallets were being made: the login itself succeeded, unless the failed creation signed the user
  // out (document 2 §4). Only the closing render counts, with the login and screen it showed.
  useEffect(() => {
    if (!visible && heldLogin && current.startsWith('wallet:') && client.getAuth().status === 'authenticated') onLoginSuccess(heldLogin)
  }, [visible])

  const showError = useCallback(
    (next: TesseraError, step: ErrorStep | null = null) => {
      const route = routeError(next, step ?? 'login')
      setError(next)
      setErrorStep(step)
      onAuthError(next)
      navigation.navigate(route.kind === 'screen' ? route.screen : 'error')
    },
    [navigation, onAuthError],
  )

  const handleError = useCallback(
    (caught: unknown, step: ErrorStep, transferContext?: TransferContext) => {
      const error = asTesseraError(caught)
      const { kind } = routeError(error, step)
      // Document 1 §8: the server refused the CAPTCHA token, so the next attempt needs a new one.
      if (error.code === 'invalid_captcha') client.captcha.reset()
      const offer = kind === 'account-transfer' && transferContext ? client.accountTransferFrom(error, transferContext) : null
      if (offer) {
        setTransfer(offer)
        navigation.navigate('account-transfer')
      } else if (kind === 'screen' || kind === 'account-transfer') {
        showError(error, step)
        return 'screen'
      } else onAuthError(error)
      return kind
    },
    [client, navigation, showError, onAuthError],
  )

  const withCaptcha = useCallback(
    async (action: CaptchaAction, options: CaptchaActionOptions = {}) => {
      if (client.getCaptcha().status === 'disabled') return action(undefined)
      const held = client.captcha.consumeToken()
      if (held) return action(held)
      pendingCaptcha.current?.resolve()
      return new Promise<void>((resolve, reject) => {
        pendingCaptcha.current = { action, userGesture: options.userGesture ?? false, resolve, reject }
        navigation.navigate('captcha')
      })
    },
    [client, navigation],
  )

  const runCaptchaAction = useCallback(async (captchaToken: string | undefined) => {
    const pending = pendingCaptcha.current
    pendingCaptcha.current = null
    if (!pending) return
    try {
      await pending.action(captchaToken)
      pending.resolve()
    } catch (caught) {
      pending.reject(caught)
    }
  }, [])

  const captchaActionNeedsUserGesture = useCallback(() => pendingCaptcha.current?.userGesture ?? false, [])

  const context = useMemo<ModalContextValue>(
    () => ({
      client,
      request,
      navigation,
      standalone,
      close: onClose,
      showError,
      handleError,
      error,
      errorStep,
      transfer,
      withCaptcha,
      runCaptchaAction,
      captchaActionNeedsUserGesture,
      heldLogin,
      finishLogin,
      walletCreationFailed(failure) {
        setHeldLogin(null)
        if (failure) onAuthError(failure)
      },
    }),
    [client, request, navigation, standalone, onClose, showError, handleError, error, errorStep, transfer, withCaptcha, runCaptchaAction, captchaActionNeedsUserGesture, heldLogin, finishLogin, onAuthError],
  )

  if (!visible) return null
  return (
    <ModalContext.Provider value={context}>
      <ModalShell standalone={standalone} onClose={onClose}>
        <Suspense fallback={<p className={styles.message}>{t('modal.loading')}</p>}>
          {resetPending ? null : <RoutedScreen current={current} />}
        </Suspense>
      </ModalShell>
    </ModalContext.Provider>
  )
}

/** The screen `current` names. */
function RoutedScreen({ current }: { current: Screen }) {
  return (
    <>
      {current === 'landing' && <Landing />}
      {current === 'code' && <CodeEntry channel="email" />}
      {current === 'sms-code' && <CodeEntry channel="sms" />}
      {current === 'more-options' && <MoreOptions />}
      {current === 'phone' && <PhoneInput />}
      {current === 'oauth' && <OAuthStatus />}
      {current === 'cross-app' && <CrossAppStatus />}
      {current === 'passkey' && <PasskeyStatus />}
      {current === 'passkey-choice' && <PasskeyChoice />}
      {current === 'farcaster' && <FarcasterScreen />}
      {current === 'telegram' && <TelegramStatus />}
      {(current === 'error' || current === 'allowlist-denied' || current === 'user-limit' || current === 'account-not-found') && <ErrorScreen />}
      {current.startsWith('wallet-') && <WalletScreens screen={current as WalletScreen} />}
      {current === 'captcha' && <CaptchaScreen />}
      {current === 'terms' && <TermsScreen />}
      {current === 'account-transfer' && <AccountTransferScreen />}
      {current === 'account-transfer-assets' && <AccountTransferAssetsScreen />}
      {current.includes(':') && <WalletFlows screen={current as WalletFlowScreen} />}
    </>
  )
}
