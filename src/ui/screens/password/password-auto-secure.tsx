import { useEffect, useRef, useState } from 'react'
import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../../modal-timing.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { announceRecoverySet, recoveryOptionsOf, startedAutomatically } from './flow.js'
import * as passwordStyles from './password.css.js'

type Phase = 'idle' | 'saving' | 'done' | 'failed'

/** 'Automatically secure your account' (wallet spec, "Screens and routes"): Confirm sets automatic (privy) recovery, then 'Success'. */
export function PasswordAutoSecure() {
  const t = useT()
  const { client, request, close } = useModal()
  const [phase, setPhase] = useState<Phase>('idle')
  const body = useRef<HTMLDivElement>(null)
  const closesItself = phase === 'done' && startedAutomatically(request)
  useEffect(() => {
    if (!closesItself) return
    const timer = setTimeout(close, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [closesItself, close])

  async function confirm() {
    setPhase('saving')
    try {
      const user = await client.embeddedWallets.setRecovery({ method: 'privy' }, recoveryOptionsOf(request))
      setPhase('done')
      announceRecoverySet(body.current, { user, recoveryMethod: 'privy' })
    } catch {
      setPhase('failed')
    }
  }

  const title = phase === 'done' ? t('password.done.success') : phase === 'failed' ? t('password.done.failure') : t('password.autoSecure.title')
  return (
    <>
      <ScreenHeader title={title} />
      <div ref={body} part="body" className={`${styles.body} ${styles.centred}`}>
        <p role="status" className={styles.message}>
          {phase === 'done'
            ? t('password.done.successDescription')
            : phase === 'failed'
              ? t('password.done.failureDescription')
              : t('password.autoSecure.description')}
        </p>
        <div className={passwordStyles.stretchedActions}>
          {phase === 'done' ? (
            <button type="button" part="close-action" className={styles.primaryButton} onClick={close}>
              {t('password.done.close')}
            </button>
          ) : (
            <button
              type="button"
              part="submit-button"
              className={styles.primaryButton}
              disabled={phase === 'saving'}
              aria-busy={phase === 'saving'}
              onClick={() => void confirm()}
            >
              {phase === 'failed' ? t('password.done.retry') : t('password.autoSecure.submit')}
            </button>
          )}
        </div>
      </div>
    </>
  )
}
