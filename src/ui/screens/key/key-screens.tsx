/** The key group (funding spec, "Screens and routes": "Key export"; wallet spec, "States and transitions": private-key import): loaded with its first screen. */
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { KeyExport } from './key-export.js'
import { KeyImport } from './key-import.js'

export default function KeyScreens({ screen }: { screen: WalletFlowScreen }) {
  if (screen === 'key:export') return <KeyExport />
  if (screen === 'key:import') return <KeyImport />
  return null
}
