/**
 * Funding spec, "Screens and routes": "Provider status screens" ('Fund account'), "States and transitions": the first card provider's in-flow and after-flow
 * waits and its success; the second provider's completed, 'Processing payment' (waitingAuthorization) and otherwise
 * 'In Progress'. The core polls and moves the state; back returns to the landing.
 */
import type { FundingCardState } from '../../../core/index.js'
import { useT } from '../../copy/funding.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from '../transactions/confirmation-header.js'
import * as txCss from '../transactions/transactions.css.js'
import * as css from './funding.css.js'
import type { FundingScreenProps } from './screen-props.js'

interface StatusText {
  title: string
  body: string
  /** Funded (or left to finish by email): 'Continue' ends the session. */
  done: boolean
  funded: boolean
}

function statusText(t: ReturnType<typeof useT>, card: FundingCardState | null): StatusText {
  const provider = card ? t(`funding.provider.${card.provider}`) : ''
  const funded = { title: t('funding.card.funded'), body: t('funding.card.fundedBody'), done: true, funded: true }
  const inFlow = { title: t('funding.card.inProgress'), body: card ? t('funding.card.inFlow', { provider }) : '', done: false, funded: false }
  if (card?.provider === 'coinbase') {
    if (card.status === 'success') return funded
    if (card.status === 'pending-after-flow') return { ...inFlow, body: t('funding.card.afterFlow', { provider }) }
    return inFlow
  }
  if (card?.status === 'completed') return funded
  if (card?.status === 'waitingAuthorization') return { title: t('funding.card.processing'), body: t('funding.card.processingBody'), done: true, funded: false }
  return inFlow
}

export function CardStatus({ session, onClose }: FundingScreenProps) {
  const t = useT()
  const { title, body, done, funded } = statusText(t, session.card)
  return (
    <>
      <ConfirmationHeader title={t('funding.card.title')} onBack={() => session.back()} onClose={onClose} />
      <div part="body funding-card-status" className={styles.body}>
        <div role="status" aria-live="polite" part={funded ? 'funding-status funding-success' : 'funding-status'} className={styles.centred}>
          {!done && <span className={txCss.spinner} aria-hidden="true" />}
          <h3 part="funding-status-title" className={css.statusTitle}>
            {title}
          </h3>
          {body && (
            <p part="funding-status-body" className={styles.message}>
              {body}
            </p>
          )}
        </div>
        {done && (
          <button type="button" part="submit-button funding-continue" className={styles.primaryButton} onClick={() => session.finish()}>
            {t('funding.continue')}
          </button>
        )}
      </div>
    </>
  )
}
