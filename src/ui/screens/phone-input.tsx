import { use, useId, useState, type FormEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js'
import { t } from '../copy/phone.js'
import { intentTitle } from '../landing/intent.js'
import { useModal } from '../modal-context.js'
import { loadPhoneTools, type PhoneInputValue, type PhoneTools } from '../phone/phone-tools.js'
import { CountrySelector } from '../primitives/country-selector.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import { useSendFirstCode } from '../primitives/use-send-first-code.js'
import * as landingStyles from '../styles/landing.css.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState, useOtpFlowState } from '../use-client-state.js'

let phoneTools: Promise<PhoneTools> | undefined
// libphonenumber-js loads with the first phone screen and is kept for later ones.
const phoneToolsOnce = () => (phoneTools ??= loadPhoneTools())

const emptyNumber = (countryCode: CountryCode): PhoneInputValue => ({ rawPhoneNumber: '', qualifiedPhoneNumber: null, countryCode, isValid: false })

/** Phone input: country selector, formatting as you type, Submit enabled only for a valid number; Enter submits. */
export default function PhoneInput() {
  const { client, request, navigation } = useModal()
  const sendFirstCode = useSendFirstCode('sms')
  const { config } = useConfigState(client)
  const flow = useOtpFlowState(client, 'sms')
  const tools = use(phoneToolsOnce())
  const [phone, setPhone] = useState(() => emptyNumber(tools.initialCountry(config.intl.defaultCountry)))
  const inputId = useId()
  const hintId = useId()
  const submitting = flow.status === 'sending-code'
  const title = intentTitle(request, 'sms')
  const hasHistory = navigation.getState().history.length > 0

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const number = phone.qualifiedPhoneNumber
    if (!phone.isValid || !number || submitting) return
    await sendFirstCode(number)
  }

  const showHint = phone.rawPhoneNumber !== '' && !phone.isValid
  return (
    <>
      <ScreenHeader title={t(title ?? 'phone.title')} onBack={hasHistory ? () => navigation.back() : undefined} />
      <div part="body" className={styles.body}>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={landingStyles.phoneRow}>
            <CountrySelector countries={tools.countries} value={phone.countryCode} onChange={(country) => setPhone(emptyNumber(country))} />
            <div className={styles.form}>
              <label htmlFor={inputId} className={styles.label}>
                {t(request.intent === 'update' && request.method === 'sms' ? 'update.sms.label' : 'phone.label')}
              </label>
              <input
                id={inputId}
                part="phone-input"
                className={styles.input}
                type="tel"
                name="phone"
                autoComplete="tel-national"
                inputMode="tel"
                // The screen replaces the button that opened it: keyboard focus continues in the number field.
                autoFocus
                value={phone.rawPhoneNumber}
                aria-describedby={showHint ? hintId : undefined}
                onChange={(event) => setPhone(tools.typed(phone.countryCode, event.target.value, phone.rawPhoneNumber))}
              />
            </div>
          </div>
          {showHint && (
            <p id={hintId} part="hint" className={styles.label}>
              {t('phone.invalid')}
            </p>
          )}
          <button type="submit" part="submit-button" className={styles.primaryButton} disabled={!phone.isValid || submitting}>
            {submitting ? t('landing.submitting') : t('landing.submit')}
          </button>
        </form>
      </div>
    </>
  )
}
