import { use, useCallback, useId, useState, type FormEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js'
import type { TesseraError } from '../../../core/index.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { t } from '../../copy/mfa.js'
import { t as phoneText } from '../../copy/phone.js'
import { useModal } from '../../modal-context.js'
import { loadPhoneTools, type PhoneInputValue, type PhoneTools } from '../../phone/phone-tools.js'
import { CountrySelector } from '../../primitives/country-selector.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../use-client-state.js'
import { MfaCodeStep } from './mfa-code-step.js'
import { EnrolmentDone, EnrolmentError } from './mfa-enrolment-result.js'

let phoneTools: Promise<PhoneTools> | undefined
// libphonenumber-js loads with the first phone screen and is kept for later ones.
const phoneToolsOnce = () => (phoneTools ??= loadPhoneTools())

const emptyNumber = (countryCode: CountryCode): PhoneInputValue => ({ rawPhoneNumber: '', qualifiedPhoneNumber: null, countryCode, isValid: false })

/**
 * SMS enrolment (document 2 §4 "SMS enrolment: enroll, verify, done"): a phone number (never the login phone: the
 * server refuses it), the code sent to it, then done. A user with a method enrolled verifies first.
 */
export function MfaEnrollSms() {
  const { client, navigation } = useModal()
  const { config } = useConfigState(client)
  const tools = use(phoneToolsOnce())
  const [phone, setPhone] = useState(() => emptyNumber(tools.initialCountry(config.intl.defaultCountry)))
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<TesseraError | null>(null)
  const [done, setDone] = useState(false)
  const inputId = useId()

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const number = phone.qualifiedPhoneNumber
    if (!phone.isValid || !number || sending) return
    setSending(true)
    setError(null)
    try {
      await client.mfa.enrollSms.init(number)
      setSentTo(number)
    } catch (caught) {
      setError(asTesseraError(caught))
    } finally {
      setSending(false)
    }
  }
  const confirm = useCallback(async (code: string) => {
    if (!sentTo) return
    await client.mfa.enrollSms.submit({ phoneNumber: sentTo, code })
    setDone(true)
  }, [client, sentTo])

  if (done) return <EnrolmentDone title={t('mfa.sms.title')} message={t('mfa.sms.enrolled')} />
  return (
    <>
      <ScreenHeader title={t('mfa.sms.title')} onBack={sentTo ? () => setSentTo(null) : () => navigation.back()} />
      <div part="body" className={styles.body}>
        {sentTo ? (
          <MfaCodeStep description={t('mfa.sms.enterCode', { phone: sentTo })} onSubmit={confirm} />
        ) : (
          <form className={styles.form} onSubmit={send} noValidate>
            <p className={styles.message}>{t('mfa.sms.description')}</p>
            <div className={landingStyles.phoneRow}>
              <CountrySelector countries={tools.countries} value={phone.countryCode} onChange={(country) => setPhone(emptyNumber(country))} />
              <div className={styles.form}>
                <label htmlFor={inputId} className={styles.label}>
                  {phoneText('phone.label')}
                </label>
                <input
                  id={inputId}
                  part="phone-input mfa-phone-input"
                  className={styles.input}
                  type="tel"
                  name="phone"
                  autoComplete="tel-national"
                  inputMode="tel"
                  autoFocus
                  value={phone.rawPhoneNumber}
                  onChange={(event) => setPhone(tools.typed(phone.countryCode, event.target.value, phone.rawPhoneNumber))}
                />
              </div>
            </div>
            {error && <EnrolmentError error={error} />}
            <button type="submit" part="submit-button mfa-send-code" className={styles.primaryButton} disabled={!phone.isValid || sending}>
              {sending ? t('mfa.sms.sending') : t('mfa.sms.submit')}
            </button>
          </form>
        )}
      </div>
    </>
  )
}
