import { useEffect, useRef } from 'react'
import type { TesseraError } from '../../../core/index.js'
import { useConfigState } from '../../client-slices/config.js'
import { useLoginMethodState } from '../../client-slices/login-method.js'
import { copyForError, type CopyContext } from '../../copy/copy-for-error.js'
import { useT as useErrorT } from '../../copy/errors.js'
import { useT } from '../../copy/passkey.js'
import { PasskeyIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useStartPasskey } from './passkey-start.js'

/** Sign-in spec, "The error catalogue": "Passkey": the browser's refusal, missing WebAuthn and the link limit have their own copy. */
function describe(t: ReturnType<typeof useT>, errorText: CopyContext['t'], error: TesseraError, appName: string): string {
  switch (error.code) {
    case 'passkey_not_allowed':
      return t('passkey.error.notAllowed')
    case 'not_supported':
      // WebAuthn exists only on secure pages: plain http on a LAN address says so (issue 15).
      return t(error.data?.reason === 'insecure_context' ? 'passkey.error.insecureContext' : 'passkey.error.notSupported')
    case 'cannot_link_more_of_type':
      return t('passkey.error.cannotLinkMore')
    case 'unknown_auth_error':
      return t('passkey.error.unknown')
  }
  return copyForError(error, { t: errorText, appName, step: 'passkey', method: 'passkey' }).description
}

/**
 * Passkey status (sign-in spec, "Screens and routes" and "States and transitions"): 'Waiting for passkey' while the browser asks, then 'Success', or
 * 'Something went wrong' with the reason and a retry. A link request opens here and starts by itself.
 */
export default function PasskeyStatus() {
  const t = useT()
  const errorText = useErrorT()
  const { client, request, navigation } = useModal()
  const { config } = useConfigState(client)
  const flow = useLoginMethodState(client, 'passkey')
  const start = useStartPasskey()
  const linkRequested = request.intent === 'link' && request.method === 'passkey'
  const started = useRef(false)

  useEffect(() => {
    if (started.current || !linkRequested || client.auth.passkey.getState().status !== 'initial') return
    started.current = true
    start('link')
  }, [client, linkRequested, start])

  const hasHistory = navigation.getState().history.length > 0
  const error = flow.status === 'error' ? flow.error : null
  const title = error ? t('passkey.error') : flow.status === 'done' ? t('passkey.success') : t('passkey.waiting')
  return (
    <>
      <ScreenHeader title={title} onBack={hasHistory ? () => navigation.back() : undefined} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <span className={landingStyles.statusIcon}>
          <PasskeyIcon />
        </span>
        <div role="status" aria-live="polite" className={styles.centred}>
          {error ? (
            <p part="error passkey-error" className={styles.message}>
              {describe(t, errorText, error, config.appName)}
            </p>
          ) : flow.status !== 'done' ? (
            <p part="passkey-status" className={styles.message}>
              {t('passkey.waiting.description')}
            </p>
          ) : null}
        </div>
        {error && (
          <button type="button" part="submit-button retry-button" className={styles.primaryButton} onClick={() => start(linkRequested ? 'link' : flow.intent)}>
            {t('passkey.retry')}
          </button>
        )}
      </div>
    </>
  )
}
