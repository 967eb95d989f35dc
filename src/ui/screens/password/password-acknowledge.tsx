import { useRef, useState } from 'react'
import { t } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as accessStyles from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'
import { announceRecoverySet, recoveryOptionsOf, startedAutomatically } from './flow.js'
import type { SetPasswordOutcome } from './password-done.js'
import * as passwordStyles from './password.css.js'

/**
 * Step 4, 'Confirm you have saved': the checkbox enables 'Set Password', which sets the password on the wallets
 * (every share set, or the request's wallet's) and moves to the done step; Cancel only in a flow the user started.
 */
export function PasswordAcknowledge({ password, onOutcome }: { password: string; onOutcome(outcome: SetPasswordOutcome): void }) {
  const { client, navigation, request, close } = useModal()
  const [acknowledged, setAcknowledged] = useState(false)
  const [saving, setSaving] = useState(false)
  const body = useRef<HTMLDivElement>(null)

  async function setPassword() {
    setSaving(true)
    try {
      const user = await client.embeddedWallets.setRecovery({ method: 'user-passcode', password }, recoveryOptionsOf(request))
      onOutcome({ ok: true })
      announceRecoverySet(body.current, { user, recoveryMethod: 'user-passcode' })
    } catch (error) {
      onOutcome({ ok: false, error })
    }
    navigation.navigate('password:done')
  }

  return (
    <>
      <ScreenHeader title={t('password.acknowledge.title')} onBack={saving ? undefined : navigation.back} />
      <div ref={body} part="body" className={styles.body}>
        <p className={styles.message}>{t('password.acknowledge.description')}</p>
        <label className={passwordStyles.checkboxRow}>
          <input type="checkbox" part="password-acknowledge" checked={acknowledged} disabled={saving} onChange={(event) => setAcknowledged(event.target.checked)} />
          {t('password.acknowledge.checkbox')}
        </label>
        <div className={accessStyles.actions}>
          <button type="button" part="submit-button" className={styles.primaryButton} disabled={!acknowledged || saving} aria-busy={saving} onClick={() => void setPassword()}>
            {t('password.acknowledge.submit')}
          </button>
          {!startedAutomatically(request) && (
            <button type="button" part="cancel-button" className={accessStyles.secondaryButton} disabled={saving} onClick={close}>
              {t('password.acknowledge.cancel')}
            </button>
          )}
        </div>
      </div>
    </>
  )
}
