import { useId, useState } from 'react'
import { useT } from '../../copy/password.js'
import * as styles from '../../styles/modal.css.js'
import * as passwordStyles from './password.css.js'

export interface PasswordFieldProps {
  label: string
  value: string
  onChange(value: string): void
  /** Shown under the field, once it has been touched. */
  error: string | null
  part: string
  onGenerate?(): void
  autoFocus?: boolean
  /** 'new-password' while setting one, 'current-password' to recover with it. */
  autoComplete?: 'new-password' | 'current-password'
}

/** A password input with show/hide (and, on the create step, generate); errors appear only after the first blur. */
export function PasswordField({ label, value, onChange, error, part, onGenerate, autoFocus, autoComplete = 'new-password' }: PasswordFieldProps) {
  const t = useT()
  const [visible, setVisible] = useState(false)
  const [touched, setTouched] = useState(false)
  const id = useId()
  const shownError = touched ? error : null
  return (
    <div className={styles.form}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={passwordStyles.fieldRow}>
        <input
          id={id}
          part={part}
          className={passwordStyles.fieldInput}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          spellCheck={false}
          autoFocus={autoFocus}
          aria-invalid={Boolean(shownError)}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <button
          type="button"
          part="password-visibility"
          className={passwordStyles.controlButton}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t('password.hide') : t('password.show')}
        </button>
        {onGenerate && (
          <button
            type="button"
            part="password-generate"
            className={passwordStyles.controlButton}
            onClick={() => {
              onGenerate()
              setVisible(true)
              setTouched(true)
            }}
          >
            {t('password.generate')}
          </button>
        )}
      </div>
      {shownError && (
        <p id={`${id}-error`} part="error password-error" role="alert" className={styles.errorText}>
          {shownError}
        </p>
      )}
    </div>
  )
}
