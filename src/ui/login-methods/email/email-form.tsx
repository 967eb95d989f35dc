import { useCallback, useId, useState, type FormEvent } from 'react'
import { hasPlusAddress, isValidEmail } from '../../../core/index.js'
import { useT } from '../../copy/en.js'
import type { ErrorRoute } from '../../errors/route-error.js'
import { prefilled } from '../../landing/login-request.js'
import { useModal } from '../../modal-context.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'
import { useLoginMethodState } from '../../client-slices/login-method.js'
import { useSendFirstCode } from '../../primitives/use-send-first-code.js'

/** The email row: address, the inline plus-address error, and Submit, which sends the code for the modal's intent. */
export function EmailForm({ recent = false }: { recent?: boolean }) {
  const t = useT()
  const { client, request } = useModal()
  const { config } = useConfigState(client)
  const flow = useLoginMethodState(client, 'email')
  const [email, setEmail] = useState(flow.identifier ?? prefilled(request, 'email'))
  const [plusError, setPlusError] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const trimmed = email.trim()
  const submitting = flow.status === 'sending-code'
  const updating = request.intent === 'update' && request.method === 'email'

  const sendFirstCode = useSendFirstCode(
    'email',
    useCallback((kind: ErrorRoute['kind']) => {
      if (kind === 'inline-plus-address') setPlusError(true)
    }, []),
  )

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!isValidEmail(trimmed) || submitting) return
    if (config.disablePlusEmails && hasPlusAddress(trimmed)) return setPlusError(true)
    await sendFirstCode(trimmed)
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={landingStyles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {t(updating ? 'update.email.label' : 'landing.email.label')}
        </label>
        {recent && (
          <span part="recent-chip" className={landingStyles.recentChip}>
            {t('landing.recent')}
          </span>
        )}
      </div>
      <input
        id={inputId}
        part="email-input"
        className={styles.input}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('landing.email.placeholder')}
        value={email}
        aria-invalid={plusError}
        aria-describedby={plusError ? errorId : undefined}
        onChange={(event) => {
          setEmail(event.target.value)
          setPlusError(false)
        }}
      />
      {plusError && (
        <p id={errorId} part="error" role="alert" className={styles.errorText}>
          {t('landing.email.plusAddress')}
        </p>
      )}
      <button type="submit" part="submit-button" className={styles.primaryButton} disabled={!isValidEmail(trimmed) || submitting || plusError}>
        {submitting ? t('landing.submitting') : t('landing.submit')}
      </button>
    </form>
  )
}
