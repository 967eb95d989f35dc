import { useT } from '../../copy/oauth.js'
import { ProviderIcon } from '../../icons/provider-icon.js'
import { isOAuthProvider } from './routes.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import { useStartOAuth } from './use-start-oauth.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useLoginMethodState } from '../../client-slices/login-method.js'

/** OAuth status: waiting for the provider's popup, then verifying; a link intent starts here with a button. */
export default function OAuthStatus() {
  const t = useT()
  const { client, request, navigation } = useModal()
  const flow = useLoginMethodState(client, 'oauth')
  const startOAuth = useStartOAuth()
  const requested = request.intent === 'link' && isOAuthProvider(request.method) ? request.method : null
  const provider = flow.provider ?? requested
  const hasHistory = navigation.getState().history.length > 0
  if (!provider) return null
  const name = t(`provider.${provider}`)
  const inProgress = flow.status === 'awaiting-popup' || flow.status === 'redirecting' || flow.status === 'authenticating'

  return (
    <>
      <ScreenHeader title={t(requested ? 'link.oauth.title' : 'oauth.title', { provider: name })} onBack={hasHistory ? () => navigation.back() : undefined} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <span className={landingStyles.statusIcon}>
          <ProviderIcon provider={provider} />
        </span>
        <div role="status" aria-live="polite" className={styles.centred}>
          {flow.status === 'authenticating' ? (
            <p part="oauth-status" className={styles.message}>
              {t('oauth.authenticating', { provider: name })}
            </p>
          ) : inProgress ? (
            <>
              <p part="oauth-status" className={styles.message}>
                <strong>{t('oauth.waiting', { provider: name })}</strong>
              </p>
              <p className={styles.message}>{t('oauth.description', { provider: name })}</p>
            </>
          ) : null}
        </div>
        {!inProgress && (
          <button type="button" part="submit-button" className={styles.primaryButton} onClick={() => startOAuth(provider)}>
            {t('oauth.start', { provider: name })}
          </button>
        )}
      </div>
    </>
  )
}
