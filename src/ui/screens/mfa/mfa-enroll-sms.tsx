import { use, useCallback, useState, type FormEvent } from 'react'
import type { TesseraError } from '../../../core/index.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { useT } from '../../copy/mfa.js'
import { useT as usePhoneT } from '../../copy/phone.js'
import { useModal } from '../../modal-context.js'
import { loadPhoneTools } from '../../phone/phone-tools.js'
import { emptyPhoneNumber, PhoneNumberField } from '../../primitives/phone-number-field.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'
import { MfaCodeStep } from './mfa-code-step.js'
import { EnrolmentDone, EnrolmentError } from './mfa-enrolment-result.js'

/**
 * SMS enrolment (wallet spec, "States and transitions": "SMS enrolment: enroll, verify, done"): a phone number (never the login phone: the
 * server refuses it), the code sent to it, then done. A user with a method enrolled verifies first.
 */
export function MfaEnrollSms() {
  const t = useT()
  const phoneText = usePhoneT()
  const { client, navigation } = useModal()
  const { config } = useConfigState(client)
  const tools = use(loadPhoneTools())
  const [phone, setPhone] = useState(() => emptyPhoneNumber(tools.initialCountry(config.intl.defaultCountry)))
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<TesseraError | null>(null)
  const [done, setDone] = useState(false)

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
  const confirm = useCallback(
    async (code: string) => {
      if (!sentTo) return
      await client.mfa.enrollSms.submit({ phoneNumber: sentTo, code })
      setDone(true)
    },
    [client, sentTo],
  )

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
            <PhoneNumberField tools={tools} value={phone} onChange={setPhone} label={phoneText('phone.label')} part="phone-input mfa-phone-input" />
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
