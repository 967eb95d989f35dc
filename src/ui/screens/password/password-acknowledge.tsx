import { useRef, useState } from 'react'
import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as accessStyles from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'
import { announceRecoverySet, recoveryOptionsOf, startedAutomatically, type PasswordFlowMode } from './flow.js'
import type { SetPasswordOutcome } from './password-done.js'
import * as passwordStyles from './password.css.js'

interface PasswordAcknowledgeProps {
  password: string
  mode: PasswordFlowMode
  onOutcome(outcome: SetPasswordOutcome): void
  /** Create mode: the login's creation has run, so leaving the flow no longer ends the login. */
  onCreationSettled(): void
}

/**
 * Step 4, 'Confirm you have saved': the checkbox enables 'Set Password', which sets the password on the wallets
 * (every share set, or the request's wallet's) and moves to the done step; Cancel only in a flow the user started.
 * In create mode it creates the login's wallets with the password instead (wallet spec, "States and transitions", create-with-password).
 */
export function PasswordAcknowledge({ password, mode, onOutcome, onCreationSettled }: PasswordAcknowledgeProps) {
  const t = useT()
  const { client, navigation, request, close, heldLogin, finishLogin } = useModal()
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

  async function createWallets() {
    setSaving(true)
    try {
      await client.embeddedWallets.createLoginWallets({ recoveryPassword: password })
    } catch {
      // The core logged the user out and keeps the error: 'Creating your wallet' shows it and reports the failed login.
      onCreationSettled()
      return navigation.navigate('wallet:creating')
    }
    onCreationSettled()
    // A user new this session goes on to 'Welcome'; otherwise the modal closes (reporting the held login).
    if (heldLogin?.isNewUser) navigation.navigate('wallet:created')
    else if (heldLogin) finishLogin(heldLogin)
    else close()
  }

  return (
    <>
      <ScreenHeader title={t('password.acknowledge.title')} onBack={saving ? undefined : navigation.back} />
      <div ref={body} part="body" className={styles.body}>
        <p className={styles.message}>{t('password.acknowledge.description')}</p>
        <label className={passwordStyles.checkboxRow}>
          <input
            type="checkbox"
            part="password-acknowledge"
            checked={acknowledged}
            disabled={saving}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
          {t('password.acknowledge.checkbox')}
        </label>
        <div className={accessStyles.actions}>
          <button
            type="button"
            part="submit-button"
            className={styles.primaryButton}
            disabled={!acknowledged || saving}
            aria-busy={saving}
            onClick={() => void (mode === 'create' ? createWallets() : setPassword())}
          >
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
