import { WalletPicker } from './wallet-picker.js'
import { WalletStatus } from './wallet-status.js'

/**
 * The wallet screens behind one lazy import: the status screen then renders from the connection's first state,
 * where a second lazy boundary would show its fallback through the fast early steps.
 */
export default function WalletScreens({ screen }: { screen: 'wallet-picker' | 'wallet-status' }) {
  return screen === 'wallet-picker' ? <WalletPicker /> : <WalletStatus />
}
