import { useId, useState, type FormEvent } from 'react'
import { displayLoginMessage, hasPlusAddress, isValidEmail } from '../../core/index.js'
import { t } from '../copy/en.js'
import { useModal } from '../modal-context.js'
import { LegalFooter } from '../primitives/legal-footer.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState, useEmailFlowState } from '../use-client-state.js'

/** The first screen: configured header, logo, login message and the email form. */
export function Landing() {
  const { client, navigation, handleError } = useModal()
  const { config } = useConfigState(client)
  const flow = useEmailFlowState(client)
  const [email, setEmail] = useState(flow.email ?? '')
  const [plusError, setPlusError] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const trimmed = email.trim()
  const submitting = flow.status === 'sending-code'
  const loginMessage = displayLoginMessage(config.appearance.loginMessage)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!isValidEmail(trimmed) || submitting) return
    if (config.disablePlusEmails && hasPlusAddress(trimmed)) return setPlusError(true)
    try {
      await client.email.sendCode(trimmed)
      navigation.navigate('code')
    } catch (caught) {
      if (handleError(caught, 'send-code') === 'inline-plus-address') setPlusError(true)
    }
  }

  return (
    <>
      <ScreenHeader title={config.appearance.landingHeader || t('landing.header')} />
      <div part="body" className={styles.body}>
        {config.appearance.logo && <img part="logo" className={styles.logo} src={config.appearance.logo} alt={t('landing.logoAlt', { app: config.appName })} />}
        {loginMessage && <p className={styles.message}>{loginMessage}</p>}
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <label htmlFor={inputId} className={styles.label}>
            {t('landing.email.label')}
          </label>
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
      </div>
      <LegalFooter legal={config.legal} />
    </>
  )
}
