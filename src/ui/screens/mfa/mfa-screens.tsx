import type { WalletFlowScreen } from '../wallet-flows/screens.js'

/** Placeholder until the MFA screens land: the group's router. */
export default function MfaScreens(_props: { screen: WalletFlowScreen }) {
  return null
}
