import { lazy } from 'react'
import { useConfigState } from '../../client-slices/config.js'
import { CrossAppIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { defineLoginMethodUi, type LandingRowProps } from '../method-ui.js'
import { useStartCrossApp } from './cross-app-start.js'
import { crossAppRoutes, type CrossAppMethod } from './routes.js'

const CrossAppStatus = lazy(() => import('./cross-app-status.js'))

// Wallet spec: a cross-app provider's button shows the provider app's name and icon.
function CrossAppRow({ method, recent }: LandingRowProps & { method: CrossAppMethod }) {
  const { client } = useModal()
  const startCrossApp = useStartCrossApp()
  const { crossAppProviders } = useConfigState(client).config
  const provider = crossAppProviders.find((candidate) => `privy:${candidate.appId}` === method)
  return (
    <LoginMethodButton
      part="method-button cross-app-button"
      icon={<CrossAppIcon iconUrl={provider?.iconUrl ?? null} />}
      label={provider?.name ?? method.slice('privy:'.length)}
      recent={recent === method}
      onClick={() => startCrossApp(method)}
    />
  )
}

/** Cross-app: a row per provider app, then the connection status. */
export const crossAppUi = defineLoginMethodUi({
  routes: crossAppRoutes,
  Row: CrossAppRow,
  Screens: () => <CrossAppStatus />,
  reset: (client) => client.auth.crossApp.reset(),
})
