/**
 * Routes a `group:step` screen to its lazily loaded screens: wallet creation after a login, password and recovery,
 * MFA, key export and import.
 */
import { lazy } from 'react'
import { MfaCover } from '../mfa/mfa-cover.js'
import { walletFlowGroupOf, type WalletFlowScreen } from './screens.js'

const PasswordScreens = lazy(() => import('../password/password-screens.js'))
const MfaScreens = lazy(() => import('../mfa/mfa-screens.js'))
const KeyScreens = lazy(() => import('../key/key-screens.js'))
const CloudScreens = lazy(() => import('../cloud/cloud-screens.js'))
const FarcasterSignerScreens = lazy(() => import('../farcaster-signer/farcaster-signer-screens.js'))
const DelegationScreens = lazy(() => import('../delegation/delegation-screens.js'))
const EmbeddedWalletCreating = lazy(() => import('../embedded-wallet-creating.js'))
const EmbeddedWalletCreated = lazy(() => import('../embedded-wallet-created.js'))

export default function WalletFlows({ screen }: { screen: WalletFlowScreen }) {
  const group = walletFlowGroupOf(screen)
  if (screen === 'wallet:creating') return <EmbeddedWalletCreating />
  if (screen === 'wallet:created') return <EmbeddedWalletCreated />
  if (group === 'mfa') return <MfaScreens screen={screen} />
  if (group === 'cloud') return <MfaCover><CloudScreens screen={screen} /></MfaCover>
  if (group === 'farcaster') return <MfaCover><FarcasterSignerScreens screen={screen} /></MfaCover>
  if (group === 'delegation') return <MfaCover><DelegationScreens screen={screen} /></MfaCover>
  // A step's gated call (a password change, an export) raises the MFA challenge over the step, which stays mounted.
  return <MfaCover>{group === 'key' ? <KeyScreens screen={screen} /> : <PasswordScreens screen={screen} />}</MfaCover>
}
