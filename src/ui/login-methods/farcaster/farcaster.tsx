import { useCallback, useEffect } from 'react'
import type { TesseraClient, TesseraError } from '../../../core/index.js'
import { useLoginMethodState } from '../../client-slices/login-method.js'
import { useT } from '../../copy/farcaster.js'
import { FarcasterIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { isMobile } from '../../primitives/is-mobile.js'
import { QrCode } from '../../primitives/qr-code.js'
import { COPIED_ADDRESS_RESET_MS, useCopied } from '../../primitives/use-copied.js'

/** Sign-in spec, "Screens and routes": the Farcaster QR code is 275 px square. */
const FARCASTER_QR_SIZE = 275

/** Sign-in spec, "The error catalogue": "Farcaster": the message under 'Authentication failed'. */
function describe(t: ReturnType<typeof useT>, error: TesseraError): string {
  switch (error.code) {
    case 'linked_to_another_user':
      return t('farcaster.error.linked')
    case 'too_many_requests':
      return t('farcaster.error.tooManyRequests')
    case 'client_request_timeout':
      return t('farcaster.error.timeout')
    default:
      return t('farcaster.error.generic')
  }
}

// A flow being started (possibly waiting on the CAPTCHA screen) per client: the screen mounts again meanwhile.
const starting = new WeakSet<TesseraClient>()

/**
 * Farcaster (sign-in spec, "Screens and routes"): 'Sign in with Farcaster' with the connect URI as a 275 px QR code and 'Copy link' on
 * desktop, or an open-app button on mobile; 'Signing in with Farcaster' once signed; 'Authentication failed' with a
 * retry. The flow starts when the screen opens (for a sign-in or the link it was opened for).
 */
export default function FarcasterScreen() {
  const t = useT()
  const { client, request, navigation } = useModal()
  const flow = useLoginMethodState(client, 'farcaster')
  const link = request.intent === 'link' && request.method === 'farcaster'
  const { copied, copy } = useCopied(COPIED_ADDRESS_RESET_MS)

  useFlowStartedOnOpen(flow.status, link)

  const hasHistory = navigation.getState().history.length > 0
  const back = () => {
    client.auth.farcaster.reset()
    navigation.back()
  }
  const error = flow.status === 'error' ? flow.error : null
  const title = error
    ? t('farcaster.error.title')
    : flow.status === 'authenticating' || flow.status === 'done'
      ? t('farcaster.signingIn')
      : t(link ? 'farcaster.link.title' : 'farcaster.title')
  const uri = flow.status === 'awaiting-signature' ? flow.connectUri : null

  return (
    <>
      <ScreenHeader title={title} onBack={hasHistory ? back : undefined} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        {uri && !isMobile() ? (
          <QrCode uri={uri} label={t('farcaster.qr.label')} part="farcaster-qr-code" size={FARCASTER_QR_SIZE} errorCorrectionLevel="M" />
        ) : (
          <span className={landingStyles.statusIcon}>
            <FarcasterIcon />
          </span>
        )}
        <div role="status" aria-live="polite" className={styles.centred}>
          {error ? (
            <p part="error farcaster-error" className={styles.message}>
              {describe(t, error)}
            </p>
          ) : uri ? (
            <p part="farcaster-hint" className={styles.message}>
              {t('farcaster.hint')}
            </p>
          ) : flow.status === 'starting' || flow.status === 'initial' ? (
            <p className={styles.message}>{t('modal.loading')}</p>
          ) : null}
          {copied && (
            <p part="farcaster-copied" className={styles.message}>
              {t('farcaster.copied')}
            </p>
          )}
        </div>
        {uri &&
          (isMobile() ? (
            <a part="submit-button farcaster-open-app" className={styles.primaryButton} href={uri} target="_blank" rel="noopener noreferrer">
              {t('farcaster.openApp')}
            </a>
          ) : (
            // A real link to the URI (it can be opened or copied by hand too); a click copies it.
            <a
              part="farcaster-copy-link"
              className={styles.linkButton}
              href={uri}
              onClick={(event) => {
                event.preventDefault()
                void copy(uri)
              }}
            >
              {t('farcaster.copyLink')}
            </a>
          ))}
        {error && (
          <button type="button" part="submit-button retry-button" className={styles.primaryButton} onClick={() => client.auth.farcaster.reset()}>
            {t('farcaster.retry')}
          </button>
        )}
      </div>
    </>
  )
}

/** Starts the sign-in (or the link the modal was opened for) when the screen opens on a fresh flow, once per client. */
function useFlowStartedOnOpen(status: string, link: boolean) {
  const { client, withCaptcha, handleError } = useModal()
  const start = useCallback(() => {
    if (starting.has(client)) return
    starting.add(client)
    withCaptcha(async (captchaToken) => {
      try {
        // Success is reported through the client's login or link event, which closes the modal.
        await (link
          ? client.auth.farcaster.link({ ...(captchaToken && { captchaToken }) })
          : client.auth.farcaster.login({ ...(captchaToken && { captchaToken }) }))
      } catch (caught) {
        // A link refused with `account_transfer_required` opens the transfer offer (the fid comes from the error).
        handleError(caught, 'farcaster', link ? { linkMethod: 'farcaster', account: '' } : undefined)
      }
    })
      .catch((caught: unknown) => handleError(caught, 'farcaster'))
      .finally(() => starting.delete(client))
  }, [client, link, withCaptcha, handleError])

  useEffect(() => {
    if (status === 'initial') start()
  }, [status, start])
}
