import type { WalletFlowScreen } from '../wallet-flows/screens.js'

/** Placeholder until the password screens land: the group's router. */
export default function PasswordScreens(_props: { screen: WalletFlowScreen }) {
  return null
}
