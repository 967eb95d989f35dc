import { lazy } from 'react'
import { useT } from '../../copy/en.js'
import { FarcasterIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { defineLoginMethodUi, type LandingRowProps } from '../method-ui.js'
import { farcasterRoutes } from './routes.js'

const FarcasterScreen = lazy(() => import('./farcaster.js'))

function FarcasterRow({ recent }: LandingRowProps) {
  const t = useT()
  const { navigation } = useModal()
  return (
    <LoginMethodButton
      part="method-button farcaster-button"
      icon={<FarcasterIcon />}
      label={t('landing.farcaster')}
      recent={recent === 'farcaster'}
      onClick={() => navigation.navigate('farcaster')}
    />
  )
}

/** Farcaster: its row, then the QR code or open-app screen. */
export const farcasterUi = defineLoginMethodUi({
  routes: farcasterRoutes,
  Row: FarcasterRow,
  Screens: () => <FarcasterScreen />,
  reset: (client) => client.auth.farcaster.reset(),
})
