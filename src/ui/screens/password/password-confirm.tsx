import { useState } from 'react'
import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { PasswordField } from './password-field.js'

/** Step 3, 'Confirm your password': Continue only once both match ('Passwords do not match'). */
export function PasswordConfirm({ password }: { password: string }) {
  const t = useT()
  const { navigation } = useModal()
  const [confirmation, setConfirmation] = useState('')
  const matches = confirmation === password
  return (
    <>
      <ScreenHeader title={t('password.confirm.title')} onBack={navigation.back} />
      <form
        part="body"
        className={styles.body}
        onSubmit={(event) => {
          event.preventDefault()
          if (matches) navigation.navigate('password:acknowledge')
        }}
      >
        <p className={styles.message}>{t('password.confirm.description')}</p>
        <PasswordField
          label={t('password.confirm.field')}
          value={confirmation}
          onChange={setConfirmation}
          error={matches ? null : t('password.confirm.mismatch')}
          part="password-confirm-input"
          autoFocus
        />
        <button type="submit" part="submit-button" className={styles.primaryButton} disabled={!matches}>
          {t('password.continue')}
        </button>
      </form>
    </>
  )
}
