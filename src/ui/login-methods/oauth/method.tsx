import { lazy } from 'react'
import type { OAuthProvider } from '../../../protocol/index.js'
import { useT } from '../../copy/en.js'
import { ProviderIcon } from '../../icons/provider-icon.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { defineLoginMethodUi, type LandingRowProps } from '../method-ui.js'
import { oauthRoutes } from './routes.js'
import { useStartOAuth } from './use-start-oauth.js'

const OAuthStatus = lazy(() => import('./oauth-status.js'))

function OAuthRow({ method, recent }: LandingRowProps & { method: OAuthProvider }) {
  const t = useT()
  const startOAuth = useStartOAuth()
  return (
    <LoginMethodButton
      part={`method-button oauth-button ${method}-button`}
      icon={<ProviderIcon provider={method} />}
      label={t(`provider.${method}`)}
      recent={recent === method}
      onClick={() => startOAuth(method)}
    />
  )
}

/** OAuth: a row per provider that opens the provider, and one status screen for all. */
export const oauthUi = defineLoginMethodUi({
  routes: oauthRoutes,
  Row: OAuthRow,
  Screens: () => <OAuthStatus />,
  reset: (client) => client.auth.oauth.reset(),
})
