import { useState } from 'react'
import type { TesseraError } from '../../../core/index.js'
import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { InfoDisclosure } from './info-disclosure.js'
import { PasswordField } from './password-field.js'

const isInvalidPassword = (error: unknown) => (error as Partial<TesseraError> | null)?.code === 'invalid_recovery_pin'

/**
 * 'Enter your password' (wallet spec, "Screens and routes"): this device has no share of a password wallet; the password recovers it
 * (`embeddedWallets.recover`). A wrong password shows 'Invalid recovery password, please try again.' and the user tries again.
 */
export function PasswordEnter() {
  const t = useT()
  const { client, close } = useModal()
  const [password, setPassword] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [recovering, setRecovering] = useState(false)

  async function recover() {
    setRecovering(true)
    setFailure(null)
    try {
      await client.embeddedWallets.recover({ password })
      close()
    } catch (error) {
      setFailure(isInvalidPassword(error) ? t('password.enter.invalid') : t('password.enter.failed'))
      setRecovering(false)
    }
  }

  return (
    <>
      <ScreenHeader title={t('password.enter.title')} />
      <form
        part="body"
        className={styles.body}
        onSubmit={(event) => {
          event.preventDefault()
          if (password && !recovering) void recover()
        }}
      >
        <p className={styles.message}>{t('password.enter.description')}</p>
        <PasswordField
          label={t('password.field')}
          value={password}
          onChange={setPassword}
          error={null}
          part="password-input"
          autoComplete="current-password"
          autoFocus
        />
        {failure && (
          <p part="error recovery-error" role="alert" className={styles.errorText}>
            {failure}
          </p>
        )}
        <button type="submit" part="submit-button" className={styles.primaryButton} disabled={!password || recovering} aria-busy={recovering}>
          {t('password.enter.submit')}
        </button>
        <InfoDisclosure label={t('password.enter.help')} body={t('password.enter.helpBody')} />
      </form>
    </>
  )
}
