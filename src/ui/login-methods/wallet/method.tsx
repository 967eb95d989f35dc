import { lazy } from 'react'
import { useT } from '../../copy/en.js'
import { WalletIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { defineLoginMethodUi, type LandingRowProps } from '../method-ui.js'
import { walletRoutes } from './routes.js'

const WalletScreens = lazy(() => import('../../screens/wallet-screens.js'))

// The wallet row (or the legacy layout's wallet shortcut) opens the wallet picker.
function WalletRow({ recent, walletLabel }: LandingRowProps) {
  const t = useT()
  const { navigation } = useModal()
  return (
    <LoginMethodButton
      part="method-button wallet-button"
      icon={<WalletIcon />}
      label={t(walletLabel)}
      recent={recent === 'siwe' || recent === 'siws'}
      onClick={() => navigation.navigate('wallet-picker')}
    />
  )
}

/** External wallets: the wallet row and the wallet screens (one component, so the status screen keeps the picker's connection). */
export const walletUi = defineLoginMethodUi({
  routes: walletRoutes,
  Row: WalletRow,
  Screens: ({ screen }) => <WalletScreens screen={screen} />,
  reset: (client) => client.wallets.reset(),
})
