import { useState } from 'react'
import type { TesseraError } from '../../../core/index.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { useT } from '../../copy/mfa.js'
import { useLocale } from '../../copy/translator.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { EnrolmentError } from './mfa-enrolment-result.js'
import { addedOn, passkeysOf, useUser, type PasskeyAccount } from './mfa-state.js'

/** 'Your passkeys' shows this many, then 'View all' (wallet spec, "Screens and routes"). */
const PASSKEYS_SHOWN = 2

/**
 * 'Set up passkey verification' (wallet spec, "Screens and routes": "Manage passkeys"): 'Add new passkey' links one and makes every
 * passkey of the user an MFA factor; 'Your passkeys' lists the first two with 'View all'; 'Passkeys updated' on success.
 */
export function MfaEnrollPasskey() {
  const t = useT()
  const { client, navigation } = useModal()
  const user = useUser(client)
  const passkeys = passkeysOf(user)
  const [status, setStatus] = useState<'idle' | 'working' | 'updated'>('idle')
  const [error, setError] = useState<TesseraError | null>(null)

  const enrolAll = async (linkFirst: boolean) => {
    setStatus('working')
    setError(null)
    try {
      const linked = linkFirst ? await client.auth.passkey.link() : user
      await client.mfa.enrollPasskeys(passkeysOf(linked).map((passkey) => passkey.credentialId))
      setStatus('updated')
    } catch (caught) {
      setError(asTesseraError(caught))
      setStatus('idle')
    }
  }
  const unenrolled = passkeys.some((passkey) => !passkey.enrolledInMfa)

  return (
    <>
      <ScreenHeader title={t('mfa.passkeys.title')} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('mfa.passkeys.description')}</p>
        <p className={styles.label}>{t('mfa.passkeys.list')}</p>
        <PasskeyList passkeys={passkeys.slice(0, PASSKEYS_SHOWN)} />
        {passkeys.length > PASSKEYS_SHOWN && (
          <button type="button" part="mfa-view-all" className={styles.linkButton} onClick={() => navigation.navigate('mfa:passkeys')}>
            {t('mfa.passkeys.viewAll')}
          </button>
        )}
        {status === 'updated' && (
          <p role="status" part="mfa-enrolled" className={styles.message}>
            {t('mfa.passkeys.updated')}
          </p>
        )}
        {status === 'working' && (
          <p role="status" part="mfa-status" className={styles.message}>
            {t('mfa.passkeys.working')}
          </p>
        )}
        {error && <EnrolmentError error={error} />}
        <button
          type="button"
          part="submit-button mfa-add-passkey"
          className={styles.primaryButton}
          disabled={status === 'working'}
          onClick={() => void enrolAll(true)}
        >
          {t('mfa.passkeys.add')}
        </button>
        {unenrolled && (
          <button type="button" part="mfa-use-passkeys" className={styles.linkButton} disabled={status === 'working'} onClick={() => void enrolAll(false)}>
            {t('mfa.passkeys.useExisting')}
          </button>
        )}
      </div>
    </>
  )
}

/** 'View all': every passkey of the user. */
export function MfaPasskeys() {
  const t = useT()
  const { client, navigation } = useModal()
  return (
    <>
      <ScreenHeader title={t('mfa.passkeys.list')} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <PasskeyList passkeys={passkeysOf(useUser(client))} />
      </div>
    </>
  )
}

function PasskeyList({ passkeys }: { passkeys: PasskeyAccount[] }) {
  const t = useT()
  const locale = useLocale()
  if (passkeys.length === 0) return <p className={styles.message}>{t('mfa.passkeys.none')}</p>
  return (
    <ul part="mfa-passkeys" className={landingStyles.methodList} aria-label={t('mfa.passkeys.list')}>
      {passkeys.map((passkey) => (
        <li key={passkey.credentialId} part="mfa-passkey" className={landingStyles.labelRow}>
          <span>
            {passkey.authenticatorName ?? t('mfa.passkeys.name')}
            <br />
            <span className={styles.label}>{t('mfa.passkeys.addedOn', { date: addedOn(passkey.firstVerifiedAt ?? passkey.verifiedAt, locale) })}</span>
          </span>
          {passkey.enrolledInMfa && (
            <span part="mfa-enabled" className={landingStyles.recentChip}>
              {t('mfa.passkeys.enrolled')}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
