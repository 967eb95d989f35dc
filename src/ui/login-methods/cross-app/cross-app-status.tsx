import { useEffect, useState } from 'react'
import type { CrossAppProviderDetails, TesseraClient, TesseraError } from '../../../core/index.js'
import { useConfigState } from '../../client-slices/config.js'
import { useLoginMethodState } from '../../client-slices/login-method.js'
import { copyForError, type CopyContext } from '../../copy/copy-for-error.js'
import { useT as useErrorT } from '../../copy/errors.js'
import { useT } from '../../copy/cross-app.js'
import { CrossAppIcon } from '../../icons/method-icons.js'
import { isCrossAppMethod } from './routes.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useStartCrossApp } from './cross-app-start.js'

/** The provider's name and icon from the server (wallet spec, "The calls it makes"), for a provider the app config does not list; null until then. */
function useProviderDetails(client: TesseraClient, providerAppId: string | null): CrossAppProviderDetails | null {
  const [details, setDetails] = useState<CrossAppProviderDetails | null>(null)
  useEffect(() => {
    if (!providerAppId) return
    let current = true
    void client.auth.crossApp.getProviderDetails(providerAppId).then((loaded) => current && setDetails(loaded))
    return () => {
      current = false
    }
  }, [client, providerAppId])
  return details?.appId === providerAppId ? details : null
}

/** Wallet spec, "The error catalogue": "Cross-app": each failure the flow names has its own words; the rest read as a generic retry. */
function describe(t: ReturnType<typeof useT>, errorText: CopyContext['t'], error: TesseraError, app: string, appName: string): string {
  switch (error.code) {
    case 'oauth_user_denied':
      return t('crossApp.error.rejected')
    case 'client_request_timeout':
      return t('crossApp.error.timeout')
    case 'cross_app_connection_not_allowed':
      return t('crossApp.error.invalidApp')
    case 'oauth_state_mismatch':
      return t('crossApp.error.phishing')
    case 'unknown_auth_error':
    case 'invalid_credentials':
    case 'invalid_pkce_parameters':
      return t('crossApp.error.invalidCode')
    case 'linked_to_another_user':
    case 'cannot_link_more_of_type':
    case 'too_many_requests':
      return copyForError(error, { t: errorText, appName, step: 'cross-app', method: 'cross_app' }).description
  }
  return t('crossApp.error.generic', { app })
}

/**
 * Cross-app connect (wallet spec, "Screens and routes": "Cross-app and delegation"): connecting while the provider's popup is open,
 * verifying, then success, or the failure with a retry. A link request opens here with a button (the popup
 * needs a click).
 */
export default function CrossAppStatus() {
  const t = useT()
  const errorText = useErrorT()
  const { client, request, navigation } = useModal()
  const { config } = useConfigState(client)
  const flow = useLoginMethodState(client, 'crossApp')
  const start = useStartCrossApp()
  const requested = request.intent === 'link' && isCrossAppMethod(request.method) ? request.method : null
  const method = flow.providerAppId ? (`privy:${flow.providerAppId}` as const) : requested
  const listed = config.crossAppProviders.find((candidate) => `privy:${candidate.appId}` === method)
  const details = useProviderDetails(client, method && !listed ? method.slice('privy:'.length) : null)
  if (!method) return null
  const provider = listed ?? details
  const app = provider?.name ?? method.slice('privy:'.length)
  const error = flow.status === 'error' ? flow.error : null
  const inProgress = flow.status === 'awaiting-popup' || flow.status === 'authenticating'
  const title = error
    ? t('crossApp.error', { app })
    : flow.status === 'done'
      ? t('crossApp.success', { app })
      : inProgress
        ? t('crossApp.connecting', { app })
        : t(requested ? 'crossApp.link.title' : 'crossApp.connecting', { app })
  const hasHistory = navigation.getState().history.length > 0

  return (
    <>
      <ScreenHeader title={title} onBack={hasHistory ? () => navigation.back() : undefined} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <span className={landingStyles.statusIcon}>
          <CrossAppIcon iconUrl={provider?.iconUrl ?? null} />
        </span>
        <div role="status" aria-live="polite" className={styles.centred}>
          {error ? (
            <p part="error cross-app-error" className={styles.message}>
              {describe(t, errorText, error, app, config.appName)}
            </p>
          ) : flow.status === 'done' ? (
            <p part="cross-app-status" className={styles.message}>
              {t('crossApp.success.description', { app })}
            </p>
          ) : flow.status === 'authenticating' ? (
            <p part="cross-app-status" className={styles.message}>
              {t('crossApp.authenticating', { app })}
            </p>
          ) : inProgress ? (
            <p part="cross-app-status" className={styles.message}>
              {t('crossApp.connecting.description', { app })}
            </p>
          ) : null}
        </div>
        {!inProgress && flow.status !== 'done' && (
          <button type="button" part={error ? 'submit-button retry-button' : 'submit-button'} className={styles.primaryButton} onClick={() => start(method)}>
            {error ? t('crossApp.retry') : t('crossApp.start', { app })}
          </button>
        )}
      </div>
    </>
  )
}
