import { lazy } from 'react'
import { useConfigState } from '../../client-slices/config.js'
import { useT } from '../../copy/en.js'
import { PasskeyIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { defineLoginMethodUi, type LandingRowProps } from '../method-ui.js'
import { useStartPasskey } from './passkey-start.js'
import { passkeyRoutes } from './routes.js'

const PasskeyStatus = lazy(() => import('./passkey-status.js'))
const PasskeyChoice = lazy(() => import('./passkey-choice.js'))

// Sign-in spec, "Screens and routes": with passkey sign-up on, the choice screen first; otherwise straight to sign-in. Hidden without WebAuthn.
function PasskeyRow({ recent }: LandingRowProps) {
  const t = useT()
  const { client, navigation } = useModal()
  const startPasskey = useStartPasskey()
  const { passkeysForSignup } = useConfigState(client).config
  if (!client.auth.passkey.isSupported()) return null
  return (
    <LoginMethodButton
      part="method-button passkey-button"
      icon={<PasskeyIcon />}
      label={t(passkeysForSignup ? 'landing.passkey.continue' : 'landing.passkey.login')}
      recent={recent === 'passkey'}
      onClick={() => (passkeysForSignup ? navigation.navigate('passkey-choice') : startPasskey('login'))}
    />
  )
}

/** Passkey: its row, the sign-up-or-sign-in choice and the status screen. */
export const passkeyUi = defineLoginMethodUi({
  routes: passkeyRoutes,
  Row: PasskeyRow,
  Screens: ({ screen }) => (screen === 'passkey' ? <PasskeyStatus /> : <PasskeyChoice />),
  reset: (client) => client.auth.passkey.reset(),
})
