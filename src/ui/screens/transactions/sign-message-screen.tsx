/**
 * Funding spec, "Screens and routes": "Sign message": title, description and button from `uiOptions` (defaults 'Sign message', 'Signing
 * this message will not cost you any fees.', 'Sign and continue'), the app's icon, the message in a scrollable box
 * and 'Not now' when cancellable. Success is shown briefly, then the screen closes.
 */
import type { SignMessageConfirmation } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
import * as access from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from './confirmation-header.js'
import type { ScreenProps } from './screen-props.js'
import { Spinner } from './summary-rows.js'
import * as css from './transactions.css.js'
import { useSuccessDismiss } from './use-success-dismiss.js'

export function SignMessageScreen({ confirmation, app, onClose, dismiss }: ScreenProps<SignMessageConfirmation>) {
  const t = useT()
  const { uiOptions, status, error, message } = confirmation
  useSuccessDismiss(status === 'complete', dismiss)
  return (
    <>
      <ConfirmationHeader title={uiOptions.title ?? t('sign.title')} onClose={onClose} />
      <div part="body sign-message" className={styles.body}>
        {uiOptions.iconUrl && <img part="icon" className={css.icon} src={uiOptions.iconUrl} alt={t('sign.iconAlt', { app })} />}
        <p part="description" className={styles.message}>
          {uiOptions.description ?? t('sign.description')}
        </p>
        <pre part="message" className={css.scrollBox} tabIndex={0} aria-label={t('sign.message')}>
          {message}
        </pre>
        {status === 'submitting' && <Spinner label={t('sign.signing')} />}
        {status === 'complete' && (
          <p role="status" part="success" className={styles.message}>
            {t('sign.success')}
          </p>
        )}
        {status === 'error' && (
          <p role="alert" part="error" className={styles.errorText}>
            {error?.shortMessage ?? t('sign.error')}
          </p>
        )}
        {status !== 'complete' && (
          <div className={access.actions}>
            <button
              type="button"
              part="submit-button approve-button"
              className={styles.primaryButton}
              disabled={status === 'submitting' || status === 'preparing'}
              aria-busy={status === 'submitting'}
              onClick={() => confirmation.approve()}
            >
              {uiOptions.buttonText ?? t('sign.button')}
            </button>
            {uiOptions.isCancellable && (
              <button
                type="button"
                part="reject-button"
                className={access.secondaryButton}
                disabled={status === 'submitting'}
                onClick={() => confirmation.reject()}
              >
                {t('tx.notNow')}
              </button>
            )}
          </div>
        )}
      </div>
    </>
  )
}
