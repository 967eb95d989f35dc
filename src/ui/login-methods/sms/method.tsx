import { lazy } from 'react'
import { useT } from '../../copy/en.js'
import { PhoneIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { CodeEntry } from '../otp/code-entry-screen.js'
import { defineLoginMethodUi, type LandingRowProps } from '../method-ui.js'
import { smsRoutes } from './routes.js'

const PhoneInput = lazy(() => import('./phone-input.js'))

function SmsRow({ recent }: LandingRowProps) {
  const t = useT()
  const { navigation } = useModal()
  return (
    <LoginMethodButton
      part="method-button sms-button"
      icon={<PhoneIcon />}
      label={t('landing.sms')}
      recent={recent === 'sms'}
      onClick={() => navigation.navigate('phone')}
    />
  )
}

/** SMS: 'Continue with SMS', the phone input, then the code boxes. */
export const smsUi = defineLoginMethodUi({
  routes: smsRoutes,
  Row: SmsRow,
  Screens: ({ screen }) => (screen === 'phone' ? <PhoneInput /> : <CodeEntry channel="sms" />),
  reset: (client) => client.auth.sms.reset(),
})
