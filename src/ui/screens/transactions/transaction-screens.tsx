/** The 'transaction' group (funding spec, "Screens and routes"): `<auth-modal>`'s confirmation of the queued requests, loaded when first shown. */
import { useModal } from '../../modal-context.js'
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { TransactionView } from './transaction-view.js'

export default function TransactionScreens({ screen }: { screen: WalletFlowScreen }) {
  const { client, standalone, close } = useModal()
  if (screen !== 'transaction:confirm') return null
  return <TransactionView client={client} standalone={standalone} onClose={standalone ? undefined : close} />
}
