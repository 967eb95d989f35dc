import { t } from '../copy/en.js'
import { ProviderIcon } from '../icons/provider-icon.js'
import { PhoneIcon } from '../icons/method-icons.js'
import { isOAuthProvider, type LandingMethod, type LoginMethodName } from '../landing/method-kind.js'
import { useModal } from '../modal-context.js'
import * as styles from '../styles/landing.css.js'
import { EmailForm } from './email-form.js'
import { LoginMethodButton } from './login-method-button.js'
import { useStartOAuth } from './use-start-oauth.js'

/** The landing's method rows in order: the inline email form, 'Continue with SMS', provider buttons and the other methods. */
export function LoginMethodRows({ methods, recent }: { methods: readonly LandingMethod[]; recent: LoginMethodName | null }) {
  return (
    <ul className={styles.methodList} aria-label={t('landing.methods')}>
      {methods.map((method) => (
        <li key={method}>
          <MethodRow method={method} recent={recent} />
        </li>
      ))}
    </ul>
  )
}

/** One row: each method's button opens its own screen (or, for OAuth, its provider). */
function MethodRow({ method, recent }: { method: LandingMethod; recent: LoginMethodName | null }) {
  const { navigation } = useModal()
  const startOAuth = useStartOAuth()
  if (method === 'email') return <EmailForm recent={recent === 'email'} />
  if (method === 'sms')
    return <LoginMethodButton part="method-button sms-button" icon={<PhoneIcon />} label={t('landing.sms')} recent={recent === 'sms'} onClick={() => navigation.navigate('phone')} />
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
