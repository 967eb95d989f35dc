/** Routes a `group:step` screen to its group's lazily loaded screens (password and recovery, MFA, key export and import). */
import { lazy } from 'react'
import { walletFlowGroupOf, type WalletFlowScreen } from './screens.js'

const PasswordScreens = lazy(() => import('../password/password-screens.js'))
const MfaScreens = lazy(() => import('../mfa/mfa-screens.js'))
const KeyScreens = lazy(() => import('../key/key-screens.js'))

export default function WalletFlows({ screen }: { screen: WalletFlowScreen }) {
  const group = walletFlowGroupOf(screen)
  if (group === 'password' || group === 'recovery') return <PasswordScreens screen={screen} />
  if (group === 'mfa') return <MfaScreens screen={screen} />
  return <KeyScreens screen={screen} />
}
