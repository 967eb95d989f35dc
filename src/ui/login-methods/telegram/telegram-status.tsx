import { useEffect, useRef } from 'react'
import { useLoginMethodState } from '../../client-slices/login-method.js'
import { useT, telegramErrorCopy } from '../../copy/telegram.js'
import { TelegramIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useStartTelegram } from './telegram-start.js'

/**
 * Telegram status (sign-in spec, "Screens and routes", "States and transitions" and "The error catalogue"): waiting for the widget, 'Verifying connection to Telegram', 'Successfully
 * connected with Telegram', or the Telegram error copy with a retry when retryable. A link request starts here.
 */
export default function TelegramStatus() {
  const t = useT()
  const { client, request, navigation } = useModal()
  const flow = useLoginMethodState(client, 'telegram')
  const start = useStartTelegram()
  const linkRequested = request.intent === 'link' && request.method === 'telegram'
  const hasHistory = navigation.getState().history.length > 0
  const error = flow.status === 'error' ? flow.error : null
  const errorCopy = error ? telegramErrorCopy(error, t) : null
  const retryButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (errorCopy?.retryable) retryButton.current?.focus()
  }, [errorCopy?.retryable])

  return (
    <>
      <ScreenHeader
        title={t(errorCopy ? 'telegram.error' : linkRequested ? 'telegram.link.title' : 'telegram.title')}
        onBack={hasHistory ? () => navigation.back() : undefined}
      />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <span className={landingStyles.statusIcon}>
          <TelegramIcon />
        </span>
        <div role="status" aria-live="polite" className={styles.centred}>
          {errorCopy ? (
            <p part="error telegram-error" className={styles.message}>
              {errorCopy.description}
            </p>
          ) : flow.status === 'verifying' ? (
            <p part="telegram-status" className={styles.message}>
              {t('telegram.verifying')}
            </p>
          ) : flow.status === 'done' ? (
            <p part="telegram-status" className={styles.message}>
              {t('telegram.success')}
            </p>
          ) : flow.status === 'awaiting-telegram' ? (
            <>
              <p part="telegram-status" className={styles.message}>
                <strong>{t('telegram.waiting')}</strong>
              </p>
              <p className={styles.message}>{t('telegram.waiting.description')}</p>
            </>
          ) : null}
        </div>
        {errorCopy?.retryable && (
          <button ref={retryButton} type="button" part="submit-button retry-button" className={styles.primaryButton} onClick={() => start(flow.intent)}>
            {t('telegram.retry')}
          </button>
        )}
        {/* A link request opens here: the popup needs the user's click. */}
        {flow.status === 'initial' && (
          <button type="button" part="submit-button telegram-start" className={styles.primaryButton} onClick={() => start(linkRequested ? 'link' : 'login')}>
            {t('telegram.start')}
          </button>
        )}
      </div>
    </>
  )
}
