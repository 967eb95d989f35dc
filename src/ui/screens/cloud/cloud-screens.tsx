/**
 * Cloud backup and recovery (wallet spec, "Screens and routes" and "States and transitions": "Recovery with a cloud provider"): 'Backing up with' or
 * 'Recovering with' the provider, then success (the modal closes after a short delay) or failure with 'Try again'.
 * A recovery first asks 'Confirm it's really you': its button's click opens the provider's window. A backup starts
 * at once: the recovery selection's row started it (cloud-task.ts). A backup that creates a login's wallets (the app
 * requires a user-owned recovery) moves on after its success to the wallet-created screen (a new user) or ends the login.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CloudRecoveryProvider, User } from '../../../core/index.js'
import { useT } from '../../copy/cloud-recovery.js'
import { useModal } from '../../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../../modal-timing.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { announceRecoverySet, awaitsRecoveryToCreate, recoveryOptionsOf } from '../password/flow.js'
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { forgetCloudTask, startedCloudTask } from './cloud-task.js'

type Phase = 'confirm' | 'working' | 'done' | { failed: unknown }
type Kind = 'backup' | 'recovery'

const messageOf = (error: unknown) => (typeof error === 'object' && error !== null && 'shortMessage' in error ? String(error.shortMessage) : null)

/** Follows one backup or recovery: each run starts inside a click (or is the one the previous screen's click started). */
function useCloudRun(started: Promise<unknown> | null, onDone: (result: unknown) => void, onFailed: (error: unknown) => void = () => undefined) {
  const [phase, setPhase] = useState<Phase>(started ? 'working' : 'confirm')
  const follow = (result: Promise<unknown>) => {
    setPhase('working')
    result.then(
      (value) => {
        setPhase('done')
        onDone(value)
      },
      (error: unknown) => {
        setPhase({ failed: error })
        onFailed(error)
      },
    )
  }
  const first = useRef(started)
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only: the first run is followed once
  useEffect(() => {
    if (first.current) follow(first.current)
    first.current = null
  }, [])
  return { phase, follow }
}

/** `onFinished`: what follows the success message after its delay (default: the modal closes). */
function CloudProgress({
  kind,
  provider,
  phase,
  onRun,
  onFinished,
}: {
  kind: Kind
  provider: CloudRecoveryProvider
  phase: Phase
  onRun(): void
  onFinished?(): void
}) {
  const t = useT()
  const { close } = useModal()
  const name = t(`cloud.provider.${provider}`)
  const finish = onFinished ?? close
  useEffect(() => {
    if (phase !== 'done') return
    const timer = setTimeout(finish, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [phase, finish])

  if (phase === 'confirm')
    return (
      <>
        <ScreenHeader title={kind === 'backup' ? t('cloud.backup.title', { provider: name }) : t('cloud.confirm.title')} />
        <div part="body" className={`${styles.body} ${styles.centred}`}>
          {kind === 'recovery' && <p className={styles.message}>{t('cloud.confirm.detail', { provider: name })}</p>}
          <button type="button" part="submit-button cloud-confirm" className={styles.primaryButton} onClick={onRun}>
            {t('cloud.confirm.submit', { provider: name })}
          </button>
        </div>
      </>
    )
  if (phase === 'working')
    return (
      <>
        <ScreenHeader title={kind === 'backup' ? t('cloud.backingUp') : t('cloud.recovering')} />
        <div part="body" className={`${styles.body} ${styles.centred}`}>
          <p role="status" part="cloud-working" aria-busy="true" className={styles.message}>
            {name}
          </p>
          {kind === 'recovery' && <p className={styles.message}>{t('cloud.confirm.detail', { provider: name })}</p>}
        </div>
      </>
    )
  if (phase === 'done')
    return (
      <>
        <ScreenHeader title={name} />
        <div part="body" className={`${styles.body} ${styles.centred}`}>
          <p role="status" part="cloud-done" className={styles.message}>
            {kind === 'backup' ? t('cloud.backedUp', { provider: name }) : t('cloud.recovered', { provider: name })}
          </p>
        </div>
      </>
    )
  const detail = messageOf(phase.failed)
  return (
    <>
      <ScreenHeader title={kind === 'backup' ? t('cloud.backupFailed', { provider: name }) : t('cloud.recoveryFailed', { provider: name })} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        {detail && (
          <p role="alert" part="error cloud-error" className={styles.errorText}>
            {detail}
          </p>
        )}
        <button type="button" part="retry-button" className={styles.primaryButton} onClick={onRun}>
          {t('cloud.retry')}
        </button>
      </div>
    </>
  )
}

/**
 * 'Backing up with {provider}': the row's click started it; 'Try again' starts it again in its own click. Opened
 * without that click (a host's `start`), it asks for one first: the provider's window opens only inside a click.
 */
function CloudBackup() {
  const { client } = useModal()
  const [task] = useState(startedCloudTask)
  // Opened on its own while a login's creation waits (the app's only method is this provider): it creates the wallets.
  const [creating] = useState(() => task?.creating ?? (!task && awaitsRecoveryToCreate(client.embeddedWallets.getState())))
  useEffect(() => () => forgetCloudTask(task), [task])
  const provider = task?.provider ?? 'google-drive'
  const started = task?.result ?? null
  return creating ? <CloudBackupCreating provider={provider} started={started} /> : <CloudBackupSetting provider={provider} started={started} />
}

/** The backup that moves existing wallets to the provider (`setRecovery`). */
function CloudBackupSetting({ provider, started }: { provider: CloudRecoveryProvider; started: Promise<unknown> | null }) {
  const { client, request } = useModal()
  const anchor = useRef<HTMLSpanElement>(null)
  const { phase, follow } = useCloudRun(started, (user) => announceRecoverySet(anchor.current, { user: user as User, recoveryMethod: provider }))
  return (
    <>
      <span ref={anchor} hidden />
      <CloudProgress
        kind="backup"
        provider={provider}
        phase={phase}
        onRun={() => follow(client.embeddedWallets.setRecovery({ method: provider }, recoveryOptionsOf(request)))}
      />
    </>
  )
}

/**
 * The backup that creates the login's wallets (wallet spec, "States and transitions"): a refused consent can be tried again; a failed
 * creation (the core logged the user out) goes to 'Creating your wallet', which reports it; leaving before the
 * wallets exist ends the login, as in create-with-password.
 */
function CloudBackupCreating({ provider, started }: { provider: CloudRecoveryProvider; started: Promise<unknown> | null }) {
  const { client, navigation, heldLogin, finishLogin, close } = useModal()
  const settled = useRef(false)
  useEffect(() => () => void (settled.current || client.logout()), [client])
  const { phase, follow } = useCloudRun(
    started,
    () => void (settled.current = true),
    () => {
      if (awaitsRecoveryToCreate(client.embeddedWallets.getState())) return
      settled.current = true
      navigation.navigate('wallet:creating')
    },
  )
  // A user new this session goes on to 'Welcome'; otherwise the login ends (or, without one, the modal closes).
  const finished = useCallback(
    () => (heldLogin?.isNewUser ? navigation.navigate('wallet:created') : heldLogin ? finishLogin(heldLogin) : close()),
    [heldLogin, navigation, finishLogin, close],
  )
  return (
    <CloudProgress
      kind="backup"
      provider={provider}
      phase={phase}
      onRun={() => follow(client.embeddedWallets.createLoginWallets({ recoveryMethod: 'google-drive' }))}
      onFinished={finished}
    />
  )
}

/** 'Confirm it's really you' with 'Confirm with {provider}': the click opens the provider's window and recovers. */
function CloudRecovery() {
  const { client } = useModal()
  const provider = 'google-drive'
  const { phase, follow } = useCloudRun(null, () => undefined)
  return <CloudProgress kind="recovery" provider={provider} phase={phase} onRun={() => follow(client.embeddedWallets.recover({ method: provider }))} />
}

export default function CloudScreens({ screen }: { screen: WalletFlowScreen }) {
  return screen === 'cloud:confirm' ? <CloudRecovery /> : <CloudBackup />
}
