import type { TesseraError } from '../../../core/index.js'
import { useT } from '../../copy/mfa.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { mfaErrorCopy } from './mfa-error.js'

/** An enrolment that succeeded: its message and Done, which closes. */
export function EnrolmentDone({ title, message }: { title: string; message: string }) {
  const t = useT()
  const { close } = useModal()
  return (
    <>
      <ScreenHeader title={title} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <p role="status" part="mfa-enrolled" className={styles.message}>
          {message}
        </p>
        <button type="button" part="submit-button mfa-done" className={styles.primaryButton} onClick={close}>
          {t('mfa.enroll.done')}
        </button>
      </div>
    </>
  )
}

/**
 * A failed enrolment or removal step: a verification's errors in the MFA copy, anything else (such as the server
 * refusing the login phone) with the error's own message.
 */
export function EnrolmentError({ error }: { error: TesseraError }) {
  const t = useT()
  const { message } = mfaErrorCopy(error)
  return (
    <p role="alert" part="error mfa-error" className={styles.errorText}>
      {message === 'mfa.error.other' ? error.shortMessage : t(message)}
    </p>
  )
}
