/** The 'funding' group (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"): `<auth-modal>`'s funding session on 'funding:flow', loaded when first shown. */
import { useModal } from '../../modal-context.js'
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { FundingView } from './funding-view.js'

export default function FundingScreens({ screen }: { screen: WalletFlowScreen }) {
  const { client, standalone, close } = useModal()
  if (screen !== 'funding:flow') return null
  return <FundingView client={client} standalone={standalone} onClose={standalone ? undefined : close} />
}
