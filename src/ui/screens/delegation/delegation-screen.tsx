/**
 * Delegated wallets (wallet spec, "Screens and routes": "Cross-app and delegation"; "States and transitions": "Delegated wallets"). 'delegation:consent' asks
 * whether the app may sign with one wallet while the user is offline ('Accept' / 'Not now'); accepting runs the
 * delegation (pending, MFA over it when enrolled), then success, which closes after the shared delay, or the error
 * with 'Try again'. 'delegation:revoke' is its own view ('Confirm' / 'Deny') that ends every delegation.
 */
import { useEffect, useState } from 'react'
import { TesseraError } from '../../../core/index.js'
import { useT } from '../../copy/delegation.js'
import { useModal } from '../../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../../modal-timing.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'

type Phase = { step: 'asking' } | { step: 'pending' } | { step: 'done' } | { step: 'failed'; message: string }

const addressStyle = { fontFamily: 'ui-monospace, monospace' } as const

/** 0x1234…abcd: enough to recognise the wallet (the full address is in the title attribute). */
const shortAddress = (address: string) => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)

const failureMessage = (t: ReturnType<typeof useT>, error: unknown) => (TesseraError.is(error) ? error.shortMessage : t('delegation.error.title'))

function DelegationNotOwned() {
  const t = useT()
  return (
    <>
      <ScreenHeader title={t('delegation.error.title')} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <p role="alert" part="delegation-error" className={styles.errorText}>
          {t('delegation.notOwned')}
        </p>
      </div>
    </>
  )
}

const delegationTitle = (t: ReturnType<typeof useT>, revoke: boolean, phase: Phase) =>
  phase.step === 'done'
    ? t(revoke ? 'delegation.revoke.success.title' : 'delegation.success.title')
    : phase.step === 'failed'
      ? t('delegation.error.title')
      : t(revoke ? 'delegation.revoke.title' : 'delegation.consent.title')

/** What the user is asked: to revoke every delegation, or to delegate the one wallet (`address`). */
function DelegationQuestion({ revoke, app, address }: { revoke: boolean; app: string; address: string | undefined }) {
  const t = useT()
  if (revoke || address === undefined) return <p className={styles.message}>{t('delegation.revoke.body', { app })}</p>
  return (
    <>
      <p className={styles.message}>{t('delegation.consent.body', { app })}</p>
      <p className={styles.message}>
        <span className={styles.label}>{t('delegation.consent.wallet')} </span>
        <span part="delegation-address" title={address} style={addressStyle}>
          {shortAddress(address)}
        </span>
      </p>
      <p className={styles.message}>{t('delegation.consent.custody', { app })}</p>
      <p className={styles.message}>{t('delegation.consent.revocable')}</p>
    </>
  )
}

export function DelegationScreen({ revoke }: { revoke: boolean }) {
  const t = useT()
  const { client, request, close } = useModal()
  const { appName } = useConfigState(client).config
  const app = appName || t('delegation.thisApp')
  const [phase, setPhase] = useState<Phase>({ step: 'asking' })
  const asked = request.intent === 'wallet' ? request.address : undefined
  const wallets = client.embeddedWallets.getState().wallets
  const wallet = revoke
    ? null
    : (wallets.find((candidate) => asked !== undefined && candidate.address.toLowerCase() === asked.toLowerCase()) ??
      (asked === undefined ? wallets[0] : undefined))

  useEffect(() => {
    if (phase.step !== 'done') return
    const timer = setTimeout(close, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [phase.step, close])

  const run = () => {
    setPhase({ step: 'pending' })
    const action = revoke
      ? client.embeddedWallets.revokeWallets()
      : client.embeddedWallets.delegateWallet({ address: wallet!.address, chainType: wallet!.chainType })
    action.then(
      () => setPhase({ step: 'done' }),
      (error: unknown) => setPhase({ step: 'failed', message: failureMessage(t, error) }),
    )
  }

  if (!revoke && !wallet) return <DelegationNotOwned />
  return (
    <>
      <ScreenHeader title={delegationTitle(t, revoke, phase)} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        {phase.step === 'asking' && <DelegationQuestion revoke={revoke} app={app} address={wallet?.address} />}
        <div role="status" aria-live="polite" className={styles.centred}>
          {phase.step === 'pending' && (
            <p aria-busy="true" className={styles.message}>
              {t(revoke ? 'delegation.revoke.pending' : 'delegation.pending')}
            </p>
          )}
          {phase.step === 'done' && (
            <p part="delegation-done" className={styles.message}>
              {t(revoke ? 'delegation.revoke.success' : 'delegation.success', { app })}
            </p>
          )}
        </div>
        {phase.step === 'failed' && (
          <p role="alert" part="delegation-error" className={styles.errorText}>
            {phase.message}
          </p>
        )}
        {phase.step === 'asking' && (
          <>
            <button type="button" part="submit-button delegation-accept" className={styles.primaryButton} onClick={run}>
              {t(revoke ? 'delegation.confirm' : 'delegation.accept')}
            </button>
            <button type="button" part="delegation-decline" className={styles.linkButton} onClick={close}>
              {t(revoke ? 'delegation.deny' : 'delegation.notNow')}
            </button>
          </>
        )}
        {phase.step === 'failed' && (
          <button type="button" part="submit-button retry-button" className={styles.primaryButton} onClick={run}>
            {t('delegation.retry')}
          </button>
        )}
      </div>
    </>
  )
}
