import { use, useId, useState, type FormEvent } from 'react'
import { useT } from '../../copy/phone.js'
import { intentTitle } from '../../landing/intent.js'
import { prefilled } from '../../landing/login-request.js'
import { useModal } from '../../modal-context.js'
import { loadPhoneTools } from '../../phone/phone-tools.js'
import { emptyPhoneNumber, PhoneNumberField } from '../../primitives/phone-number-field.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import { useSendFirstCode } from '../../primitives/use-send-first-code.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'
import { useLoginMethodState } from '../../client-slices/login-method.js'

/** Phone input: country selector, formatting as you type, Submit enabled only for a valid number; Enter submits. */
export default function PhoneInput() {
  const t = useT()
  const { client, request, navigation } = useModal()
  const sendFirstCode = useSendFirstCode('sms')
  const { config } = useConfigState(client)
  const flow = useLoginMethodState(client, 'sms')
  const tools = use(loadPhoneTools())
  const [phone, setPhone] = useState(() => {
    const country = tools.initialCountry(config.intl.defaultCountry)
    const prefill = prefilled(request, 'phone')
    return prefill ? tools.typed(country, prefill, '') : emptyPhoneNumber(country)
  })
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
          <PhoneNumberField
            tools={tools}
            value={phone}
            onChange={setPhone}
            label={t(request.intent === 'update' && request.method === 'sms' ? 'update.sms.label' : 'phone.label')}
            part="phone-input"
            describedBy={showHint ? hintId : undefined}
          />
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
