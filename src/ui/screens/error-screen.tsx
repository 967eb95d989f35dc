import { copyForError } from '../copy/copy-for-error.js'
import { useT } from '../copy/errors.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../client-slices/config.js'
import { useRetry } from './use-retry.js'

/**
 * The error screens of the sign-in spec, "The error catalogue": the generic one, and the allowlist-denied, 'Unable to sign in'
 * and account-not-found screens, which differ only in copy. A retry goes to the previous screen, a
 * 'try another method or account' to the landing; the allowlist override opens its link instead.
 */
export default function ErrorScreen() {
  const t = useT()
  const { client, request, error, errorStep } = useModal()
  const { config } = useConfigState(client)
  const retry = useRetry()
  if (!error) return null
  // The method names the OAuth provider and the account type of a link limit.
  const method = request.method ?? client.auth.oauth.getState().provider
  const copy = copyForError(error, { t, appName: config.appName, allowlist: config.allowlist, step: errorStep, method })
  const act = () => retry(copy.actionTarget)
  return (
    <>
      <ScreenHeader title={copy.title} onBack={act} />
      <div part="body" className={styles.body}>
        <p part="error" role="alert" className={styles.message}>
          {copy.description}
        </p>
        {copy.action &&
          (copy.actionLink ? (
            <a part="error-action" className={styles.primaryButton} href={copy.actionLink} target="_blank" rel="noopener noreferrer">
              {copy.action}
            </a>
          ) : (
            <button type="button" part="error-action" className={styles.primaryButton} onClick={act}>
              {copy.action}
            </button>
          ))}
      </div>
    </>
  )
}
