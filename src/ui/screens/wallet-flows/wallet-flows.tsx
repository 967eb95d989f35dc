/**
 * Routes a `group:step` screen to its lazily loaded screens: wallet creation after a login, password and recovery,
 * MFA, key export and import, funding, and the confirmation of signatures and transactions (covering any other open
 * step).
 */
import { lazy } from 'react'
import { MfaCover } from '../mfa/mfa-cover.js'
import { ConfirmationCover } from './confirmation-cover.js'
import { walletFlowGroupOf, type WalletFlowScreen } from './screens.js'

const PasswordScreens = lazy(() => import('../password/password-screens.js'))
const MfaScreens = lazy(() => import('../mfa/mfa-screens.js'))
const KeyScreens = lazy(() => import('../key/key-screens.js'))
const CloudScreens = lazy(() => import('../cloud/cloud-screens.js'))
const FarcasterSignerScreens = lazy(() => import('../farcaster-signer/farcaster-signer-screens.js'))
const DelegationScreens = lazy(() => import('../delegation/delegation-screens.js'))
const TransactionScreens = lazy(() => import('../transactions/transaction-screens.js'))
const FundingScreens = lazy(() => import('../funding/funding-screens.js'))
const WalletsView = lazy(() => import('../wallets-view/wallets-view.js'))
const EmbeddedWalletCreating = lazy(() => import('../embedded-wallet-creating.js'))
const EmbeddedWalletCreated = lazy(() => import('../embedded-wallet-created.js'))

export default function WalletFlows({ screen }: { screen: WalletFlowScreen }) {
  // A verification the request's wallet needed first: its confirmation follows in place.
  if (screen === 'mfa:verify')
    return (
      <ConfirmationCover>
        <MfaScreens screen={screen} />
      </ConfirmationCover>
    )
  if (screen === 'wallet:creating') return <EmbeddedWalletCreating />
  if (screen === 'wallet:created') return <EmbeddedWalletCreated />
  const step =
    walletFlowGroupOf(screen) === 'transaction' ? (
      <TransactionScreens screen={screen} />
    ) : (
      <ConfirmationCover>
        <WalletFlowStep screen={screen} />
      </ConfirmationCover>
    )
  // A step's gated call (a password change, an export, an approved transaction) raises the MFA challenge over the
  // step, which stays mounted underneath and finishes once verified.
  return <MfaCover>{step}</MfaCover>
}

function WalletFlowStep({ screen }: { screen: WalletFlowScreen }) {
  const group = walletFlowGroupOf(screen)
  if (group === 'mfa') return <MfaScreens screen={screen} />
  if (group === 'cloud') return <CloudScreens screen={screen} />
  if (group === 'farcaster') return <FarcasterSignerScreens screen={screen} />
  if (group === 'delegation') return <DelegationScreens screen={screen} />
  if (group === 'key') return <KeyScreens screen={screen} />
  if (group === 'funding') return <FundingScreens screen={screen} />
  if (group === 'wallets') return <WalletsView />
  return <PasswordScreens screen={screen} />
}
