import { useCallback, useState } from 'react'
import type { TesseraError } from '../../../core/index.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { useT } from '../../copy/mfa.js'
import { CodeBoxesInput } from '../../primitives/code-boxes-input.js'
import * as styles from '../../styles/modal.css.js'
import { mfaErrorCopy, type MfaErrorCopy } from './mfa-error.js'

export interface MfaCodeStepProps {
  description: string
  /** Checks a complete six-digit code; rejects with the error to show. */
  onSubmit(code: string): Promise<void>
  /** The core ended the challenge with this error (too many attempts, time limit): shown, and the input disabled. */
  blockedBy?: TesseraError | null
}

/**
 * Six-digit code entry for verification and enrolment (wallet spec, "States and transitions" and "Validation rules"): a complete code is submitted by itself;
 * idle → submitting → success, or an error: an invalid code clears the boxes for another try, a blocking one
 * (too many attempts, the time limit) disables them.
 */
export function MfaCodeStep({ description, onSubmit, blockedBy = null }: MfaCodeStepProps) {
  const t = useT()
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle')
  const [error, setError] = useState<MfaErrorCopy | null>(null)
  const [resetKey, setResetKey] = useState(0)

  const submit = useCallback(
    async (code: string) => {
      setStatus('submitting')
      setError(null)
      try {
        await onSubmit(code)
        setStatus('success')
      } catch (caught) {
        const classified = mfaErrorCopy(asTesseraError(caught))
        setError(classified)
        setStatus('error')
        if (!classified.blocking) setResetKey((key) => key + 1)
      }
    },
    [onSubmit],
  )

  const shown = blockedBy ? { ...mfaErrorCopy(blockedBy), blocking: true } : error
  return (
    <>
      <p part="mfa-code-description" className={styles.message}>
        {description}
      </p>
      <CodeBoxesInput
        disabled={status === 'submitting' || status === 'success' || shown?.blocking === true}
        error={shown && t(shown.message)}
        onComplete={submit}
        resetKey={resetKey}
        notNumericMessage={t('mfa.passcode.numbers')}
      />
      {status === 'submitting' && (
        <p role="status" part="mfa-status" className={styles.message}>
          {t('mfa.code.submitting')}
        </p>
      )}
    </>
  )
}
