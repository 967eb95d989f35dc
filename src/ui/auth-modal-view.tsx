import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react'
import type { TesseraClient, TesseraError, User } from '../core/index.js'
import { useT } from './copy/en.js'
import { ModalContext, type ModalContextValue, type ModalRequest } from './modal-context.js'
import { useCaptchaGate } from './modal-lifecycle/use-captcha-gate.js'
import { useErrorRouting } from './modal-lifecycle/use-error-routing.js'
import { useLinkOutcome } from './modal-lifecycle/use-link-outcome.js'
import { useLoginOutcome, useLoginReportedOnClose } from './modal-lifecycle/use-login-outcome.js'
import { useResetOnClose } from './modal-lifecycle/use-reset-on-close.js'
import { useVisible } from './modal-lifecycle/use-visible.js'
import { createNavigation, type Screen } from './navigation/navigation.js'
import { ModalShell } from './primitives/modal-shell.js'
import { Landing } from './screens/landing.js'
// Imported after the landing: that module order gzips the first chunk about 0.2 KiB smaller (bench/first-load-sources.mjs).
import { loginMethodUis } from './login-methods.js'
import type { WalletFlowScreen } from './screens/wallet-flows/screens.js'
import * as styles from './styles/modal.css.js'

// Only the landing ships in the first chunk; later screens load when first shown.
const ErrorScreen = lazy(() => import('./screens/error-screen.js'))
const MoreOptions = lazy(() => import('./screens/more-options.js'))
const CaptchaScreen = lazy(() => import('./screens/captcha.js'))
const TermsScreen = lazy(() => import('./screens/terms.js'))
const AccountTransferScreen = lazy(() => import('./screens/account-transfer.js'))
const AccountTransferAssetsScreen = lazy(() => import('./screens/account-transfer-assets.js'))
const WalletFlows = lazy(() => import('./screens/wallet-flows/wallet-flows.js'))

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
  const errors = useErrorRouting(client, navigation, onAuthError)
  const captcha = useCaptchaGate(client, navigation)
  const visible = useVisible(open, standalone)
  const { heldLogin, setHeldLogin, finishLogin } = useLoginOutcome({ client, navigation, visible, standalone, onClose, onLoginSuccess })
  useLinkOutcome({ client, navigation, visible, standalone, request, onClose, onLinkSuccess, onUpdateSuccess })
  const resetPending = useResetOnClose(client, navigation, visible, captcha.dropCaptchaAction, () => {
    errors.clearErrors()
    setHeldLogin(null)
  })
  useLoginReportedOnClose(client, visible, heldLogin, current, onLoginSuccess)

  const { error, errorStep, transfer, showError, handleError } = errors
  const { withCaptcha, runCaptchaAction, captchaActionNeedsUserGesture } = captcha
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
    [
      client,
      request,
      navigation,
      standalone,
      onClose,
      showError,
      handleError,
      error,
      errorStep,
      transfer,
      withCaptcha,
      runCaptchaAction,
      captchaActionNeedsUserGesture,
      heldLogin,
      setHeldLogin,
      finishLogin,
      onAuthError,
    ],
  )

  if (!visible) return null
  return (
    <ModalContext.Provider value={context}>
      <ModalShell standalone={standalone} onClose={onClose}>
        <Suspense fallback={<p className={styles.message}>{t('modal.loading')}</p>}>{resetPending ? null : <RoutedScreen current={current} />}</Suspense>
      </ModalShell>
    </ModalContext.Provider>
  )
}

/** The screen `current` names. */
function RoutedScreen({ current }: { current: Screen }) {
  return (
    <>
      {current === 'landing' && <Landing />}
      {current === 'more-options' && <MoreOptions />}
      {loginMethodUis.map((ui) => ui.screen(current))}
      {(current === 'error' || current === 'allowlist-denied' || current === 'user-limit' || current === 'account-not-found') && <ErrorScreen />}
      {current === 'captcha' && <CaptchaScreen />}
      {current === 'terms' && <TermsScreen />}
      {current === 'account-transfer' && <AccountTransferScreen />}
      {current === 'account-transfer-assets' && <AccountTransferAssetsScreen />}
      {current.includes(':') && <WalletFlows screen={current as WalletFlowScreen} />}
    </>
  )
}
