import { useEffect, useRef, useState } from 'react'
import { asTesseraError } from '../as-tessera-error.js'
import { useT } from '../copy/terms.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as access from '../styles/access-screens.css.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../client-slices/config.js'

/**
 * 'One last step' (sign-in spec, "States and transitions": "Terms"; wallet spec, "Screens and routes": "Affirmative consent"): accepting records it and
 * completes the held-back login; declining, or closing the modal here, logs out.
 */
export default function TermsScreen() {
  const t = useT()
  const { client, close, heldLogin, finishLogin, showError } = useModal()
  const { config } = useConfigState(client)
  const { termsAndConditionsUrl: terms, privacyPolicyUrl: privacy } = config.legal
  const [busy, setBusy] = useState(false)
  // Set once the user answered: leaving without an answer (the close button) counts as declining.
  const answered = useRef(false)
  useEffect(
    () => () => {
      if (!answered.current) void client.logout().catch(() => {})
    },
    [client],
  )

  const accept = async () => {
    setBusy(true)
    answered.current = true
    try {
      const user = await client.acceptTerms()
      finishLogin({ user, isNewUser: heldLogin?.isNewUser ?? false })
    } catch (caught) {
      setBusy(false)
      showError(asTesseraError(caught))
    }
  }
  const decline = async () => {
    setBusy(true)
    answered.current = true
    // Logout ignores server failures (sign-in spec, "States and transitions": "Logout"), so the modal always closes.
    await client.logout().catch(() => {})
    close()
  }

  return (
    <>
      <ScreenHeader title={t('terms.title')} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('terms.description')}</p>
        {(terms || privacy) && (
          <p className={access.links}>
            {terms && (
              <a href={terms} target="_blank" rel="noopener noreferrer">
                {t('terms.viewTerms')}
              </a>
            )}
            {privacy && (
              <a href={privacy} target="_blank" rel="noopener noreferrer">
                {t('terms.viewPrivacy')}
              </a>
            )}
          </p>
        )}
        <div className={access.actions}>
          <button type="button" part="terms-accept" className={styles.primaryButton} onClick={accept} disabled={busy}>
            {t('terms.accept')}
          </button>
          <button type="button" part="terms-decline" className={access.secondaryButton} onClick={decline} disabled={busy}>
            {t('terms.decline')}
          </button>
        </div>
      </div>
    </>
  )
}
