import { useT, type CopyKey } from '../copy/en.js'
import { ProviderIcon } from '../icons/provider-icon.js'
import { FarcasterIcon, PasskeyIcon, PhoneIcon, TelegramIcon, WalletIcon, CrossAppIcon } from '../icons/method-icons.js'
import { isCrossAppMethod, isOAuthProvider, type LandingMethod, type LoginMethodName } from '../landing/method-kind.js'
import { useModal } from '../modal-context.js'
import { useStartCrossApp } from '../screens/cross-app-start.js'
import { useStartPasskey } from '../screens/passkey-start.js'
import { useStartTelegram } from '../screens/telegram-start.js'
import * as styles from '../styles/landing.css.js'
import { useConfigState } from '../client-slices/config.js'
import { EmailForm } from './email-form.js'
import { LoginMethodButton } from './login-method-button.js'
import { useStartOAuth } from './use-start-oauth.js'

/** The landing's method rows in order: the inline email form, 'Continue with SMS', provider buttons and the other methods. */
export function LoginMethodRows({ methods, recent, walletLabel = 'landing.wallet.continue' }: { methods: readonly LandingMethod[]; recent: LoginMethodName | null; walletLabel?: CopyKey }) {
  const t = useT()
  return (
    <ul className={styles.methodList} aria-label={t('landing.methods')}>
      {methods.map((method) => (
        <li key={method}>
          <MethodRow method={method} recent={recent} walletLabel={walletLabel} />
        </li>
      ))}
    </ul>
  )
}

/** One row: each method's button opens its own screen (or, for OAuth, its provider). */
function MethodRow({ method, recent, walletLabel }: { method: LandingMethod; recent: LoginMethodName | null; walletLabel: CopyKey }) {
  const t = useT()
  const { client, navigation } = useModal()
  const startOAuth = useStartOAuth()
  const startPasskey = useStartPasskey()
  const startCrossApp = useStartCrossApp()
  const startTelegram = useStartTelegram()
  const { passkeysForSignup, crossAppProviders } = useConfigState(client).config
  // The wallet row (or the legacy layout's wallet shortcut) opens the wallet picker.
  if (method === 'wallet')
    return (
      <LoginMethodButton
        part="method-button wallet-button"
        icon={<WalletIcon />}
        label={t(walletLabel)}
        recent={recent === 'siwe' || recent === 'siws'}
        onClick={() => navigation.navigate('wallet-picker')}
      />
    )
  if (method === 'email') return <EmailForm recent={recent === 'email'} />
  if (method === 'sms')
    return <LoginMethodButton part="method-button sms-button" icon={<PhoneIcon />} label={t('landing.sms')} recent={recent === 'sms'} onClick={() => navigation.navigate('phone')} />
  // Sign-in spec, "Screens and routes": with passkey sign-up on, the choice screen first; otherwise straight to sign-in. Hidden without WebAuthn.
  if (method === 'passkey')
    return client.auth.passkey.isSupported() ? (
      <LoginMethodButton
        part="method-button passkey-button"
        icon={<PasskeyIcon />}
        label={t(passkeysForSignup ? 'landing.passkey.continue' : 'landing.passkey.login')}
        recent={recent === 'passkey'}
        onClick={() => (passkeysForSignup ? navigation.navigate('passkey-choice') : startPasskey('login'))}
      />
    ) : null
  if (method === 'farcaster')
    return (
      <LoginMethodButton
        part="method-button farcaster-button"
        icon={<FarcasterIcon />}
        label={t('landing.farcaster')}
        recent={recent === 'farcaster'}
        onClick={() => navigation.navigate('farcaster')}
      />
    )
  if (method === 'telegram')
    return (
      <LoginMethodButton
        part="method-button telegram-button"
        icon={<TelegramIcon />}
        label={t('landing.telegram')}
        recent={recent === 'telegram'}
        onClick={() => startTelegram('login')}
      />
    )
  // Wallet spec: a cross-app provider's button shows the provider app's name and icon.
  if (isCrossAppMethod(method)) {
    const provider = crossAppProviders.find((candidate) => `privy:${candidate.appId}` === method)
    return (
      <LoginMethodButton
        part="method-button cross-app-button"
        icon={<CrossAppIcon iconUrl={provider?.iconUrl ?? null} />}
        label={provider?.name ?? method.slice('privy:'.length)}
        recent={recent === method}
        onClick={() => startCrossApp(method)}
      />
    )
  }
  if (isOAuthProvider(method))
    return (
      <LoginMethodButton
        part={`method-button oauth-button ${method}-button`}
        icon={<ProviderIcon provider={method} />}
        label={t(`provider.${method}`)}
        recent={recent === method}
        onClick={() => startOAuth(method)}
      />
    )
  return null
}
