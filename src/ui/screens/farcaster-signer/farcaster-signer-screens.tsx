/** The Farcaster signer group (wallet spec, "States and transitions": "Farcaster signer"): loaded with its first screen. */
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { FarcasterSignerScreen } from './farcaster-signer-screen.js'

export default function FarcasterSignerScreens({ screen }: { screen: WalletFlowScreen }) {
  return screen === 'farcaster:signer' ? <FarcasterSignerScreen /> : null
}
