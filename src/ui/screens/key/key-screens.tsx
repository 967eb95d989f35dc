import type { WalletFlowScreen } from '../wallet-flows/screens.js'

/** Placeholder until the key export and import screens land: the group's router. */
export default function KeyScreens(_props: { screen: WalletFlowScreen }) {
  return null
}
