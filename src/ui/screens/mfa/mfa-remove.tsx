import { useState } from 'react'
import type { TesseraError } from '../../../core/index.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { useT, type MfaCopyKey } from '../../copy/mfa.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { EnrolmentError } from './mfa-enrolment-result.js'
import type { MfaMethodType } from './mfa-state.js'

const removeTitle: Record<MfaMethodType, MfaCopyKey> = {
  totp: 'mfa.remove.totp.title',
  sms: 'mfa.remove.sms.title',
  passkey: 'mfa.remove.passkey.title',
}

/**
 * A removal confirmation (wallet spec, "Screens and routes"): Remove unenrols the method after the user verifies (the core asks for the
 * answer up front: the verify screens show over this one), then returns to 'Transaction Protection'.
 */
export function MfaRemove({ method }: { method: MfaMethodType }) {
  const t = useT()
  const { client, navigation } = useModal()
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<TesseraError | null>(null)

  const remove = async () => {
    setWorking(true)
    setError(null)
    try {
      await client.mfa.unenroll(method)
      navigation.back()
    } catch (caught) {
      setError(asTesseraError(caught))
      setWorking(false)
    }
  }

  return (
    <>
      <ScreenHeader title={t(removeTitle[method])} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('mfa.remove.description')}</p>
        {error && <EnrolmentError error={error} />}
        <button type="button" part="submit-button mfa-confirm-remove" className={styles.primaryButton} disabled={working} onClick={() => void remove()}>
          {working ? t('mfa.remove.working') : t('mfa.remove.confirm')}
        </button>
        <button type="button" part="mfa-cancel" className={styles.linkButton} disabled={working} onClick={() => navigation.back()}>
          {t('mfa.cancel')}
        </button>
      </div>
    </>
  )
}
