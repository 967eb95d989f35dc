import type { Screen } from '../navigation/navigation.js'
import { ConnectOrCreate } from './connect-or-create.js'
import { WalletPicker } from './wallet-picker.js'
import { WalletStatus } from './wallet-status.js'

/**
 * The wallet screens behind one lazy import: the status screen then renders from the connection's first state,
 * where a second lazy boundary would show its fallback through the fast early steps.
 */
export type WalletScreen = Extract<Screen, `wallet-${string}`>

export default function WalletScreens({ screen }: { screen: WalletScreen }) {
  if (screen === 'wallet-connect-or-create') return <ConnectOrCreate />
  return screen === 'wallet-picker' ? <WalletPicker /> : <WalletStatus />
}
