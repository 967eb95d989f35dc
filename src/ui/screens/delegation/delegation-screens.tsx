/** The delegated-wallets group (wallet spec, "States and transitions": "Delegated wallets"): loaded with its first screen. */
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { DelegationScreen } from './delegation-screen.js'

export default function DelegationScreens({ screen }: { screen: WalletFlowScreen }) {
  if (screen === 'delegation:consent') return <DelegationScreen revoke={false} />
  if (screen === 'delegation:revoke') return <DelegationScreen revoke />
  return null
}
